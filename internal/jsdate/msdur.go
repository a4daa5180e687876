package jsdate

import (
	"strconv"
	"strings"
)

// msDuration is the `ms` package (2.1.3) parse: "2 days", "1h", "-3d",
// "1.5 hours", "100" (plain ms). ok is false where ms returns undefined.
func msDuration(s string) (float64, bool) {
	if len(s) > 100 {
		return 0, false
	}
	num, unit := splitMsNumber(s)
	if num == "" {
		return 0, false
	}
	unit = strings.TrimLeft(unit, " ")
	n, err := strconv.ParseFloat(num, 64)
	if err != nil {
		return 0, false
	}
	mult, ok := msUnit(strings.ToLower(unit))
	if !ok {
		return 0, false
	}
	return n * mult, true
}

// splitMsNumber matches the /^(-?(?:\d+)?\.?\d+)/ prefix.
func splitMsNumber(s string) (num, rest string) {
	i := 0
	if i < len(s) && s[i] == '-' {
		i++
	}
	j := i
	for j < len(s) && (isDigit(s[j]) || s[j] == '.') {
		j++
	}
	body := s[i:j]
	// the regex backtracks, so the number is the longest prefix of body of
	// the form \d*\.?\d+ ; anything after it is the unit part
	for k := len(body); k > 0; k-- {
		if isMsNumber(body[:k]) {
			return s[:i+k], s[i+k:]
		}
	}
	return "", s
}

func isMsNumber(b string) bool {
	dot := strings.IndexByte(b, '.')
	if dot >= 0 && strings.IndexByte(b[dot+1:], '.') >= 0 {
		return false
	}
	return b[len(b)-1] != '.'
}

func msUnit(u string) (float64, bool) {
	const s, m, h, d = 1000.0, 60000.0, 3600000.0, 86400000.0
	switch u {
	case "years", "year", "yrs", "yr", "y":
		return d * 365.25, true
	case "weeks", "week", "w":
		return d * 7, true
	case "days", "day", "d":
		return d, true
	case "hours", "hour", "hrs", "hr", "h":
		return h, true
	case "minutes", "minute", "mins", "min", "m":
		return m, true
	case "seconds", "second", "secs", "sec", "s":
		return s, true
	case "milliseconds", "millisecond", "msecs", "msec", "ms", "":
		return 1, true
	}
	return 0, false
}
