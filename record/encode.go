package record

import "math"

const hexDigits = "0123456789abcdef"

// AppendJSON appends the JSON.stringify form of v: keys in insertion order,
// undefined object members omitted, undefined array elements and non-finite
// numbers written as null, no HTML escaping.
func AppendJSON(b []byte, v any) []byte {
	switch x := v.(type) {
	case nil, undefined:
		return append(b, "null"...)
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
	case string:
		return AppendString(b, x)
	case []any:
		return appendArray(b, x)
	case *Object:
		return appendObject(b, x)
	}
	return append(b, "null"...)
}

func appendArray(b []byte, a []any) []byte {
	b = append(b, '[')
	for i, e := range a {
		if i > 0 {
			b = append(b, ',')
		}
		b = AppendJSON(b, e)
	}
	return append(b, ']')
}

func appendObject(b []byte, o *Object) []byte {
	if o.raw != nil && canonical(o.raw.text) { // read and never used: as it came
		return append(b, o.raw.text...)
	}
	o.resolveAll()
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
		b = AppendString(b, f.key)
		b = append(b, ':')
		b = AppendJSON(b, f.val)
	}
	return append(b, '}')
}

// AppendString appends s as a JSON string literal, escaping like
// JSON.stringify (quote, backslash and control characters only).
func AppendString(b []byte, s string) []byte {
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 0x20 && c != '"' && c != '\\' {
			continue
		}
		b = append(b, s[start:i]...)
		b = appendEscape(b, c)
		start = i + 1
	}
	b = append(b, s[start:]...)
	return append(b, '"')
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
func (o *Object) MarshalJSON() ([]byte, error) { return appendObject(nil, o), nil }

// JSON returns the JSON.stringify form of v as a string.
func JSON(v any) string { return string(AppendJSON(nil, v)) }

// AppendIndentJSON appends JSON.stringify(v, null, indent) output.
func AppendIndentJSON(b []byte, v any, indent string) []byte {
	return appendIndent(b, v, indent, "")
}

func appendIndent(b []byte, v any, indent, prefix string) []byte {
	switch x := v.(type) {
	case []any:
		if len(x) == 0 {
			return append(b, "[]"...)
		}
		inner := prefix + indent
		b = append(b, '[')
		for i, e := range x {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(append(b, '\n'), inner...)
			b = appendIndent(b, e, indent, inner)
		}
		return append(append(append(b, '\n'), prefix...), ']')
	case *Object:
		if definedLen(x) == 0 {
			return append(b, "{}"...)
		}
		return appendIndentObject(b, x, indent, prefix)
	}
	return AppendJSON(b, v)
}

func appendIndentObject(b []byte, o *Object, indent, prefix string) []byte {
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
		b = appendIndent(b, f.val, indent, inner)
	}
	return append(append(append(b, '\n'), prefix...), '}')
}
