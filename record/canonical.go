package record

import (
	"math"
	"math/bits"
	"strconv"
	"strings"
	"unicode/utf8"
)

// canonical reports whether s, a validated JSON value, is already written
// the way AppendJSON writes its decoding, so that it can be copied to the
// output as it is: no white space, strings without escapes and in valid
// UTF-8, numbers as AppendNumber writes them, no key twice in an object.
// It may say no to text that is canonical (wide objects, escapes); it never
// says yes to text that is not.
//
// The scan keeps its place in a local index passed from function to
// function (a call per object, array and value), where a scanner struct
// would store and reload it around every call.
func canonical(s string) bool {
	budget := len(s) // bytes the repeated-key checks may still read again
	end, ok := canonicalValue(s, 0, &budget)
	return ok && end == len(s)
}

// maxCanonicalKeys bounds the repeated-key check (quadratic); a wider
// object is decoded and encoded instead.
const maxCanonicalKeys = 64

// canonicalValue checks the value at s[i] and returns its end.
func canonicalValue(s string, i int, budget *int) (int, bool) {
	if i >= len(s) {
		return i, false
	}
	switch s[i] {
	case '{':
		if i+1 < len(s) && s[i+1] == '}' {
			return i + 2, true
		}
		return canonicalMembers(s, i, i+1, 0, 0, nil, budget)
	case '[':
		return canonicalArray(s, i, budget)
	case '"': // (here, not in a function: a call per string value was a good part of its cost)
		end, high := plainRun(s, i+1)
		if end < len(s) && s[end] == '"' {
			return end + 1, !high || utf8.ValidString(s[i+1:end])
		}
		return canonicalEscapedString(s, i)
	case 't', 'n':
		return i + 4, i+4 <= len(s)
	case 'f':
		return i + 5, i+5 <= len(s)
	}
	return canonicalNumber(s, i)
}

// keySpans is how many keys of an object canonicalWideObject remembers
// the place of, so that a key whose keyBit an earlier key has is compared
// with the earlier keys instead of scanning the object again: a record
// has keys enough (a dozen or two) for a collision of one-bit hashes to
// be likely, and for rereading the object at each to run past budget.
const keySpans = 24

// spanFrom is the number of keys before which a collision of key bits
// is checked by scanning the object again, as short as making spans
// (nested objects have a few keys).
const spanFrom = 4

// spanLimit bounds the texts whose places a span holds; the keys of a
// longer text are found by scanning again.
const spanLimit = 1 << 32

// canonicalMembers checks the members of the (not empty) object opened
// at s[open] from its n-th key, at s[i], on; bits has the keyBit of the
// keys before (a new bit is a new key). Without spans, the first key
// from the spanFrom-th on whose bit an earlier key has hands the rest to
// canonicalWideObject.
func canonicalMembers(s string, open, i, n int, bits uint64, spans *[keySpans]uint64, budget *int) (int, bool) {
	for ; ; n++ {
		if i >= len(s) || s[i] != '"' || n >= maxCanonicalKeys {
			return i, false
		}
		end, high := plainRun(s, i+1)
		if end >= len(s) || s[end] != '"' {
			return end, false // an escape in a key (repeated reads keys plainly)
		}
		k := s[i+1 : end]
		if high && !utf8.ValidString(k) {
			return end, false
		}
		if bit := keyBit(k); bits&bit == 0 {
			bits |= bit
		} else if spans == nil && n >= spanFrom {
			return canonicalWideObject(s, open, i, n, bits, budget)
		} else if repeatedSpan(s, spans, n, open, i, k, budget) {
			return end, false
		}
		if spans != nil && n < keySpans {
			spans[n] = uint64(i+1)<<32 | uint64(end)
		}
		i = end + 1
		if i >= len(s) || s[i] != ':' {
			return i, false
		}
		var ok bool
		if i, ok = canonicalValue(s, i+1, budget); !ok || i >= len(s) {
			return i, false
		}
		switch s[i] {
		case ',':
			i++
		case '}':
			return i + 1, true
		default:
			return i, false
		}
	}
}

// canonicalWideObject goes on with the object opened at s[open] from its
// n-th key, at s[at], whose bit an earlier key has: it notes where the
// keys before are (read once more, once) and has the keys that follow
// compared with those.
func canonicalWideObject(s string, open, at, n int, bits uint64, budget *int) (int, bool) {
	var spans [keySpans]uint64
	for i, j := open+1, 0; i < at && j < keySpans && len(s) < spanLimit; j++ {
		end := i + 1 + strings.IndexByte(s[i+1:], '"') // no escapes: canonical
		spans[j] = uint64(i+1)<<32 | uint64(end)
		i = skipCanonical(s, end+2) + 1 // past ':', the value and ','
	}
	return canonicalMembers(s, open, at, n, bits, &spans, budget)
}

// repeatedSpan reports whether k, the n-th key, at s[at], is a key
// before it: one of the keys noted in spans, or without spans or when
// there are more keys, one found by scanning the object again
// (repeatedKey).
func repeatedSpan(s string, spans *[keySpans]uint64, n, open, at int, k string, budget *int) bool {
	if spans == nil || n > keySpans || len(s) >= spanLimit {
		return repeatedKey(s, open, at, k, budget)
	}
	for _, sp := range spans[:n] {
		if s[sp>>32:uint32(sp)] == k {
			return true
		}
	}
	return false
}

// canonicalArray checks the array opened at s[open].
func canonicalArray(s string, open int, budget *int) (int, bool) {
	i := open + 1
	if i < len(s) && s[i] == ']' {
		return i + 1, true
	}
	for {
		var ok bool
		if i, ok = canonicalValue(s, i, budget); !ok || i >= len(s) {
			return i, false
		}
		switch s[i] {
		case ',':
			i++
		case ']':
			return i + 1, true
		default:
			return i, false
		}
	}
}

// repeatedKey reports whether k, the key whose opening quote is at
// s[at], is also a key before it in the object opened at s[open]. The
// text between was found canonical, so its keys are found by skipping
// values plainly. All these reads together may not pass the length of
// the text (budget): past it the answer is yes, and the text is decoded
// and encoded instead of copied.
func repeatedKey(s string, open, at int, k string, budget *int) bool {
	if *budget -= at - open; *budget < 0 {
		return true
	}
	for i := open + 1; i < at; {
		j := i + 1 + strings.IndexByte(s[i+1:], '"') // no escapes: canonical
		if s[i+1:j] == k {
			return true
		}
		i = skipCanonical(s, j+2) + 1 // past ':', the value and ','
	}
	return false
}

// skipCanonical returns the end of the canonical value at s[i].
func skipCanonical(s string, i int) int {
	depth := 0
	for ; i < len(s); i++ {
		switch s[i] {
		case '"': // to the closing quote, past escaped ones (values may have escapes)
			for i++; s[i] != '"'; i++ {
				if s[i] == '\\' {
					i++
				}
			}
		case '{', '[':
			depth++
		case '}', ']':
			if depth--; depth < 0 {
				return i
			}
		case ',':
			if depth == 0 {
				return i
			}
		}
		if depth == 0 && (s[i] == '"' || s[i] == '}' || s[i] == ']') {
			return i + 1
		}
	}
	return i
}

// plainRun returns the index of the first quote, backslash or control
// byte at or after i (len(s) when there is none) and whether a byte
// before it is not ASCII.
func plainRun(s string, i int) (int, bool) {
	var or uint64
	for ; i+8 <= len(s); i += 8 { // plainWords, without a call per string
		x := load64(s, i)
		if m := stopBytes(x); m != 0 {
			return i + bits.TrailingZeros64(m)>>3, (or|x&(m-1))&swarHigh != 0
		}
		or |= x
	}
	for ; i < len(s); i++ {
		c := s[i]
		if c == '"' || c == '\\' || c < 0x20 {
			break
		}
		or |= uint64(c)
	}
	return i, or&swarHigh != 0
}

// canonicalEscapedString checks the string value at s[i] (its opening
// quote) when it has escapes: only those AppendString writes (\" \\ \b \f
// \n \r \t, and \u00xx in lower case for the other control characters)
// keep it canonical.
func canonicalEscapedString(s string, i int) (int, bool) {
	i++
	for {
		from := i
		i = nextStop(s, i)
		if !utf8.ValidString(s[from:i]) { // (escapes are ASCII: no character spans one)
			return i, false
		}
		if i+1 >= len(s) {
			return i, false
		}
		switch ch := s[i]; {
		case ch == '"':
			return i + 1, true
		case ch < 0x20:
			return i, false
		}
		switch s[i+1] { // a backslash
		case '"', '\\', 'b', 'f', 'n', 'r', 't':
			i += 2
		case 'u':
			if len(s)-i < 6 || !controlEscape(s[i+2:i+6]) {
				return i, false
			}
			i += 6
		default:
			return i, false
		}
	}
}

// controlEscape reports whether the four hex digits h are how
// AppendString writes a character: 00xx in lower case, a control
// character without a short escape.
func controlEscape(h string) bool {
	if h[0] != '0' || h[1] != '0' || h[2] > '1' || h[2] < '0' {
		return false
	}
	lo := strings.IndexByte(hexDigits, h[3])
	if lo < 0 {
		return false
	}
	switch byte(h[2]-'0')<<4 | byte(lo) {
	case '\b', '\f', '\n', '\r', '\t':
		return false
	}
	return true
}

// canonicalNumber checks the number at s[start]: an integer or a decimal
// in one pass over its digits, when it is one of the kinds that need no
// conversion to tell (shortInteger, shortFraction); any other by
// converting it (canonicalOtherNumber).
func canonicalNumber(s string, start int) (int, bool) {
	i := start
	if i < len(s) && s[i] == '-' {
		i++
	}
	intStart := i
	for i < len(s) && isDigit(s[i]) {
		i++
	}
	intEnd := i
	if i < len(s) && s[i] == '.' {
		for i++; i < len(s) && isDigit(s[i]); i++ {
		}
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E' || s[i] == '+' || s[i] == '-') { // an exponent
		return canonicalOtherNumber(s, start)
	}
	if intEnd == i { // no fraction
		if shortInteger(s, start, intStart, i) {
			return i, true
		}
	} else if shortFraction(s, intStart, intEnd, i) {
		return i, true
	}
	return canonicalOtherNumber(s, start)
}

// shortInteger reports whether the integer s[start:end], whose digits
// begin at intStart (after its minus), is decoded exactly and written
// back digit for digit: it has digits, at most 15 bytes, and is not -0.
func shortInteger(s string, start, intStart, end int) bool {
	return end > intStart && end-start < 16 && s[start:end] != "-0"
}

// shortFraction reports whether the decimal whose integer digits are
// s[intStart:point] and whose fraction runs from the point to end is
// written as JavaScript writes numbers (55.96, -0.25, 0.000015: no
// exponent, no leading zero but the one before a point, no trailing zero
// after it) with at most 15 significant digits and a value of at least
// 10^-6 (smaller ones are written with an exponent). Such a number is its
// own text, so that no conversion need tell: decimals of at most 15
// significant digits read back as themselves (a float64 holds 15 digits),
// so the float64 that it reads as has no shorter decimal (it would read
// back as that float64 too, and two such decimals cannot), and it is the
// shortest one, the one AppendNumber writes (TestShortDecimalIsCanonical).
func shortFraction(s string, intStart, point, end int) bool {
	intDigits, fracStart := point-intStart, point+1
	if intDigits == 0 || intDigits > 1 && s[intStart] == '0' || end == fracStart || s[end-1] == '0' {
		return false
	}
	significant := intDigits + end - fracStart
	if s[intStart] == '0' { // 0.000ddd: the zeros are not significant
		zeros := 0
		for s[fracStart+zeros] == '0' {
			zeros++
		}
		if zeros > 5 { // below 10^-6
			return false
		}
		significant = end - fracStart - zeros
	}
	return significant <= 15
}

// canonicalOtherNumber checks the number at s[start] that
// canonicalNumber's quick checks do not tell about (an exponent, a long
// integer, -0, a long or zero-padded decimal) by converting it: it is
// canonical when AppendNumber writes it back as it came.
func canonicalOtherNumber(s string, start int) (int, bool) {
	i := start
	for ; i < len(s); i++ {
		if ch := s[i]; ch != '.' && ch != 'e' && ch != 'E' && ch != '+' && ch != '-' && !isDigit(ch) {
			break
		}
	}
	lit := s[start:i]
	f, err := strconv.ParseFloat(lit, 64)
	if err != nil || math.IsInf(f, 0) {
		return i, false
	}
	var buf [32]byte
	return i, string(AppendNumber(buf[:0], f)) == lit
}
