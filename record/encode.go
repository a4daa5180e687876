package record

import (
	"errors"
	"math"
)

// MaxText bounds the JSON text an operation may build from one value
// (toJSON); beyond it the operation fails with ErrTooLarge. rulec sets it
// to --max-record-size.
var MaxText = 64 << 20

// ErrTooLarge is the failure of an operation whose result would be larger
// than MaxText.
var ErrTooLarge = errors.New("the result would be larger than the limit on one value's text")

const hexDigits = "0123456789abcdef"

// AppendJSON appends the JSON.stringify form of v: keys in insertion order,
// undefined object members omitted, undefined array elements and non-finite
// numbers written as null, no HTML escaping.
func AppendJSON(b []byte, v any) []byte {
	b, _ = appendJSON(b, v, math.MaxInt, -1)
	return b
}

// AppendJSONMax is AppendJSON that gives up as soon as b is longer than
// limit, reporting false: a record whose JSON would be huge (a value shared
// many times over, a runaway transform) costs at most limit bytes. Values
// nested deeper than maxEncodeDepth fail too, so even a value that contained
// itself could not exhaust the stack.
func AppendJSONMax(b []byte, v any, limit int) ([]byte, bool) {
	return appendJSON(b, v, limit, 0)
}

// maxEncodeDepth is far above what input can hold (maxDepth) and far below
// what would exhaust a goroutine's stack.
const maxEncodeDepth = 100000

// appendJSON is the one JSON walker: it stops, reporting false, once b is
// longer than limit or (depth >= 0) the nesting passes maxEncodeDepth;
// depth < 0 never fails.
func appendJSON(b []byte, v any, limit, depth int) ([]byte, bool) {
	if depth > maxEncodeDepth {
		return b, false
	}
	if depth >= 0 {
		depth++
	}
	switch x := v.(type) {
	case string:
		b = AppendString(b, x)
	case []any:
		return appendArray(b, x, limit, depth)
	case *Object:
		return appendObject(b, x, limit, depth)
	default:
		b = appendScalar(b, v)
	}
	return b, len(b) <= limit
}

func appendScalar(b []byte, v any) []byte {
	switch x := v.(type) {
	case bool:
		if x {
			return append(b, "true"...)
		}
		return append(b, "false"...)
	case float64:
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return append(b, "null"...)
		}
		return AppendNumber(b, x)
	}
	return append(b, "null"...) // nil, undefined and anything else
}

func appendArray(b []byte, a []any, limit, depth int) ([]byte, bool) {
	b = append(b, '[')
	for i, e := range a {
		if i > 0 {
			b = append(b, ',')
		}
		var ok bool
		if b, ok = appendJSON(b, e, limit, depth); !ok {
			return b, false
		}
	}
	b = append(b, ']')
	return b, len(b) <= limit
}

func appendObject(b []byte, o *Object, limit, depth int) ([]byte, bool) {
	if o.raw != nil && canonical(o.raw.text) { // read and never used: as it came
		b = append(b, o.raw.text...)
		return b, len(b) <= limit
	}
	o.load()
	b = append(b, '{')
	first := true
	for i := range o.fields {
		v := o.fields[i].val
		if v == Undefined {
			continue
		}
		if !first {
			b = append(b, ',')
		}
		first = false
		b = append(AppendString(b, o.fields[i].key), ':')
		if l, ok := v.(*lazyJSON); ok && canonical(l.text) { // never read: as it came
			if b = append(b, l.text...); len(b) > limit {
				return b, false
			}
			continue
		}
		var ok bool
		if b, ok = appendJSON(b, o.resolve(i), limit, depth); !ok {
			return b, false
		}
	}
	b = append(b, '}')
	return b, len(b) <= limit
}

// AppendString appends s as a JSON string literal, escaping like
// JSON.stringify (quote, backslash and control characters only).
func AppendString(b []byte, s string) []byte {
	b = append(b, '"')
	for i := 0; ; {
		j := nextStop(s, i)
		b = append(b, s[i:j]...)
		if j == len(s) {
			return append(b, '"')
		}
		b = appendEscape(b, s[j])
		i = j + 1
	}
}

func appendEscape(b []byte, c byte) []byte {
	switch c {
	case '"', '\\':
		return append(b, '\\', c)
	case '\b':
		return append(b, '\\', 'b')
	case '\f':
		return append(b, '\\', 'f')
	case '\n':
		return append(b, '\\', 'n')
	case '\r':
		return append(b, '\\', 'r')
	case '\t':
		return append(b, '\\', 't')
	}
	return append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xf])
}

// MarshalJSON implements json.Marshaler so objects can be embedded in values
// encoded by encoding/json.
func (o *Object) MarshalJSON() ([]byte, error) { return AppendJSON(nil, o), nil }

// JSON returns the JSON.stringify form of v as a string.
func JSON(v any) string { return string(AppendJSON(nil, v)) }

// AppendIndentJSON appends JSON.stringify(v, null, indent) output.
func AppendIndentJSON(b []byte, v any, indent string) []byte {
	b, _ = appendIndent(b, v, indent, "", math.MaxInt)
	return b
}

// AppendIndentJSONMax is AppendIndentJSON that gives up, reporting false,
// as soon as b is longer than limit (indentation makes a deep value's text
// grow with the square of its depth).
func AppendIndentJSONMax(b []byte, v any, indent string, limit int) ([]byte, bool) {
	return appendIndent(b, v, indent, "", limit)
}

func appendIndent(b []byte, v any, indent, prefix string, limit int) ([]byte, bool) {
	switch x := v.(type) {
	case []any:
		if len(x) == 0 {
			return append(b, "[]"...), len(b)+2 <= limit
		}
		inner := prefix + indent
		b = append(b, '[')
		for i, e := range x {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(append(b, '\n'), inner...)
			var ok bool
			if b, ok = appendIndent(b, e, indent, inner, limit); !ok {
				return b, false
			}
		}
		b = append(append(append(b, '\n'), prefix...), ']')
		return b, len(b) <= limit
	case *Object:
		if definedLen(x) == 0 {
			return append(b, "{}"...), len(b)+2 <= limit
		}
		return appendIndentObject(b, x, indent, prefix, limit)
	}
	b = AppendJSON(b, v)
	return b, len(b) <= limit
}

func appendIndentObject(b []byte, o *Object, indent, prefix string, limit int) ([]byte, bool) {
	o.resolveAll()
	inner := prefix + indent
	b = append(b, '{')
	first := true
	for _, f := range o.fields {
		if f.val == Undefined {
			continue
		}
		if !first {
			b = append(b, ',')
		}
		first = false
		b = append(append(b, '\n'), inner...)
		b = append(AppendString(b, f.key), ':', ' ')
		var ok bool
		if b, ok = appendIndent(b, f.val, indent, inner, limit); !ok {
			return b, false
		}
	}
	b = append(append(append(b, '\n'), prefix...), '}')
	return b, len(b) <= limit
}

// SortedJSON is the JSON text of v with the keys of every object sorted,
// at every level: two values with the same keys and values in another order
// have the same text (a key for deduplication). ToGo leaves out Undefined
// members (JSON would too) and FromGo builds objects with sorted keys.
func SortedJSON(v any) string { return JSON(FromGo(ToGo(v))) }
