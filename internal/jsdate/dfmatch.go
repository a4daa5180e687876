package jsdate

import (
	"strings"

	"github.com/sluice-dev/sluice/internal/lazyre"
)

// en-US `match` functions of date-fns 4.1.0 (locale/en-US/_lib/match.js).
// The patterns are ASCII and case-insensitive: they run on an
// ASCII-lower-cased copy of the input (same byte length), which matches
// JS's non-Unicode /i exactly. JS \s is spelled out as jsSpace.

const jsSpace = `[\t\n\v\f\r \x{a0}\x{1680}\x{2000}-\x{200a}\x{2028}\x{2029}\x{202f}\x{205f}\x{3000}\x{feff}]`

var (
	reOrdinal       = lazyre.New(`^(\d+)(th|st|nd|rd)?`)
	reEraNarrow     = lazyre.New(`^(b|a)`)
	reEraAbbr       = lazyre.New(`^(b\.?` + jsSpace + `?c\.?|b\.?` + jsSpace + `?c\.?` + jsSpace + `?e\.?|a\.?` + jsSpace + `?d\.?|c\.?` + jsSpace + `?e\.?)`)
	reEraWide       = lazyre.New(`^(before christ|before common era|anno domini|common era)`)
	reQuarterNarrow = lazyre.New(`^[1234]`)
	reQuarterAbbr   = lazyre.New(`^q[1234]`)
	reQuarterWide   = lazyre.New(`^[1234](th|st|nd|rd)? quarter`)
	reMonthNarrow   = lazyre.New(`^[jfmasond]`)
	reMonthAbbr     = lazyre.New(`^(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)`)
	reMonthWide     = lazyre.New(`^(january|february|march|april|may|june|july|august|september|october|november|december)`)
	reDayNarrow     = lazyre.New(`^[smtwf]`)
	reDayShort      = lazyre.New(`^(su|mo|tu|we|th|fr|sa)`)
	reDayAbbr       = lazyre.New(`^(sun|mon|tue|wed|thu|fri|sat)`)
	reDayWide       = lazyre.New(`^(sunday|monday|tuesday|wednesday|thursday|friday|saturday)`)
	rePeriodNarrow  = lazyre.New(`^(a|p|mi|n|(in the|at) (morning|afternoon|evening|night))`)
	rePeriodAny     = lazyre.New(`^([ap]\.?` + jsSpace + `?m\.?|midnight|noon|(in the|at) (morning|afternoon|evening|night))`)
)

// lowerASCII lower-cases A-Z only.
func lowerASCII(s string) string {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= 'A' && c <= 'Z' {
			b := []byte(s)
			for j := i; j < len(b); j++ {
				if b[j] >= 'A' && b[j] <= 'Z' {
					b[j] += 'a' - 'A'
				}
			}
			return string(b)
		}
	}
	return s
}

// matchPrefix returns the length of re's match on the lower-cased input.
func matchPrefix(re lazyre.Regexp, lower string) int {
	loc := re().FindStringIndex(lower)
	if loc == nil {
		return -1
	}
	return loc[1]
}

// matchOrdinal is match.ordinalNumber: digits with an optional suffix.
func matchOrdinal(s string) (float64, string, bool) {
	n := matchPrefix(reOrdinal, lowerASCII(s))
	if n < 0 {
		return 0, s, false
	}
	j := 0
	for j < len(s) && isDigit(s[j]) {
		j++
	}
	return parseIntDigits(s[:j]), s[n:], true
}

// matchFirst tries the patterns in order and maps the matched (lower-case)
// text to a value.
func matchFirst(s string, value func(string) float64, res ...lazyre.Regexp) (float64, string, bool) {
	lower := lowerASCII(s)
	for _, re := range res {
		if n := matchPrefix(re, lower); n >= 0 {
			return value(lower[:n]), s[n:], true
		}
	}
	return 0, s, false
}

func eraValue(m string) float64 {
	if strings.HasPrefix(m, "b") {
		return 0
	}
	return 1 // /^(a|c)/ — every other match starts with a or c
}

func quarterValue(m string) float64 {
	for i, d := range "1234" {
		if strings.ContainsRune(m, d) {
			return float64(i + 1)
		}
	}
	return nanTime
}

var monthAnyPrefixes = [12]string{"ja", "f", "mar", "ap", "may", "jun", "jul", "au", "s", "o", "n", "d"}
var monthNarrowPrefixes = [12]string{"j", "f", "m", "a", "m", "j", "j", "a", "s", "o", "n", "d"}
var dayAnyPrefixes = [7]string{"su", "m", "tu", "w", "th", "f", "sa"}
var dayNarrowPrefixes = [7]string{"s", "m", "t", "w", "t", "f", "s"}

func prefixIndex(m string, prefixes []string) float64 {
	for i, p := range prefixes {
		if strings.HasPrefix(m, p) {
			return float64(i)
		}
	}
	return nanTime
}

func monthAnyV(m string) float64    { return prefixIndex(m, monthAnyPrefixes[:]) }
func monthNarrowV(m string) float64 { return prefixIndex(m, monthNarrowPrefixes[:]) }
func dayAnyV(m string) float64      { return prefixIndex(m, dayAnyPrefixes[:]) }
func dayNarrowV(m string) float64   { return prefixIndex(m, dayNarrowPrefixes[:]) }

// dayPeriodValue is the ordered findKey over parseDayPeriodPatterns.any.
func dayPeriodValue(m string) float64 {
	switch {
	case strings.HasPrefix(m, "a"):
		return dpAM
	case strings.HasPrefix(m, "p"):
		return dpPM
	case strings.HasPrefix(m, "mi"):
		return dpMidnight
	case strings.HasPrefix(m, "no"):
		return dpNoon
	case strings.Contains(m, "morning"):
		return dpMorning
	case strings.Contains(m, "afternoon"):
		return dpAfternoon
	case strings.Contains(m, "evening"):
		return dpEvening
	case strings.Contains(m, "night"):
		return dpNight
	}
	return nanTime
}

// dayPeriodHours is dayPeriodEnumToHours.
func dayPeriodHours(p float64) float64 {
	switch p {
	case dpMorning:
		return 4
	case dpEvening:
		return 17
	case dpPM, dpNoon, dpAfternoon:
		return 12
	}
	return 0
}
