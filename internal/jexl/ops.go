package jexl

import (
	"math"
	"strings"

	"github.com/sluice-dev/sluice/internal/jsstr"
	"github.com/sluice-dev/sluice/record"
)

// JavaScript semantics of jexl's binary operators on record values (nil is
// null, record.Undefined undefined, arrays and *record.Object objects).

var binaryOps = map[string]func(a, b any) any{
	"+": add,
	"-": func(a, b any) any { return toNumber(a) - toNumber(b) },
	"*": func(a, b any) any { return toNumber(a) * toNumber(b) },
	"/": func(a, b any) any { return toNumber(a) / toNumber(b) },
	"//": func(a, b any) any {
		return math.Floor(toNumber(a) / toNumber(b))
	},
	"%":  func(a, b any) any { return math.Mod(toNumber(a), toNumber(b)) },
	"^":  func(a, b any) any { return pow(toNumber(a), toNumber(b)) },
	"==": func(a, b any) any { return looseEqual(a, b) },
	"!=": func(a, b any) any { return !looseEqual(a, b) },
	"<":  func(a, b any) any { return less(a, b, false) },
	">":  func(a, b any) any { return less(b, a, false) },
	"<=": func(a, b any) any { return less(b, a, true) },
	">=": func(a, b any) any { return less(a, b, true) },
	"in": in,
}

// toPrimitive is ToPrimitive for record values: arrays become their
// join(","), objects "[object Object]".
func toPrimitive(v any) any {
	switch v.(type) {
	case []any, *record.Object:
		return record.ToString(v)
	}
	return v
}

func toNumber(v any) float64 { return record.ToNumber(toPrimitive(v)) }

// add is JavaScript +: concatenation when either primitive is a string.
func add(a, b any) any {
	a, b = toPrimitive(a), toPrimitive(b)
	_, as := a.(string)
	_, bs := b.(string)
	if as || bs {
		return record.ToString(a) + record.ToString(b)
	}
	return record.ToNumber(a) + record.ToNumber(b)
}

// less is the abstract relational comparison a < b (orEqual: a >= b, that
// is !(a < b)); a comparison with NaN is false either way.
func less(a, b any, negate bool) bool {
	a, b = toPrimitive(a), toPrimitive(b)
	if as, ok := a.(string); ok {
		if bs, ok := b.(string); ok {
			return (jsstr.CompareUTF16(as, bs) < 0) != negate
		}
	}
	x, y := record.ToNumber(a), record.ToNumber(b)
	if math.IsNaN(x) || math.IsNaN(y) {
		return false
	}
	return (x < y) != negate
}

// jsType is typeof, with null apart.
func jsType(v any) string {
	if v == nil {
		return "null"
	}
	return record.TypeOf(v)
}

// looseEqual is JavaScript ==.
func looseEqual(a, b any) bool {
	ta, tb := jsType(a), jsType(b)
	switch {
	case ta == tb:
		return strictEqual(a, b)
	case record.IsNil(a) || record.IsNil(b):
		return record.IsNil(a) && record.IsNil(b)
	case ta == "boolean":
		return looseEqual(record.ToNumber(a), b)
	case tb == "boolean":
		return looseEqual(a, record.ToNumber(b))
	case ta == "object" || tb == "object":
		return looseEqual(toPrimitive(a), toPrimitive(b))
	}
	return record.ToNumber(a) == record.ToNumber(b) // a number and a string
}

// strictEqual is ===; arrays and objects compare by identity.
func strictEqual(a, b any) bool {
	if x, ok := a.([]any); ok {
		y, ok := b.([]any)
		return ok && sameArray(x, y)
	}
	return record.StrictEqual(a, b)
}

// sameArray reports whether two slices are the same JavaScript array: the
// same backing array and length (all empty slices without capacity are one).
func sameArray(x, y []any) bool {
	if len(x) != len(y) || (cap(x) == 0) != (cap(y) == 0) {
		return false
	}
	return cap(x) == 0 || &x[:1][0] == &y[:1][0]
}

// in is jexl's `in`: a substring test (the left side as a string) when the
// right side is a string, strict element membership for an array.
func in(a, b any) any {
	switch c := b.(type) {
	case string:
		return strings.Contains(c, record.ToString(a))
	case []any:
		for _, e := range c {
			if strictEqual(e, a) {
				return true
			}
		}
	}
	return false
}

// property is `v[key]` on a value that is not null or undefined: an
// object's own key, an array's index or length, a string's UTF-16 unit or
// length. Inherited JavaScript members (methods) are undefined here.
func property(v any, key string) any {
	switch x := v.(type) {
	case *record.Object:
		if p, ok := x.Get(key); ok {
			return p
		}
	case []any:
		if key == "length" {
			return float64(len(x))
		}
		if i, ok := arrayIndex(key); ok && i < len(x) {
			return x[i]
		}
	case string:
		return stringProperty(x, key)
	}
	return record.Undefined
}

func stringProperty(s, key string) any {
	if key == "length" {
		return float64(jsstr.Len16(s))
	}
	if i, ok := arrayIndex(key); ok && i < jsstr.Len16(s) {
		return jsstr.Slice16(s, i, i+1)
	}
	return record.Undefined
}

// arrayIndex parses a canonical array index ("0", "12"; not "01", "-1").
func arrayIndex(key string) (int, bool) {
	if key == "" || len(key) > 10 || key[0] == '0' && len(key) > 1 {
		return 0, false
	}
	n := 0
	for i := 0; i < len(key); i++ {
		if key[i] < '0' || key[i] > '9' {
			return 0, false
		}
		n = n*10 + int(key[i]-'0')
	}
	return n, n < math.MaxUint32
}

// propertyKey is ToPropertyKey.
func propertyKey(v any) string { return record.ToString(v) }
