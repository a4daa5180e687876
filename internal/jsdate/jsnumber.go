package jsdate

import (
	"math"
	"strconv"
	"strings"
	"unicode/utf8"
)

// jsStringToNumber is JavaScript's Number(string); ok is false for NaN.
func jsStringToNumber(s string) (float64, bool) {
	s = trimJSSpace(s)
	if s == "" {
		return 0, true
	}
	if len(s) > 2 && s[0] == '0' {
		if base := radixOf(s[1]); base != 0 {
			return parseRadix(s[2:], base)
		}
	}
	body := strings.TrimLeft(s[:1], "+-") + s[1:]
	if body == "Infinity" {
		if s[0] == '-' {
			return math.Inf(-1), true
		}
		return math.Inf(1), true
	}
	if !isDecimalLiteral(body) {
		return nanTime, false
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil && !math.IsInf(f, 0) {
		return nanTime, false
	}
	return f, true
}

func radixOf(c byte) int {
	switch c {
	case 'x', 'X':
		return 16
	case 'o', 'O':
		return 8
	case 'b', 'B':
		return 2
	}
	return 0
}

func parseRadix(digits string, base int) (float64, bool) {
	f := 0.0
	for i := 0; i < len(digits); i++ {
		d := hexValue(digits[i])
		if d < 0 || d >= base {
			return nanTime, false
		}
		f = f*float64(base) + float64(d)
	}
	if base == 16 && len(digits) > 13 { // exact rounding for long hex
		f, _ = strconv.ParseFloat("0x"+digits+"p0", 64)
	}
	return f, true
}

func hexValue(c byte) int {
	switch {
	case c >= '0' && c <= '9':
		return int(c - '0')
	case c >= 'a' && c <= 'f':
		return int(c-'a') + 10
	case c >= 'A' && c <= 'F':
		return int(c-'A') + 10
	}
	return -1
}

// isDecimalLiteral checks StrUnsignedDecimalLiteral syntax (no sign).
func isDecimalLiteral(s string) bool {
	i, digits := 0, 0
	for i < len(s) && isDigit(s[i]) {
		i, digits = i+1, digits+1
	}
	if i < len(s) && s[i] == '.' {
		i++
		for i < len(s) && isDigit(s[i]) {
			i, digits = i+1, digits+1
		}
	}
	if digits == 0 {
		return false
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		start := i
		for i < len(s) && isDigit(s[i]) {
			i++
		}
		if i == start {
			return false
		}
	}
	return i == len(s)
}

// trimJSSpace trims JS white space and line terminators from both ends.
func trimJSSpace(s string) string {
	return strings.TrimFunc(s, isJSSpace)
}

func isJSSpace(r rune) bool {
	if r < utf8.RuneSelf {
		return isSpaceByte(byte(r))
	}
	return isJSSpaceRune(r)
}

// FormatNumber is JavaScript's Number.prototype.toString() (radix 10).
func FormatNumber(f float64) string {
	switch {
	case math.IsNaN(f):
		return "NaN"
	case math.IsInf(f, 1):
		return "Infinity"
	case math.IsInf(f, -1):
		return "-Infinity"
	case f == 0:
		return "0"
	}
	if f == math.Trunc(f) && math.Abs(f) < 1e21 {
		return strconv.FormatFloat(f, 'f', -1, 64)
	}
	digits := strconv.FormatFloat(math.Abs(f), 'e', -1, 64) // d.ddde±x
	mant, expStr, _ := strings.Cut(digits, "e")
	exp, _ := strconv.Atoi(expStr)
	mant = strings.Replace(mant, ".", "", 1)
	sign := ""
	if f < 0 {
		sign = "-"
	}
	return sign + jsDigits(mant, exp+1)
}

// jsDigits lays out the shortest digits with decimal exponent n (value =
// 0.digits × 10^n) per Number::toString.
func jsDigits(d string, n int) string {
	k := len(d)
	switch {
	case k <= n && n <= 21:
		return d + strings.Repeat("0", n-k)
	case 0 < n && n <= 21:
		return d[:n] + "." + d[n:]
	case -6 < n && n <= 0:
		return "0." + strings.Repeat("0", -n) + d
	}
	e := n - 1
	es := "+" + strconv.Itoa(e)
	if e < 0 {
		es = strconv.Itoa(e)
	}
	if k == 1 {
		return d + "e" + es
	}
	return d[:1] + "." + d[1:] + "e" + es
}

func itoa(n int) string { return strconv.Itoa(n) }
