package jsdate

import (
	"strings"
	"time"
)

// DateMath evaluates an Elasticsearch-style date-math expression with
// datemath-parser 1.0.6 semantics, as @terascope/core-utils uses it:
// white space is removed and "now" is matched case-insensitively, then the
// expression is `now` or `<anchor>||` (or a bare anchor) followed by
// `+N<unit>`, `-N<unit>` (N defaults to 1, and 0 also means 1) and
// `/<unit>` (round down; `/w` goes to the Monday of the Sunday-based week).
// Units: y Y M w W d D h H m s S. An all-numeric anchor longer than four
// characters is an epoch (10 characters = seconds, otherwise ms). UTC.
func DateMath(expr string, now time.Time) (ms float64, ok bool) {
	return dateMath(normalizeNow(expr), FromTime(now))
}

// dateMath evaluates an already normalized expression.
func dateMath(expr string, now float64) (float64, bool) {
	var t float64
	var math string
	if strings.HasPrefix(expr, "now") {
		t, math = now, expr[3:]
	} else {
		anchor := expr
		if i := strings.Index(expr, "||"); i >= 0 {
			anchor, math = expr[:i], expr[i+2:]
		}
		var ok bool
		if t, ok = parseAnchor(anchor, now); !ok {
			return nanTime, false
		}
	}
	t, ok := evalDateMath(math, t)
	if !ok || !Valid(t) {
		return nanTime, false
	}
	return t, true
}

// normalizeNow removes JS white space and lower-cases every "now".
func normalizeNow(s string) string {
	s = strings.Map(func(r rune) rune {
		if r < 0x80 && isSpaceByte(byte(r)) || isJSSpaceRune(r) {
			return -1
		}
		return r
	}, s)
	for i := 0; i+3 <= len(s); i++ {
		if w := s[i : i+3]; w != "now" && strings.EqualFold(w, "now") {
			s = s[:i] + "now" + s[i+3:]
		}
	}
	return s
}

// parseAnchor is datemath-parser's parseTime; ok is false where it throws.
func parseAnchor(s string, now float64) (float64, bool) {
	if n, isNum := jsStringToNumber(s); len(s) > 4 && isNum {
		if len(s) > 13 {
			return nanTime, false // "Bad timestamp"
		}
		if len(s) == 10 {
			n *= 1000
		}
		return timeClip(n), true
	}
	if s == "" || strings.Trim(s, "0123456789TZ-+:.") != "" {
		return nanTime, false // "Bad time with format"
	}
	return momentAnchor(s, now), true
}

// evalDateMath is datemath-parser's evaluate; ok is false where it throws.
func evalDateMath(expr string, t float64) (float64, bool) {
	val := 0
	for i := 0; i < len(expr); {
		c := expr[i]
		i++
		switch {
		case c == '/':
			var unit byte
			if i < len(expr) {
				unit = expr[i]
			}
			i++
			t = roundDown(t, unit)
		case c == '+' || c == '-':
			var ok bool
			if i, val, ok = readAmount(expr, i); !ok {
				return nanTime, false
			}
			if c == '-' {
				val = -val
			}
		case c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z':
			var ok bool
			if t, ok = addUnit(t, val, c); !ok {
				return nanTime, false
			}
		default:
			return nanTime, false // operator not supported
		}
	}
	return t, true
}

// readAmount reads the digits after a sign; ok is false on truncation.
func readAmount(expr string, i int) (next, val int, ok bool) {
	if i >= len(expr) {
		return i, 0, false
	}
	for isDigit(expr[i]) {
		i++
		if i >= len(expr) {
			return i, 0, false
		}
		val = val*10 + int(expr[i-1]-'0')
		if val > 1e15 {
			val = 1e15 // far beyond any valid date; avoids int overflow
		}
	}
	if val == 0 {
		val = 1
	}
	return i, val, true
}
