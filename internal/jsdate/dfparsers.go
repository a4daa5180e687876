package jsdate

import (
	"math"
	"strconv"

	"github.com/sluice-dev/sluice/internal/lazyre"
)

// Token parsers of date-fns 4.1.0 parse (parse/_lib/parsers/*.js).

var (
	reMonthNum   = lazyre.New(`^(1[0-2]|0?\d)`)
	reDateNum    = lazyre.New(`^(3[0-1]|[0-2]?\d)`)
	reHour23     = lazyre.New(`^(2[0-3]|[0-1]?\d)`)
	reHour24     = lazyre.New(`^(2[0-4]|[0-1]?\d)`)
	reHour11     = lazyre.New(`^(1[0-1]|0?\d)`)
	reHour12     = lazyre.New(`^(1[0-2]|0?\d)`)
	reMinSec     = lazyre.New(`^[0-5]?\d`)
	reTZBasicOpt = lazyre.New(`^([+-])(\d{2})(\d{2})?|Z`)
	reTZBasic    = lazyre.New(`^([+-])(\d{2})(\d{2})|Z`)
	reTZBasicSec = lazyre.New(`^([+-])(\d{2})(\d{2})((\d{2}))?|Z`)
	reTZExt      = lazyre.New(`^([+-])(\d{2}):(\d{2})|Z`)
	reTZExtSec   = lazyre.New(`^([+-])(\d{2}):(\d{2})(:(\d{2}))?|Z`)
)

// pow10neg[k] is V8's Math.pow(10, -k) (not always the nearest double).
var pow10neg = [...]uint64{0x3ff0000000000000, 0x3fb999999999999a, 0x3f847ae147ae147b,
	0x3f50624dd2f1a9fc, 0x3f1a36e2eb1c432c, 0x3ee4f8b588e368f0, 0x3eb0c6f7a0b5ed8d,
	0x3e7ad7f29abcaf48, 0x3e45798ee2308c3a, 0x3e112e0be826d695, 0x3ddb7cdfd9d7bdbb,
	0x3da5fd7fe1796495, 0x3d719799812dea11, 0x3d3c25c268497682, 0x3d06849b86a12b9b,
	0x3cd203af9ee75616, 0x3c9cd2b297d889bc, 0x3c670ef54646d496, 0x3c32725dd1d243ac,
	0x3bfd83c94fb6d2ac, 0x3bc79ca10c924224}

func parseIntDigits(s string) float64 {
	f, _ := strconv.ParseFloat(s, 64)
	return f
}

// numericPattern applies one of date-fns' numericPatterns.
func numericPattern(re lazyre.Regexp, s string) (float64, string, bool) {
	loc := re().FindStringIndex(s)
	if loc == nil {
		return 0, s, false
	}
	return parseIntDigits(s[:loc[1]]), s[loc[1]:], true
}

// nDigits is parseNDigits / parseNDigitsSigned: /^-?\d{1,n}/.
func nDigits(n int, signed bool, s string) (float64, string, bool) {
	i := 0
	if signed && i < len(s) && s[i] == '-' {
		i++
	}
	j := i
	for j < len(s) && j-i < n && isDigit(s[j]) {
		j++
	}
	if j == i {
		return 0, s, false
	}
	return parseIntDigits(s[:j]), s[j:], true
}

// anyDigitsSigned is /^-?\d+/.
func anyDigitsSigned(s string) (float64, string, bool) {
	return nDigits(len(s), true, s)
}

// tzPattern is parseTimezonePattern: the offset in ms. Note the
// unanchored "|Z" alternative: a Z anywhere matches and drops ONE char.
func tzPattern(re lazyre.Regexp, s string) (float64, string, bool) {
	m := re().FindStringSubmatchIndex(s)
	if m == nil {
		return 0, s, false
	}
	if s[m[0]:m[1]] == "Z" {
		return 0, s[1:], true
	}
	sign := 1.0
	if s[m[2]] == '-' {
		sign = -1
	}
	part := func(g int) float64 {
		if m[2*g] < 0 {
			return 0
		}
		return parseIntDigits(s[m[2*g]:m[2*g+1]])
	}
	secGroup := 0.0
	if len(m) > 10 {
		secGroup = part(5)
	}
	v := sign * (part(2)*msPerHour + part(3)*msPerMinute + secGroup*msPerSecond)
	return v, s[m[1]:], true
}

func tzRegexp(tok string) lazyre.Regexp {
	switch len(tok) {
	case 1:
		return reTZBasicOpt
	case 2:
		return reTZBasic
	case 4:
		return reTZBasicSec
	case 5:
		return reTZExtSec
	}
	return reTZExt
}

// runParser is Parser.parse for one token; ok false means "no match".
func runParser(tok, s string) (v float64, two bool, rest string, ok bool) {
	n := len(tok)
	ordinal := n == 2 && tok[1] == 'o'
	if ordinal {
		v, rest, ok = matchOrdinal(s)
		switch tok[0] {
		case 'M', 'L':
			v-- // months are 0-based
		case 'e', 'c':
			v = localDayValue(v)
		}
		return v, false, rest, ok
	}
	if v, two, rest, ok, handled := runWeekParser(tok, s); handled {
		return v, two, rest, ok
	}
	switch tok[0] {
	case 'G':
		v, rest, ok = parseEra(tok, s)
	case 'y':
		if n == 1 {
			n = 4
		}
		v, rest, ok = nDigits(n, false, s)
		two = tok == "yy"
	case 'u':
		if n == 1 {
			n = 4
		}
		v, rest, ok = nDigits(n, true, s)
	case 'Q', 'q':
		v, rest, ok = parseQuarter(tok, s)
	case 'M', 'L':
		v, rest, ok = parseMonth(tok, s)
	case 'd':
		v, rest, ok = numberOrDigits(reDateNum, tok, s)
	case 'D':
		v, rest, ok = nDigits(n, false, s) // D and DD throw before parsing
	case 'E':
		v, rest, ok = parseDay(tok, s)
	case 'a', 'b', 'B':
		v, rest, ok = parseDayPeriod(tok, s)
	case 'h':
		v, rest, ok = numberOrDigits(reHour12, tok, s)
	case 'H':
		v, rest, ok = numberOrDigits(reHour23, tok, s)
	case 'K':
		v, rest, ok = numberOrDigits(reHour11, tok, s)
	case 'k':
		v, rest, ok = numberOrDigits(reHour24, tok, s)
	case 'm', 's':
		v, rest, ok = numberOrDigits(reMinSec, tok, s)
	case 'S':
		v, rest, ok = nDigits(n, false, s)
		v = math.Trunc(v * fractionScale(n))
	case 'X', 'x':
		v, rest, ok = tzPattern(tzRegexp(tok), s)
	case 't', 'T':
		v, rest, ok = anyDigitsSigned(s)
	}
	return v, two, rest, ok
}

// numberOrDigits: a single letter uses the numeric pattern, longer tokens
// parseNDigits(len).
func numberOrDigits(re lazyre.Regexp, tok, s string) (float64, string, bool) {
	if len(tok) == 1 {
		return numericPattern(re, s)
	}
	return nDigits(len(tok), false, s)
}

// fractionScale is Math.pow(10, -n + 3).
func fractionScale(n int) float64 {
	switch k := n - 3; {
	case k <= 0:
		return pow10(-k)
	case k < len(pow10neg):
		return math.Float64frombits(pow10neg[k])
	}
	return math.Pow(10, float64(3-n))
}
