package l10n

import (
	"strings"
)

// FloatOptions are isFloat's options; a nil bound is no bound and an empty
// Locale means the "." separator.
type FloatOptions struct {
	Min, Max, Gt, Lt *float64
	Locale           string
}

// IsFloat is validator.js isFloat(s, options). It never throws for a string
// (an unknown locale makes the separator the literal text "undefined").
func IsFloat(s string, o FloatOptions) (bool, error) {
	sep := "."
	if o.Locale != "" {
		sep, _ = decimalSep(o.Locale)
	}
	f := floatChecker{sep: sep, bounds: [4]*float64{o.Min, o.Max, o.Lt, o.Gt}}
	return f.check(s)
}

// BindFloat binds the validator plugin's `float`; an object argument
// supplies min, max, gt, lt (null = no bound, other values go through
// Number()) and locale; any other value means no options.
func BindFloat(arg any) (Checker, error) {
	opts, _ := arg.(map[string]any)
	f := &floatChecker{sep: "."}
	if l := opts["locale"]; jsTruthy(l) {
		f.sep, _ = decimalSep(jsToString(l))
	}
	for i, k := range [4]string{"min", "max", "lt", "gt"} {
		if v, ok := opts[k]; ok && v != nil {
			n := jsToNumber(v)
			f.bounds[i] = &n
		}
	}
	if !isPlainSep(f.sep) {
		re, err := jsRegexChecker(floatSource(f.sep)) // built before any test
		if err != nil {
			return nil, err
		}
		f.re = re
	}
	return f.check, nil
}

// floatChecker is a bound isFloat; bounds are min, max, lt, gt.
type floatChecker struct {
	sep    string
	bounds [4]*float64
	re     Checker // set when sep is not literal text
}

func floatSource(sep string) string {
	return `^(?:[-+])?(?:[0-9]+)?(?:\` + sep + `[0-9]*)?(?:[eE][\+\-]?(?:[0-9]+))?$`
}

func (f *floatChecker) check(s string) (bool, error) {
	switch s {
	case "", ".", ",", "-", "+":
		return false, nil
	}
	ok, err := f.shape(s)
	if !ok || err != nil {
		return false, err
	}
	if f.bounds == [4]*float64{} {
		return true, nil
	}
	return f.inBounds(jsParseFloat(strings.Replace(s, ",", ".", 1))), nil
}

func (f *floatChecker) shape(s string) (bool, error) {
	if f.re != nil {
		return f.re(s)
	}
	if !isPlainSep(f.sep) { // typed API with an Object.prototype key
		re, err := jsRegexChecker(floatSource(f.sep))
		if err != nil {
			return false, err
		}
		return re(s)
	}
	return matchFloatShape(s, f.sep), nil
}

// matchFloatShape matches ^[-+]?[0-9]*(SEP[0-9]*)?([eE][+-]?[0-9]+)?$.
func matchFloatShape(s, sep string) bool {
	i := 0
	if i < len(s) && (s[i] == '-' || s[i] == '+') {
		i++
	}
	i = digitRun(s, i)
	if strings.HasPrefix(s[i:], sep) {
		i = digitRun(s, i+len(sep))
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		j := i + 1
		if j < len(s) && (s[j] == '-' || s[j] == '+') {
			j++
		}
		if i = digitRun(s, j); i == j {
			return false
		}
	}
	return i == len(s)
}

// inBounds applies min, max, lt and gt; NaN fails every bound.
func (f *floatChecker) inBounds(v float64) bool {
	b := f.bounds
	return (b[0] == nil || v >= *b[0]) && (b[1] == nil || v <= *b[1]) &&
		(b[2] == nil || v < *b[2]) && (b[3] == nil || v > *b[3])
}
