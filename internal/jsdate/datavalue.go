package jsdate

import "math"

// data-mate field-validator helpers used by the date transforms.

// elemValid is data-mate isValidDate: not nil, not a boolean, a valid
// core-utils date; an array needs at least one non-nil element and every
// non-nil element valid.
func elemValid(v any) bool {
	switch x := v.(type) {
	case nil, bool:
		return false
	case []any:
		return liftAll(x, func(e any) bool { _, ok := ValidDate(e); return ok })
	}
	_, ok := ValidDate(v)
	return ok
}

// liftAll is data-mate's _lift: non-nil elements, at least one, all pass.
func liftAll(a []any, fn func(any) bool) bool {
	n := 0
	for _, e := range a {
		if e == nil {
			continue
		}
		if !fn(e) {
			return false
		}
		n++
	}
	return n > 0
}

// isNumberValue is data-mate isNumber (arrays: all non-nil numbers).
func isNumberValue(v any) bool {
	if a, ok := v.([]any); ok {
		return liftAll(a, isNumberScalar)
	}
	return isNumberScalar(v)
}

func isNumberScalar(v any) bool {
	switch x := v.(type) {
	case float64:
		return !math.IsNaN(x)
	case int, int64:
		return true
	}
	return false
}

// isStringValue is data-mate isString (arrays: all non-nil strings).
func isStringValue(v any) bool {
	if a, ok := v.([]any); ok {
		return liftAll(a, func(e any) bool { _, ok := e.(string); return ok })
	}
	_, ok := v.(string)
	return ok
}

// toNumber is JS ToNumber for JSON-like values.
func toNumber(v any) float64 {
	switch x := v.(type) {
	case float64:
		return x
	case int:
		return float64(x)
	case int64:
		return float64(x)
	case bool:
		if x {
			return 1
		}
		return 0
	case nil:
		return 0
	case string:
		f, _ := jsStringToNumber(x)
		return f
	}
	f, _ := jsStringToNumber(ToString(v))
	return f
}

// DateString is Date.prototype.toString in Local (UTC), e.g.
// "Tue Jan 14 2020 20:34:01 GMT+0000 (Coordinated Universal Time)", or
// "Invalid Date".
func DateString(t float64) string {
	if !Valid(t) {
		return "Invalid Date"
	}
	f := split(t)
	year := addLeadingZeros(f.year, 4)
	return dayAbbreviated[f.weekday] + " " + monthAbbreviated[f.month] + " " +
		addLeadingZeros(f.day, 2) + " " + year + " " + addLeadingZeros(f.hour, 2) + ":" +
		addLeadingZeros(f.min, 2) + ":" + addLeadingZeros(f.sec, 2) +
		" GMT+0000 (Coordinated Universal Time)"
}
