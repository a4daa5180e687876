package record

import (
	"errors"
	"math"
	"strconv"

	"github.com/sluice-dev/sluice/internal/swar"
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
		if x == math.Trunc(x) && math.Abs(x) < 1e15 { // an integer (not NaN, not infinite), -0 as 0
			return strconv.AppendInt(b, int64(x), 10)
		}
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return append(b, "null"...)
		}
		if out, ok := appendShortDecimal(b, x); ok {
			return out
		}
		return AppendNumber(b, x)
	}
	return append(b, "null"...) // nil, undefined and anything else
}

// maxShortFraction is how many decimals appendShortDecimal tries: prices,
// coordinates and measures have few, and a number that needs more costs
// a failed try per decimal before the general conversion.
const maxShortFraction = 8

// appendShortDecimal appends AppendNumber(f) for a number that is not an
// integer and is the float64 of a decimal with at most maxShortFraction
// decimals and 15 significant digits (1.5, 67.685, -0.001), reporting
// false for any other. It finds that decimal with a few multiplications,
// where the general conversion searches for the shortest digits:
//
// For the first k with round(|f|·10^k)/10^k == |f|, M = round(|f|·10^k)
// is the decimal M·10^-k that reads back as f (M and 10^k are exact, so
// the division is the decimal's correctly rounded value, as parsing it
// is). No shorter decimal reads back as f: when M·10^-k (M < 10^15) does,
// |f·10^k - M| stays far below one half, so a smaller k that had one
// would have been found. And of the decimals of at most 15 significant
// digits, at most one reads back as a given float64 (15 digits always
// survive the round trip), so M·10^-k is the shortest decimal that does,
// the one JavaScript and strconv write.
func appendShortDecimal(b []byte, f float64) ([]byte, bool) {
	abs := math.Abs(f)
	if abs < 1e-6 || abs >= 1e15 || abs == math.Trunc(abs) { // exponent notation, or an integer
		return b, false
	}
	for k := 1; k <= maxShortFraction; k++ {
		m := abs * pow10[k]
		if m >= 1e15 {
			break
		}
		// the nearest integer: m + 0.5 is exact below 2^52, and Floor is
		// an instruction where Round is a function (a tie cannot pass the
		// test below, so how it rounds does not matter)
		r := math.Floor(m + 0.5)
		if r/pow10[k] == abs {
			return appendFixed(b, f < 0, uint64(r), k), true
		}
	}
	return b, false
}

// appendFixed appends ±m·10^-k with k > 0 decimals: m's digits with a
// point before the last k, a 0 before the point when m has no more
// (written from the last digit back, two digits per division, in one
// copy).
func appendFixed(b []byte, neg bool, m uint64, k int) []byte {
	var buf [24]byte // a sign, 15 digits, a point and 0.0000000
	i := len(buf)
	for ; k >= 2; k -= 2 {
		i -= 2
		m = putPair(buf[i:], m)
	}
	if k == 1 {
		i--
		buf[i] = byte('0' + m%10)
		m /= 10
	}
	i--
	buf[i] = '.'
	for m >= 100 {
		i -= 2
		m = putPair(buf[i:], m)
	}
	if m >= 10 {
		i -= 2
		putPair(buf[i:], m)
	} else {
		i--
		buf[i] = byte('0' + m)
	}
	if neg {
		i--
		buf[i] = '-'
	}
	return append(b, buf[i:]...)
}

// digitPairs is "00" to "99": the two last digits of a number in one
// lookup.
const digitPairs = "00010203040506070809101112131415161718192021222324252627282930313233343536373839" +
	"40414243444546474849505152535455565758596061626364656667686970717273747576777879" +
	"8081828384858687888990919293949596979899"

// putPair writes the last two digits of m to p and returns m without them.
func putPair(p []byte, m uint64) uint64 {
	q := m / 100
	r := (m - q*100) * 2
	p[0], p[1] = digitPairs[r], digitPairs[r+1]
	return q
}

func appendArray(b []byte, a []any, limit, depth int) ([]byte, bool) {
	b = append(b, '[')
	for i, e := range a {
		if i > 0 {
			b = append(b, ',')
		}
		var ok bool
		if b, ok = appendMember(b, e, limit, depth); !ok {
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
	// every member is written after a comma, and the first comma becomes
	// the brace (a test less per member)
	open := len(b)
	nodes := o.shapeNodes()
	for i := range o.fields {
		f := &o.fields[i]
		if f.val == Undefined {
			continue
		}
		switch {
		case nodes != nil && nodes[i].member != "": // a decoded key known plain: the comma, quoted key and colon
			b = append(b, nodes[i].member...)
		case knownPlain(f.key): // a rule's target (object_names.go)
			b = append(b, ',', '"')
			b = append(b, f.key...)
			b = append(b, '"', ':')
		default:
			b = append(AppendString(append(b, ','), f.key), ':')
		}
		var ok bool
		switch v := f.val.(type) {
		case string: // the commonest member, without appendMember's dispatch
			if depth > maxEncodeDepth {
				return b, false
			}
			b = AppendString(b, v)
			ok = len(b) <= limit
		case *lazyJSON:
			if v.val == nil && canonicalMember(v.text) { // never read: as it came
				b = append(b, v.text...)
				ok = len(b) <= limit
				break
			}
			b, ok = appendJSON(b, o.resolve(i), limit, depth)
		default:
			b, ok = appendJSON(b, v, limit, depth)
		}
		if !ok {
			return b, false
		}
	}
	if len(b) == open {
		b = append(b, '{', '}')
	} else {
		b[open] = '{'
		b = append(b, '}')
	}
	return b, len(b) <= limit
}

// shapeNodes is the shape nodes of o's keys, one per key, or nil when o
// has no shape.
func (o *Object) shapeNodes() []*Shape {
	if o.shape == nil || len(o.shape.nodes) != len(o.fields) { // the second is a guard: a shape has exactly the keys
		return nil
	}
	return o.shape.nodes
}

// appendMember is appendJSON of an array's or object's member, with a
// string (the commonest) written without the walk's dispatch.
func appendMember(b []byte, v any, limit, depth int) ([]byte, bool) {
	if s, ok := v.(string); ok && depth <= maxEncodeDepth {
		b = AppendString(b, s)
		return b, len(b) <= limit
	}
	return appendJSON(b, v, limit, depth)
}

// AppendString appends s as a JSON string literal, escaping like
// JSON.stringify (quote, backslash and control characters only).
func AppendString(b []byte, s string) []byte {
	// whether s has at most 32 bytes and none to escape, looking at all
	// its bytes at once: two or four words made of them (bytes read twice
	// when the words overlap, plain padding when s is shorter than 4).
	// (Here, not in a function of its own: most keys and many values
	// take this way, and a call is a good part of its cost.)
	var stops uint64
	switch n := len(s); {
	case n > 32:
		return appendEscaped(b, s)
	case n > 16:
		stops = stopBytes(swar.Load64(s, 0)) | stopBytes(swar.Load64(s, 8)) |
			stopBytes(swar.Load64(s, n-16)) | stopBytes(swar.Load64(s, n-8))
	case n >= 8:
		stops = stopBytes(swar.Load64(s, 0)) | stopBytes(swar.Load64(s, n-8))
	case n >= 4:
		stops = stopBytes(uint64(swar.Load32(s, 0)) | uint64(swar.Load32(s, n-4))<<32)
	case n > 0:
		stops = stopBytes(uint64(s[0]) | uint64(s[n/2])<<8 | uint64(s[n-1])<<16 | swarOnes*'A'&^0xffffff)
	}
	if stops != 0 {
		return appendEscaped(b, s)
	}
	b = append(b, '"')
	b = append(b, s...)
	return append(b, '"')
}

// appendEscaped is AppendString of a string that may have bytes to
// escape.
func appendEscaped(b []byte, s string) []byte {
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
