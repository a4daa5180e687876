package record

import (
	"encoding/binary"
	"math/bits"
	"unicode/utf8"
)

// String literals are scanned eight bytes at a time (SWAR: SIMD within a
// register): one word is checked for the bytes that end the plain part of a
// string (a quote, a backslash or a control character) with a few integer
// operations, and only the byte that stopped the scan goes through the exact
// byte-by-byte code. Strings are most of a record's bytes.

const (
	swarOnes = 0x0101010101010101
	swarHigh = 0x8080808080808080
)

// stopBytes has the high bit of each byte of x that is a quote, a
// backslash or below 0x20 set. Bits above the lowest set one may be wrong
// (a borrow runs into the next byte), the lowest one never is, so the
// first stop byte is at TrailingZeros64(m)/8. A set bit is never that of
// a byte with its high bit set.
//
// It is two of the classic "has a byte below n" tests, (y - n*0x01..)
// &^ y: x^0x02.. is below 0x21 exactly where x is a control character
// or a quote (0x22 becomes 0x20), x^'\\' is below 1 where x is a
// backslash. Neither changes a high bit, so the high bit of each y is
// x's, and one &^ x serves both.
func stopBytes(x uint64) uint64 {
	ctlOrQuote := x ^ swarK.quote
	slash := x ^ swarK.slash
	return ((ctlOrQuote + swarK.minus21) | (slash + swarK.minus1)) &^ x & swarK.high
}

// swarK holds stopBytes' five constants in memory, where the word loops
// read them as operands of their XOR, ADD and AND: written as constants,
// the compiler loads most of them into a register again with a 10-byte
// MOVQ in every round of the loops (it rematerialises constants rather
// than keep them in registers), two instructions for each where one does.
// (Adding 1<<64 - k is subtracting k.)
var swarK = struct{ quote, slash, minus21, minus1, high uint64 }{
	swarOnes * 0x02, swarOnes * '\\', 1<<64 - swarOnes*0x21, 1<<64 - swarOnes, swarHigh}

// skipPlain advances d.i over plain string bytes (plainWords).
func (d *decoder) skipPlain() uint64 {
	var or uint64
	d.i, or = plainWords(d.s, d.i)
	return or
}

// plainWords returns the index of the first byte at or after i that is
// '"', '\\' or a control character, looking at whole words: when fewer
// than eight bytes are left it stops early, at the first of them. It
// also returns the bytes it passed ORed together word-wise: only its
// high bits are meaningful, and tell whether any was non-ASCII.
func plainWords(s string, i int) (int, uint64) {
	var or uint64
	for ; i+8 <= len(s); i += 8 {
		x := load64(s, i)
		if m := stopBytes(x); m != 0 {
			// m-1 has the bits below the first stop byte's high bit,
			// and m's others, where x's high bits are clear
			return i + bits.TrailingZeros64(m)>>3, or | x&(m-1)
		}
		or |= x
	}
	return i, or
}

// str decodes the string literal at d.i (its opening quote). A string
// without escapes is a slice of the input; invalid UTF-8 becomes U+FFFD
// per bad byte, as Go's []rune conversion does.
func (d *decoder) str() (string, error) {
	d.i++ // opening quote
	start := d.i
	return d.strRest(start, d.skipPlain()&swarHigh != 0)
}

// strRest is str from d.i, where the plain bytes from start end; high
// tells whether any of them was non-ASCII.
func (d *decoder) strRest(start int, high bool) (string, error) {
	for d.i < len(d.s) {
		c := d.s[d.i]
		switch {
		case c == '"':
			s := d.s[start:d.i]
			d.i++
			if high && !utf8.ValidString(s) {
				return string([]rune(s)), nil
			}
			return s, nil
		case c == '\\':
			return d.escapedStr(start, high)
		case c < 0x20:
			return "", d.err("control character in string")
		}
		high = high || c >= 0x80
		d.i++
	}
	return "", d.err("unterminated string")
}

// boxedStr is boxString(str()) in one call: a plain ASCII string, the
// usual one, is boxed in the slab's chunk in place.
func (d *decoder) boxedStr() (any, error) {
	start := d.i + 1 // past the opening quote
	i, or := plainWords(d.s, start)
	d.i = i
	if sl := d.slab; sl != nil && i < len(d.s) && d.s[i] == '"' && or&swarHigh == 0 {
		if v, ok := boxInRoom(&sl.strs, d.s[start:i], stringBox); ok {
			d.i++
			return v, nil
		}
	}
	s, err := d.strRest(start, or&swarHigh != 0)
	if err != nil {
		return nil, err
	}
	return d.boxString(s), nil
}

// strFrom is boxedStr's rest: d.i is at the first stop byte of the string
// that starts at start (past its quote), high tells whether a byte
// before it was non-ASCII.
func (d *decoder) strFrom(start int, high bool) (any, error) {
	s, err := d.strRest(start, high)
	if err != nil {
		return nil, err
	}
	return d.boxString(s), nil
}

// skipStr validates the string literal at d.i as str does, with the same
// errors at the same offsets, without building it.
func (d *decoder) skipStr() error {
	d.i++ // opening quote
	for {
		d.skipPlain()
		if d.i >= len(d.s) {
			return d.err("unterminated string")
		}
		switch c := d.s[d.i]; {
		case c == '"':
			d.i++
			return nil
		case c == '\\':
			if err := d.skipEscape(); err != nil {
				return err
			}
		case c < 0x20:
			return d.err("control character in string")
		default:
			d.i++
		}
	}
}

// skipEscape validates the escape at d.i as escape does. A \u escape of a
// high surrogate need not look at the next escape: escape either combines
// it with a valid low surrogate or leaves it to be read as an escape of
// its own, and both are valid.
func (d *decoder) skipEscape() error {
	if d.i+1 >= len(d.s) {
		return d.err("unterminated string")
	}
	c := d.s[d.i+1]
	d.i += 2
	switch c {
	case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
		return nil
	case 'u':
		if _, ok := d.hex4(); !ok {
			return d.err("invalid \\u escape")
		}
		return nil
	}
	return d.err("invalid escape character")
}

// escapedStr decodes the rest of a string with escapes; d.i is at the
// first backslash, start at the string's first byte; nonASCII tells
// whether any byte before d.i was.
//
// The plain runs are copied a word at a time in its own loop (no call
// per run: between the escapes of JSON inside a string the runs are a
// few bytes long, and a call per run cost more than the run), each word
// stored whole and the bytes past its stop byte then cut off.
func (d *decoder) escapedStr(start int, nonASCII bool) (string, error) {
	buf := append(d.escapeBuf(len(d.s)-start), d.s[start:d.i]...)
	var high uint64 // the high bits of the raw bytes copied (what \u escapes add is valid UTF-8)
	if nonASCII {
		high = swarHigh
	}
	s, i := d.s, d.i
	for {
		for ; i+8 <= len(s); i += 8 {
			x := load64(s, i)
			buf = binary.LittleEndian.AppendUint64(buf, x)
			if m := stopBytes(x); m != 0 {
				// m-1: the bits below the stop byte's high bit, and m's others, where x's are clear
				n := bits.TrailingZeros64(m) >> 3
				buf = buf[:len(buf)-8+n]
				i += n
				high |= x & (m - 1)
				break
			}
			high |= x
		}
		if i >= len(s) {
			d.i = i
			return "", d.err("unterminated string")
		}
		c := s[i]
		switch {
		case c == '"':
			d.i = i + 1
			if high&swarHigh != 0 && !utf8.Valid(buf) {
				return string([]rune(string(buf))), nil
			}
			return d.text(buf), nil
		case c < 0x20:
			d.i = i
			return "", d.err("control character in string")
		case c != '\\':
			buf = append(buf, c)
			high |= uint64(c)
			i++
			continue
		}
		if i+1 < len(s) { // \" \\ \/ (JSON inside a string), without escape's call
			if e := s[i+1]; e == '"' || e == '\\' || e == '/' {
				buf = append(buf, e)
				i += 2
				continue
			}
		}
		d.i = i
		var err error
		if buf, err = d.escape(buf); err != nil {
			return "", err
		}
		i = d.i
	}
}

// nextStop is the index of the first quote, backslash or control byte
// in s at or after i, or len(s).
func nextStop(s string, i int) int {
	for ; len(s)-i >= 8; i += 8 {
		if m := stopBytes(load64(s, i)); m != 0 {
			return i + bits.TrailingZeros64(m)>>3
		}
	}
	if i == len(s) {
		return i
	}
	if k := len(s) - 8; k >= 0 {
		// the last word, its bytes before i made plain ('A')
		before := uint64(1)<<(8*(i-k)) - 1
		m := stopBytes(load64(s, k)&^before | swarOnes*'A'&before)
		if m == 0 {
			return len(s)
		}
		return k + bits.TrailingZeros64(m)>>3
	}
	for ; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c == '"' || c == '\\' {
			return i
		}
	}
	return i
}
