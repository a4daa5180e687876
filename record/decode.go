package record

import (
	"fmt"
	"strconv"
	"unicode/utf16"
	"unicode/utf8"
)

// SyntaxError is a JSON syntax error with the byte offset where it was found.
type SyntaxError struct {
	Offset int
	Msg    string
}

func (e *SyntaxError) Error() string { return fmt.Sprintf("%s at offset %d", e.Msg, e.Offset) }

// ParseJSON decodes one JSON value (surrounded by optional white space) into
// record values. Objects keep key order; a duplicate key keeps its first
// position and takes the last value, as JSON.parse does. Unescaped strings
// share the memory of one copy of the input.
func ParseJSON(data []byte) (any, error) {
	d := decoder{s: string(data)}
	return d.top()
}

// ParseJSONString is ParseJSON on a string (no copy is made).
func ParseJSONString(s string) (any, error) {
	d := decoder{s: s}
	return d.top()
}

// ParseRecordString decodes one record (a JSON object) from s without
// copying it. The record's nested objects and arrays are validated now but
// decoded only when first read.
func ParseRecordString(s string) (any, error) {
	d := decoder{s: s, lazy: true}
	return d.top()
}

// ParseRecordRaw validates one record (a JSON value) in s without
// decoding it when it is an object: the object keeps s and decodes it on
// first use, so a record that is only passed along is never built. Other
// values are decoded at once.
func ParseRecordRaw(s string) (any, error) {
	d := decoder{s: s, lazy: true}
	d.ws()
	if d.i >= len(d.s) || d.s[d.i] != '{' {
		return d.top()
	}
	start := d.i
	if err := d.skipAny(); err != nil {
		return ParseRecordString(s) // the same error as decoding gives
	}
	end := d.i
	d.ws()
	if d.i != len(d.s) {
		return ParseRecordString(s)
	}
	return &Object{raw: &lazyJSON{text: s[start:end]}}, nil
}

// ParseObject decodes data that must hold a JSON object.
func ParseObject(data []byte) (*Object, error) {
	v, err := ParseJSON(data)
	if err != nil {
		return nil, err
	}
	o, ok := v.(*Object)
	if !ok {
		return nil, &SyntaxError{0, "expected a JSON object, got " + TypeName(v)}
	}
	return o, nil
}

// TypeName names the JSON type of a value for messages.
func TypeName(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case bool:
		return "boolean"
	case float64:
		return "number"
	case string:
		return "string"
	case []any:
		return "array"
	case *Object:
		return "object"
	}
	return "undefined"
}

const maxDepth = 10000

type decoder struct {
	s     string
	i     int
	depth int
	lazy  bool  // defer decoding of a record's nested objects and arrays
	slab  *slab // boxes values when set (Decoder)
	// parent is the key (its shape) of the member whose object or array
	// value is being decoded, for the first key of the object it is or
	// holds (firstKeyHint); nil elsewhere
	parent *Shape
	// without a slab, the decoder's own chunks for boxing (boxString)
	strs []string
	nums []float64
	// the decoder's own chunks of small objects and arrays (smallObject)
	objs   []objectWith4
	arrays []arrayWith4
}

func (d *decoder) top() (any, error) {
	d.ws()
	v, err := d.value()
	if err != nil {
		return nil, err
	}
	d.ws()
	if d.i != len(d.s) {
		return nil, d.err("unexpected data after JSON value")
	}
	return v, nil
}

func (d *decoder) err(msg string) error { return &SyntaxError{Offset: d.i, Msg: msg} }

func (d *decoder) ws() {
	if d.i < len(d.s) && d.s[d.i] > ' ' {
		return // the usual case, JSON without white space: one test
	}
	for d.i < len(d.s) {
		switch d.s[d.i] {
		case ' ', '\t', '\n', '\r':
			d.i++
		default:
			return
		}
	}
}

func (d *decoder) value() (any, error) {
	if d.i >= len(d.s) {
		return nil, d.err("unexpected end of JSON input")
	}
	switch c := d.s[d.i]; {
	case c == '{':
		return d.object()
	case c == '[':
		return d.array()
	case c == '"':
		s, err := d.str()
		if err != nil {
			return nil, err
		}
		return d.boxString(s), nil
	case c == '-' || isDigit(c):
		return d.number()
	case c == 't':
		return d.literal("true", true)
	case c == 'f':
		return d.literal("false", false)
	case c == 'n':
		return d.literal("null", nil)
	}
	return nil, d.err(fmt.Sprintf("unexpected character %q", d.s[d.i]))
}

func (d *decoder) literal(word string, v any) (any, error) {
	if len(d.s)-d.i >= len(word) && d.s[d.i:d.i+len(word)] == word {
		d.i += len(word)
		return v, nil
	}
	return nil, d.err("invalid literal")
}

func (d *decoder) enter() error {
	d.depth++
	if d.depth > maxDepth {
		return d.err("JSON nested too deeply")
	}
	return nil
}

func (d *decoder) object() (any, error) {
	if err := d.enter(); err != nil {
		return nil, err
	}
	d.i++ // {
	// the key whose value the object is, if known (firstKeyHint)
	parent := d.parent
	d.parent = nil
	var o *Object
	if sl := d.slab; sl != nil {
		if d.depth != 1 {
			o = sl.smallInRoom()
		} else if d.lazy {
			o = sl.recordInRoom()
		}
	}
	if o == nil {
		o = d.startObject()
	}
	sh := nestedShapes.root // the shape of the keys so far
	if d.depth == 1 {
		sh = recordShapes.root
	}
	var keys map[string]int
	d.ws()
	if d.i < len(d.s) && d.s[d.i] == '}' {
		d.i++
		d.depth--
		o.shaped(sh)
		return d.endObject(o), nil
	}
	var k string
	var next *Shape
	read := false // k and next were read with the comma before them
	if c := d.firstKeyHint(parent, sh); c != nil && d.atKey(c) {
		k, next, read = c.key, c, true
		parent = nil // nothing new to remember
	}
	for {
		if !read {
			d.ws()
			if d.i >= len(d.s) || d.s[d.i] != '"' {
				return nil, d.err("expected a string key")
			}
			// the key objects of this shape usually have next, and the colon
			if c := sh.firstKid(); c != nil && d.atKey(c) {
				k, next = c.key, c
			} else {
				var err error
				if k, next, err = d.otherKey(sh, c); err != nil {
					return nil, err
				}
			}
		}
		var v any
		var err error
		stop := atValue // where a run of plain members (memberRun) stopped
		if c := d.peek(); next != nil && d.slab != nil && (c == '"' || c == '-' || isDigit(c)) {
			var start int
			var high bool
			d.i, next, stop, start, high = memberRun(o, d.slab, next, d.s, d.i)
			k = next.key // (sh is stale after a run, and set again from next below)
			if stop == inString {
				v, err = d.strFrom(start, high)
			}
		}
		if stop == atValue {
			c := d.peek()
			if c <= ' ' {
				c = d.spaceThenPeek()
			}
			switch { // strings and numbers, the commonest, without memberValue's dispatch
			case c == '"':
				v, err = d.boxedStr()
			case c == '-' || isDigit(c):
				v, err = d.number()
			default:
				v, err = d.memberValue(next)
			}
		}
		if err != nil {
			return nil, err
		}
		switch {
		case stop == afterValue: // memberRun added it
			sh = next
		case next != nil: // a key the object does not have yet
			o.fields = append(o.fields, field{k, v})
			sh = next
		case sh != nil: // decode the rest without a shape
			keys, sh = o.unshaped(sh), nil
			fallthrough
		default:
			keys = o.addMember(k, v, keys)
		}
		c := d.peek()
		if c <= ' ' {
			c = d.spaceThenPeek()
		}
		switch c {
		case ',':
			// the comma, the key objects of this shape usually have next
			// and the colon in one comparison
			if c := sh.firstKid(); c != nil && c.atCommaKey(d.s, d.i) {
				d.i += c.clen
				k, next, read = c.key, c, true
				continue
			}
			d.i++
			read = false
			continue
		case '}':
			d.i++
			d.depth--
			o.shaped(sh)
			if parent != nil {
				d.noteFirstKey(parent, sh)
			}
			return d.endObject(o), nil
		}
		if d.i >= len(d.s) {
			return nil, d.err("unexpected end of JSON input")
		}
		return nil, d.err("expected ',' or '}' in object")
	}
}

// spaceThenPeek skips white space and returns the byte after it (peek).
// object calls it only when the byte at d.i is white space or the end: one
// test where there is none, as in JSON from most producers.
func (d *decoder) spaceThenPeek() byte {
	d.ws()
	return d.peek()
}

// peek is the byte at d.i, 0 at the end.
func (d *decoder) peek() byte {
	if d.i < len(d.s) {
		return d.s[d.i]
	}
	return 0
}

// wideObject is the key count from which decoding an object tracks its keys
// in a map: below it the one-word hash and a linear scan are faster, above
// it the scan would make decoding quadratic in the number of keys.
const wideObject = 64

// key reads an object's key and the colon after it.
func (d *decoder) key() (string, error) {
	k, err := d.str()
	if err != nil {
		return "", err
	}
	d.ws()
	if d.i >= len(d.s) || d.s[d.i] != ':' {
		return "", d.err("expected ':' after object key")
	}
	d.i++
	return k, nil
}

// otherKey reads the key at d.i (its opening quote) and the colon after
// it when atKey could not with tried, the child of sh (nil when the
// object left the tree) it tried. It returns the key and the shape of the
// object with it (nil: a duplicate key, or no room in the tree).
func (d *decoder) otherKey(sh, tried *Shape) (string, *Shape, error) {
	if sh != nil {
		if k, next := d.expectKey(sh, tried); next != nil {
			return k, next, nil
		}
	}
	k, err := d.key()
	if err != nil || sh == nil {
		return k, nil, err
	}
	return k, sh.next(k), nil
}

// expectKey reads the key at d.i (at its opening quote) and the colon
// right after it when it is one objects of shape sh have next, where key
// lists branch (a record with or without an optional field): it returns
// the key (the shape's copy) and the shape with it, and a nil shape,
// having read nothing, otherwise. One comparison replaces scanning the
// key. (object tries one child, tried, the usual one, with atKey before
// calling it: here it is tried again only when atKey could not.)
func (d *decoder) expectKey(sh *Shape, tried *Shape) (string, *Shape) {
	if tried != nil && !d.atKeyFits(tried) && d.atKeySlow(tried) {
		return tried.key, tried
	}
	if ks := sh.kids.Load(); ks != nil && ks.byKey == nil && len(ks.list) > 1 {
		for _, c := range ks.list {
			if c == tried {
				continue
			}
			if d.atKey(c) || !d.atKeyFits(c) && d.atKeySlow(c) { // (atKey is false when it does not fit)
				return c.key, c
			}
		}
	}
	return "", nil
}

// atKey reads c's key and a colon right after it at d.i (at the key's
// opening quote) if they are there (a key followed by white space is
// read by key), when atKeyFits; it is false otherwise. It is small enough
// to be inlined into object, where every object's first key comes by:
// two word loads compare a key of up to 16 bytes with its colon (most
// keys are short; the bytes past the key are masked off).
func (d *decoder) atKey(c *Shape) bool {
	if !d.atKeyFits(c) ||
		load64(d.s, d.i)&c.qmask[0] != c.qword[0] || load64(d.s, d.i+8)&c.qmask[1] != c.qword[1] {
		return false
	}
	d.i += c.qlen
	return true
}

// atKeyFits reports whether atKey can compare c's key at d.i: it is plain
// and at most 16 bytes long with its quotes and colon, and 16 bytes of
// text are left.
func (d *decoder) atKeyFits(c *Shape) bool { return c.qlen != 0 && d.i+16 <= len(d.s) }

// atKeySlow is atKey for any key: the text at d.i compared whole.
func (d *decoder) atKeySlow(c *Shape) bool {
	end := d.i + len(c.quoted)
	if c.quoted == "" || end > len(d.s) || d.s[d.i:end] != c.quoted {
		return false
	}
	d.i = end
	return true
}

// shaped finishes an object decoded along the shape sh (nil when it left
// the tree): its keys are sh's, and so are their bits.
func (o *Object) shaped(sh *Shape) {
	if sh != nil {
		o.keyBits, o.shape = sh.bits, sh
	}
}

// unshaped turns an object being decoded along the shape sh into one
// decoded without: its keyBits, and the set of its keys when it is wide.
func (o *Object) unshaped(sh *Shape) map[string]int {
	o.keyBits = sh.bits
	if len(o.fields) >= wideObject {
		return indexKeys(o)
	}
	return nil
}

// addMember adds a decoded member to an object without a shape; keys is
// the set of its keys once it is wide (returned, made when it becomes
// so).
func (o *Object) addMember(k string, v any, keys map[string]int) map[string]int {
	switch bit := keyBit(k); {
	case keys != nil: // a wide object: a set of its keys keeps decoding linear
		if j, dup := keys[k]; dup {
			o.fields[j].val = v
		} else {
			keys[k] = len(o.fields)
			o.addFieldBit(k, v, bit)
		}
		return keys
	case o.keyBits&bit == 0: // a new key
		o.addFieldBit(k, v, bit)
	default:
		o.Set(k, v) // possibly a duplicate key: the last value wins
	}
	if len(o.fields) == wideObject {
		return indexKeys(o)
	}
	return nil
}

func indexKeys(o *Object) map[string]int {
	m := make(map[string]int, 2*len(o.fields))
	for i, f := range o.fields {
		m[f.key] = i
	}
	return m
}

// memberValue decodes an object member, the last key of shape node (nil
// without a shape). A record's (depth 1) own objects and arrays are only
// validated and kept as text until someone reads them, unless the first
// records with that key there mostly had it read (Shape.eager): then
// decoding it at once costs less than skipping it and decoding it later.
func (d *decoder) memberValue(node *Shape) (any, error) {
	if d.depth == 1 && d.lazy && d.i < len(d.s) && (d.s[d.i] == '{' || d.s[d.i] == '[') {
		if node != nil && node.eager.Load() {
			d.parent = node
			return d.value()
		}
		text, err := d.skipMember()
		if err != nil {
			return nil, err
		}
		var l *lazyJSON
		if sl := d.slab; sl != nil {
			l = sl.lazyInRoom(text)
		}
		if l == nil {
			l = d.lazyText(text)
		}
		if node != nil {
			l.node = node.sampleLazy()
		}
		return l, nil
	}
	if d.i < len(d.s) && (d.s[d.i] == '{' || d.s[d.i] == '[') {
		d.parent = node
	}
	return d.value()
}

func (d *decoder) array() (any, error) {
	if err := d.enter(); err != nil {
		return nil, err
	}
	d.i++ // [
	var v any
	var a *[]any
	if sl := d.slab; sl != nil {
		v, a = sl.arrayInRoom()
	}
	if a == nil {
		v, a = d.newArray()
	}
	parent := d.parent // the objects in an array share their first key's hint
	d.parent = nil
	d.ws()
	if d.i < len(d.s) && d.s[d.i] == ']' {
		d.i++
		d.depth--
		return v, nil
	}
	for {
		d.ws()
		d.parent = parent
		e, err := d.value()
		d.parent = nil
		if err != nil {
			return nil, err
		}
		*a = append(*a, e)
		d.ws()
		if d.i >= len(d.s) {
			return nil, d.err("unexpected end of JSON input")
		}
		if d.s[d.i] == ',' {
			d.i++
			continue
		}
		if d.s[d.i] == ']' {
			d.i++
			d.depth--
			return v, nil
		}
		return nil, d.err("expected ',' or ']' in array")
	}
}

func (d *decoder) number() (any, error) {
	if f, end, ok := shortDecimalAt(d.s, d.i); ok {
		d.i = end
		return d.boxFloat(f), nil
	}
	return d.anyNumber()
}

// shortDecimalAt converts the number at s[i] in one pass when it is a
// plain decimal, -?(0|[1-9][0-9]*)(\.[0-9]+)? with at most 15 digits and
// no exponent (ids, counts, prices, coordinates), as anyNumber does:
// the digits are then an exact float64, and so is the result of one
// division by an exact power of ten (exactDecimal). Anything else,
// errors included, it leaves to anyNumber (ok false).
func shortDecimalAt(s string, i int) (f float64, end int, ok bool) {
	neg := i < len(s) && s[i] == '-'
	if neg {
		i++
	}
	start := i
	var m uint64
	for ; i < len(s) && isDigit(s[i]); i++ {
		m = m*10 + uint64(s[i]-'0')
	}
	digits := i - start
	if digits == 0 || digits > 1 && s[start] == '0' {
		return 0, 0, false
	}
	frac := 0
	if i < len(s) && s[i] == '.' {
		i++
		for ; i < len(s) && isDigit(s[i]); i++ {
			m = m*10 + uint64(s[i]-'0')
			frac++
		}
		if frac == 0 {
			return 0, 0, false
		}
	}
	if digits+frac > 15 || i < len(s) && s[i]|0x20 == 'e' {
		return 0, 0, false
	}
	if f = float64(m); frac > 0 {
		f /= pow10[frac]
	}
	if neg && (m != 0 || frac > 0) { // an integer -0 is 0, as smallInt has it
		f = -f
	}
	return f, i, true
}

// anyNumber decodes the number at d.i, whatever its form.
func (d *decoder) anyNumber() (any, error) {
	lit, simple, err := d.scanNumber()
	if err != nil {
		return nil, err
	}
	if simple && len(lit) < 16 {
		return d.boxFloat(smallInt(lit)), nil
	}
	if f, ok := exactDecimal(lit); ok {
		return d.boxFloat(f), nil
	}
	f, err := strconv.ParseFloat(lit, 64)
	if err != nil && !isRangeErr(err) {
		return nil, d.err("invalid number")
	}
	return d.boxFloat(f), nil
}

// scanNumber validates the number at d.i and returns its text; simple
// means it has no fraction or exponent.
func (d *decoder) scanNumber() (lit string, simple bool, err error) {
	start := d.i
	if d.s[d.i] == '-' {
		d.i++
	}
	if d.i >= len(d.s) || !isDigit(d.s[d.i]) {
		return "", false, d.err("invalid number")
	}
	if d.s[d.i] == '0' {
		d.i++
	} else {
		for d.i < len(d.s) && isDigit(d.s[d.i]) {
			d.i++
		}
	}
	simple = true
	if d.i < len(d.s) && d.s[d.i] == '.' {
		simple = false
		d.i++
		if !d.digits() {
			return "", false, d.err("invalid number")
		}
	}
	if d.i < len(d.s) && (d.s[d.i] == 'e' || d.s[d.i] == 'E') {
		simple = false
		d.i++
		if d.i < len(d.s) && (d.s[d.i] == '+' || d.s[d.i] == '-') {
			d.i++
		}
		if !d.digits() {
			return "", false, d.err("invalid number")
		}
	}
	return d.s[start:d.i], simple, nil
}

func smallInt(lit string) float64 {
	neg := lit[0] == '-'
	if neg {
		lit = lit[1:]
	}
	var n int64
	for i := 0; i < len(lit); i++ {
		n = n*10 + int64(lit[i]-'0')
	}
	if neg {
		if n == 0 {
			return 0 // JSON -0 is observable only through division; keep 0
		}
		return float64(-n)
	}
	return float64(n)
}

func (d *decoder) digits() bool {
	start := d.i
	for d.i < len(d.s) && isDigit(d.s[d.i]) {
		d.i++
	}
	return d.i > start
}

func (d *decoder) escape(buf []byte) ([]byte, error) {
	if d.i+1 >= len(d.s) {
		return nil, d.err("unterminated string")
	}
	c := d.s[d.i+1]
	d.i += 2
	switch c {
	case '"', '\\', '/':
		return append(buf, c), nil
	case 'b':
		return append(buf, '\b'), nil
	case 'f':
		return append(buf, '\f'), nil
	case 'n':
		return append(buf, '\n'), nil
	case 'r':
		return append(buf, '\r'), nil
	case 't':
		return append(buf, '\t'), nil
	case 'u':
		r, ok := d.hex4()
		if !ok {
			return nil, d.err("invalid \\u escape")
		}
		if utf16.IsSurrogate(r) {
			r = d.surrogate(r)
		}
		return utf8.AppendRune(buf, r), nil
	}
	return nil, d.err("invalid escape character")
}

// surrogate combines a high surrogate with a following \uDC00-\uDFFF escape;
// a lone surrogate becomes U+FFFD (Go strings cannot hold it).
func (d *decoder) surrogate(hi rune) rune {
	if hi < 0xdc00 && d.i+1 < len(d.s) && d.s[d.i] == '\\' && d.s[d.i+1] == 'u' {
		save := d.i
		d.i += 2
		if lo, ok := d.hex4(); ok && lo >= 0xdc00 && lo <= 0xdfff {
			return utf16.DecodeRune(hi, lo)
		}
		d.i = save
	}
	return utf8.RuneError
}

func (d *decoder) hex4() (rune, bool) {
	if d.i+4 > len(d.s) {
		return 0, false
	}
	var r rune
	for _, c := range []byte(d.s[d.i : d.i+4]) {
		v := digitVal(c)
		if v > 15 {
			return 0, false
		}
		r = r<<4 | rune(v)
	}
	d.i += 4
	return r, true
}

// ParseValueAt decodes one JSON value starting at byte offset i of s and
// returns it with the offset just past it. Leading white space is skipped.
func ParseValueAt(s string, i int) (any, int, error) {
	d := decoder{s: s, i: i}
	d.ws()
	v, err := d.value()
	if err != nil {
		return nil, d.i, err
	}
	return v, d.i, nil
}

// keyBit is a one-bit hash of a key (Object.keyBits): length, first and
// last byte, which tell most keys of a record apart.
func keyBit(k string) uint64 {
	h := uint(len(k))
	if len(k) > 0 {
		h = h*31 + uint(k[0])*7 + uint(k[len(k)-1])
	}
	return 1 << (h & 63)
}

// pow10 are the powers of ten a float64 holds exactly.
var pow10 = [...]float64{1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
	1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22}

// exactDecimal converts a valid JSON number whose digits fit in 2^53 and
// whose power of ten is at most 22 either way, such as 55.96 or -4.42948
// (prices, coordinates): the digits and the power are then exact float64s
// and one multiplication or division rounds correctly, so the result is
// strconv.ParseFloat's. Anything else is left to strconv (ok false).
func exactDecimal(lit string) (float64, bool) {
	i, neg := 0, false
	if lit[0] == '-' {
		neg, i = true, 1
	}
	var m uint64
	digits, frac := 0, 0
	for ; i < len(lit) && isDigit(lit[i]); i++ {
		m = m*10 + uint64(lit[i]-'0')
		digits++
	}
	if i < len(lit) && lit[i] == '.' {
		for i++; i < len(lit) && isDigit(lit[i]); i++ {
			m = m*10 + uint64(lit[i]-'0')
			digits++
			frac++
		}
	}
	exp := 0
	if i < len(lit) { // an exponent: e or E, a sign, digits
		i++
		sign := 1
		if lit[i] == '+' || lit[i] == '-' {
			if lit[i] == '-' {
				sign = -1
			}
			i++
		}
		for ; i < len(lit); i++ {
			if exp = exp*10 + int(lit[i]-'0'); exp > 1000 {
				return 0, false
			}
		}
		exp *= sign
	}
	if digits > 15 { // below 10^15 < 2^53: the digits are exact
		return 0, false
	}
	f := float64(m)
	switch k := exp - frac; {
	case k == 0:
	case k > 0 && k <= 22:
		f *= pow10[k]
	case k < 0 && k >= -22:
		f /= pow10[-k]
	default:
		return 0, false
	}
	if neg {
		f = -f
	}
	return f, true
}
