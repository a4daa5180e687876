package jsdate

import (
	"math"
	"time"
)

// IsAfter is validator.js 13.15.35 isAfter(s, cmp): Date.parse(s) >
// Date.parse(cmp), false when either is invalid. Without a comparison
// date (hasCmp false or cmp == "") it compares with now, truncated to the
// second as validator's Date().toString() is.
func IsAfter(s string, cmp string, hasCmp bool, now time.Time) bool {
	c := comparisonTime(cmp, hasCmp, now)
	t, ok := Parse(s)
	return ok && t > c
}

// IsBefore is validator.js 13.15.35 isBefore: like IsAfter with <.
func IsBefore(s string, cmp string, hasCmp bool, now time.Time) bool {
	c := comparisonTime(cmp, hasCmp, now)
	t, ok := Parse(s)
	return ok && t < c
}

func comparisonTime(cmp string, hasCmp bool, now time.Time) float64 {
	if !hasCmp || cmp == "" {
		return nowSeconds(now)
	}
	t, _ := Parse(cmp)
	return t
}

// nowSeconds is Date.parse(Date().toString()): now to the second.
func nowSeconds(now time.Time) float64 {
	return float64(now.Unix()) * 1000
}

// BindAfter binds validator.js isAfter to its second argument as the
// ts-transforms plugin passes it (`value || ruleConfig`): a string date,
// or an options object whose "comparisonDate" key is the date. A missing
// or falsy comparison date means "now" (read at each call); a comparison
// date that is not a string makes validator throw, so the function always
// returns false.
func BindAfter(arg any) func(s string) bool {
	return bindCompare(arg, true, time.Now)
}

// BindBefore is BindAfter for isBefore.
func BindBefore(arg any) func(s string) bool {
	return bindCompare(arg, false, time.Now)
}

func bindCompare(arg any, after bool, clock func() time.Time) func(string) bool {
	cmp, mode := comparisonArg(arg)
	switch mode {
	case cmpThrows:
		return func(string) bool { return false }
	case cmpNow:
		return func(s string) bool {
			return compareMs(s, nowSeconds(clock()), after)
		}
	}
	c, _ := Parse(cmp)
	return func(s string) bool { return compareMs(s, c, after) }
}

func compareMs(s string, c float64, after bool) bool {
	t, ok := Parse(s)
	if !ok || math.IsNaN(c) {
		return false
	}
	if after {
		return t > c
	}
	return t < c
}

const (
	cmpDate = iota
	cmpNow
	cmpThrows
)

// comparisonArg resolves validator's
// `(typeof options === 'object' ? options.comparisonDate : options) || now`.
func comparisonArg(arg any) (string, int) {
	switch x := arg.(type) {
	case nil:
		return "", cmpThrows // null.comparisonDate is a TypeError
	case map[string]any:
		return comparisonValue(x["comparisonDate"])
	case []any:
		return "", cmpNow
	}
	return comparisonValue(arg)
}

func comparisonValue(v any) (string, int) {
	if !Truthy(v) {
		return "", cmpNow
	}
	if s, ok := v.(string); ok {
		return s, cmpDate
	}
	return "", cmpThrows // assertString
}

// Truthy is JavaScript truthiness for JSON-like values.
func Truthy(v any) bool {
	switch x := v.(type) {
	case nil:
		return false
	case bool:
		return x
	case float64:
		return x != 0 && !math.IsNaN(x)
	case int:
		return x != 0
	case int64:
		return x != 0
	case string:
		return x != ""
	}
	return true
}
