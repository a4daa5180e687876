package vjs

import (
	"strings"

	"github.com/sluice-dev/sluice/internal/lazyre"
)

// validator.js's iso8601 regex uses back-references (\3 for the date
// separator, \17 for the time separator) and two look-aheads. It is expanded
// here into RE2 by enumerating the back-referenced values:
//   - \3 is "-" or "" (two date branches);
//   - \17 is ":" only when the hh(:mm) minutes group matched with a colon
//     (then a fraction after hh:mm may not be followed by ":ss", which is what
//     `(?!:)` enforces), otherwise "".
//
// The year look-ahead (?!\d{2}\b) is checked in code (yearLookaheadOK).
const (
	isoSP    = `[T` + jsSpaceClass + `]`
	isoMonth = `(?:0[1-9]|1[0-2])`
	isoDay   = `(?:[12]\d|0[1-9]|3[01])`
	isoWeek  = `W(?:[0-4]\d|5[0-3])`
	isoOrd   = `(?:00[1-9]|0[1-9]\d|[12]\d{2}|3(?:[0-5]\d|6[1-6]))`
	isoFrac  = `(?:[\.,]\d+)`
	isoTZ    = `(?:[zZ]|[\+-](?:[01]\d|2[0-3]):?(?:[0-5]\d)?)`
	isoHour  = `(?:[01]\d|2[0-3])`
	// time with \17 = "" (no minutes colon, or the 24:?00 form, or no hh part)
	isoTime0 = `(?:(?:` + isoHour + `(?:[0-5]\d)?|24:?00)` + isoFrac + `?)?(?:[0-5]\d` + isoFrac + `?)?` + isoTZ + `?`
	// time with \17 = ":"
	isoTime1 = isoHour + `:[0-5]\d(?:` + isoFrac + `|:[0-5]\d` + isoFrac + `?)?` + isoTZ + `?`
	isoDates = `(?:-(?:` + isoMonth + `(?:-` + isoDay + `)?|` + isoWeek + `(?:-?[1-7])?|` + isoOrd + `)` +
		`|(?:` + isoMonth + isoDay + `?|` + isoWeek + `(?:-?[1-7])?|` + isoOrd + `))`
	isoTail = `(?:` + isoDates + `(?:SEP(?:` + isoTime0 + `|` + isoTime1 + `))?)?$`
)

var (
	isoRe       = lazyre.New(`^[\+-]?\d{4}` + replaceSep(isoTail, isoSP))
	isoStrictRe = lazyre.New(`^[\+-]?\d{4}` + replaceSep(isoTail, `T`))
)

func replaceSep(s, sep string) string {
	for i := 0; i+3 <= len(s); i++ {
		if s[i:i+3] == "SEP" {
			return s[:i] + sep + s[i+3:]
		}
	}
	return s
}

// yearLookaheadOK checks (?!\d{2}\b) right after the 4-digit year.
func yearLookaheadOK(s string) bool {
	p := 4
	if s != "" && (s[0] == '+' || s[0] == '-') {
		p = 5
	}
	if len(s) < p+2 || !isDigit(s[p]) || !isDigit(s[p+1]) {
		return true
	}
	return len(s) > p+2 && isWordByte(s[p+2])
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

func isWordByte(c byte) bool {
	return isDigit(c) || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_'
}

// ISO8601Options are validator.isISO8601's options.
type ISO8601Options struct {
	Strict          bool // strict: reject impossible calendar dates
	StrictSeparator bool // strictSeparator: only 'T' between date and time
}

// IsISO8601 is validator.isISO8601.
func IsISO8601(s string, o ISO8601Options) bool {
	re := isoRe
	if o.StrictSeparator {
		re = isoStrictRe
	}
	if !yearLookaheadOK(s) || !re().MatchString(s) {
		return false
	}
	return !o.Strict || isoValidDate(s)
}

// isoValidDate is validator's isValidDate (the `strict` calendar check), with
// V8's `new Date("Y-MM-DD")` behaviour folded in: years below 100 are read by
// the legacy parser as 19xx/20xx and so never compare equal.
func isoValidDate(s string) bool {
	if y, d, ok := isoOrdinal(s); ok {
		if isLeap(y) {
			return d <= 366
		}
		return d <= 365
	}
	i := firstFourDigits(s)
	if i < 0 {
		return true
	}
	y := atoiDigits(s[i : i+4])
	rest := s[i+4:]
	rest = trimOne(rest, '-')
	mLen := min(countDigits(rest), 2)
	m := atoiDigits(rest[:mLen])
	rest = trimOne(rest[mLen:], '-')
	day := strings.TrimLeft(rest[:countDigits(rest)], "0")
	if m == 0 || day == "" {
		return true
	}
	if len(day) > 2 || y < 100 || m > 12 {
		return false
	}
	return atoiDigits(day) <= daysIn(y, m)
}

// isoOrdinal matches /^(\d{4})-?(\d{3})([ T]{1}\.*|$)/.
func isoOrdinal(s string) (year, day int, ok bool) {
	if len(s) < 7 || countDigits(s[:4]) != 4 {
		return 0, 0, false
	}
	rest := trimOne(s[4:], '-')
	if len(rest) < 3 || countDigits(rest[:3]) != 3 {
		return 0, 0, false
	}
	if len(rest) > 3 && rest[3] != ' ' && rest[3] != 'T' {
		return 0, 0, false
	}
	return atoiDigits(s[:4]), atoiDigits(rest[:3]), true
}

func trimOne(s string, c byte) string {
	if s != "" && s[0] == c {
		return s[1:]
	}
	return s
}

func firstFourDigits(s string) int {
	for i := 0; i+4 <= len(s); i++ {
		if countDigits(s[i:i+4]) == 4 {
			return i
		}
	}
	return -1
}

func atoiDigits(s string) int {
	n := 0
	for i := 0; i < len(s); i++ {
		n = n*10 + int(s[i]-'0')
	}
	return n
}

func isLeap(y int) bool { return y%4 == 0 && y%100 != 0 || y%400 == 0 }

func daysIn(y, m int) int {
	switch m {
	case 2:
		if isLeap(y) {
			return 29
		}
		return 28
	case 4, 6, 9, 11:
		return 30
	}
	return 31
}
