package vjs

import (
	"math"

	"github.com/sluice-dev/sluice/internal/lazyre"
)

// IntOptions are validator.isInt's options. Bounds use JS relational
// coercion against the input string (a string bound compares
// lexicographically, a number bound numerically); an unset or null bound is
// ignored.
type IntOptions struct {
	DisallowLeadingZeroes bool // allow_leading_zeroes === false
	Min, Max, Lt, Gt      Bound
}

// isIntSyntax checks /^[-+]?[0-9]+$/, or /^[-+]?(0|[1-9][0-9]*)$/ when
// leading zeroes are disallowed.
func isIntSyntax(s string, noLeadingZero bool) bool {
	if s != "" && (s[0] == '+' || s[0] == '-') {
		s = s[1:]
	}
	if s == "" || countDigits(s) != len(s) {
		return false
	}
	return !noLeadingZero || s[0] != '0' || len(s) == 1
}

func boundOK(s string, b Bound, op relOp) bool {
	if !b.Set || b.Val == nil {
		return true
	}
	c, ok := compareJS(s, b.Val)
	return relOK(c, ok, op)
}

// IsInt is validator.isInt.
func IsInt(s string, o IntOptions) bool {
	return isIntSyntax(s, o.DisallowLeadingZeroes) &&
		boundOK(s, o.Min, opGE) && boundOK(s, o.Max, opLE) &&
		boundOK(s, o.Lt, opLT) && boundOK(s, o.Gt, opGT)
}

// IsPort is validator.isPort: isInt without leading zeroes in [0, 65535].
func IsPort(s string) bool {
	if !isIntSyntax(s, true) {
		return false
	}
	f := stringToNumber(s)
	return f >= 0 && f <= 65535
}

var floatRe = lazyre.New(`^[-+]?[0-9]*(?:\.[0-9]*)?(?:[eE][\+\-]?[0-9]+)?$`)

// toFloat is validator.toFloat with the default locale: NaN unless isFloat.
func toFloat(s string) float64 {
	switch s {
	case "", ".", ",", "-", "+":
		return math.NaN()
	}
	if !floatRe().MatchString(s) {
		return math.NaN()
	}
	return parseFloatJS(s)
}

// IsDivisibleBy is validator.isDivisibleBy(s, num) for an already computed
// parseInt(num, 10) (see DivisorOf).
func IsDivisibleBy(s string, divisor float64) bool {
	return math.Mod(toFloat(s), divisor) == 0
}

// DivisorOf is parseInt(String(num), 10) for a JS value num.
func DivisorOf(num any) float64 {
	return parseInt10(jsString(num))
}
