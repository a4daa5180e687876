package datamate

import (
	"math"
	"strings"

	"github.com/sluice-dev/sluice/record"
)

// @terascope/core-utils semantics shared by the data-mate functions.

// lift is data-mate's `_lift`: nil elements are dropped, an empty result is
// false, otherwise every element must pass (the first error aborts).
func lift(arr []any, f func(any) (bool, error)) (bool, error) {
	seen := false
	for _, e := range arr {
		if record.IsNil(e) {
			continue
		}
		seen = true
		if ok, err := f(e); err != nil || !ok {
			return false, err
		}
	}
	return seen, nil
}

// liftBool is lift for a predicate that cannot throw.
func liftBool(arr []any, f func(any) bool) bool {
	ok, _ := lift(arr, func(e any) (bool, error) { return f(e), nil })
	return ok
}

// scalarOrLift is the common data-mate validator shape: nil is false,
// arrays go through lift, anything else through f.
func scalarOrLift(f func(any) bool) func(any) bool {
	return func(v any) bool {
		switch x := v.(type) {
		case nil:
			return false
		case []any:
			return liftBool(x, f)
		}
		return f(v)
	}
}

// booleanLike is core-utils isBooleanLike/toBoolean: the value it stands for
// and whether it is boolean-like at all (nil, "", 0 and trimmed,
// lower-cased "0"/"false"/"no" are false; 1 and "1"/"true"/"yes" true).
func booleanLike(v any) (value, ok bool) {
	switch x := v.(type) {
	case nil:
		return false, true
	case bool:
		return x, true
	case float64:
		if x == 0 || x == 1 {
			return x == 1, true
		}
	case string:
		switch strings.ToLower(record.TrimJS(x)) {
		case "true", "yes", "1":
			return true, true
		case "false", "no", "0", "":
			return false, true
		}
	}
	return false, false
}

// toBoolean is core-utils toBoolean: boolean-like values map to their
// boolean, everything else to JavaScript Boolean(v).
func toBoolean(v any) bool {
	if b, ok := booleanLike(v); ok {
		return b
	}
	return record.Truthy(v)
}

// isNumber is core-utils isNumber: a number that is not NaN.
func isNumber(v any) bool {
	f, ok := v.(float64)
	return ok && !math.IsNaN(f)
}

const maxSafeInteger = 1<<53 - 1

// isSafeInteger is Number.isSafeInteger.
func isSafeInteger(v any) bool {
	f, ok := v.(float64)
	return ok && math.Trunc(f) == f && math.Abs(f) <= maxSafeInteger
}

// includes is core-utils includes(input, key): substring for strings,
// SameValueZero membership for arrays, `key in obj` for objects (own keys
// and Object.prototype members); falsy inputs, numbers and booleans are
// false.
func includes(input, key any) bool {
	if !record.Truthy(input) {
		return false
	}
	switch x := input.(type) {
	case string:
		return strings.Contains(x, record.ToString(key))
	case []any:
		for _, e := range x {
			if record.SameValueZero(e, key) {
				return true
			}
		}
	case *record.Object:
		k := record.ToString(key)
		return x.Has(k) || objectProtoKeys[k]
	}
	return false
}

// objectProtoKeys are the properties every plain object inherits, which the
// JavaScript `in` operator finds.
var objectProtoKeys = map[string]bool{
	"constructor": true, "hasOwnProperty": true, "isPrototypeOf": true, "propertyIsEnumerable": true,
	"toLocaleString": true, "toString": true, "valueOf": true, "__proto__": true,
	"__defineGetter__": true, "__defineSetter__": true, "__lookupGetter__": true, "__lookupSetter__": true,
}

// mapNotNil is data-mate's array handling for transforms: nil elements are
// dropped and the rest mapped (the first error aborts).
func mapNotNil(arr []any, f func(any) (any, error)) (any, error) {
	out := make([]any, 0, len(arr))
	for _, e := range arr {
		if record.IsNil(e) {
			continue
		}
		r, err := f(e)
		if err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, nil
}

// mapValue applies f to a scalar, or to every non-nil element of an array;
// nil gives nil.
func mapValue(v any, f func(any) (any, error)) (any, error) {
	switch x := v.(type) {
	case nil:
		return nil, nil
	case []any:
		return mapNotNil(x, f)
	}
	return f(v)
}
