package record

import "math/bits"

// A record's nested members that no rule reads are only validated
// (skipped) and kept as text. skipValue does so with the decoder's
// exact errors, one function call per value; quickSkip validates the
// usual text (no white space, nesting up to quickDepth) in one loop and
// leaves anything else, invalid text included, to skipValue, which then
// gives the error. quickSkip never accepts text skipValue rejects, and
// ends where it ends (TestQuickSkipAgrees).

// quickDepth is the nesting quickSkip follows (one bit per level).
const quickDepth = 64

// skipAny validates the value at d.i as skipValue does, trying quickSkip
// first. (Only here, at the top of a skipped value: trying it at every
// level of skipValue's recursion could read deep text once per level.)
func (d *decoder) skipAny() error {
	_, err := d.skipMember()
	return err
}

// skipMember is skipAny returning the value's text, for the decoder's
// lazy members: it validates one JSON value at d.i without building it.
func (d *decoder) skipMember() (string, error) {
	start := d.i
	if d.depth+quickDepth <= maxDepth {
		if end, ok := quickSkip(d.s, start); ok {
			d.i = end
			return d.s[start:end], nil
		}
	}
	if err := d.skipValue(); err != nil {
		return "", err
	}
	return d.s[start:d.i], nil
}

// quickSkip validates the JSON value at s[i] and returns the index just
// past it; ok false means it did not decide (white space, deep nesting,
// or an error): the caller validates the value the exact way.
//
// It is one loop without a call per token (what a skipped member costs
// is mostly its dispatch): a string's plain bytes are passed a word at a
// time in the loop (quickPlain), a number's digits in place; only escapes,
// a string near the end of s, exponents and literals go to a function.
// The containers around the value are bits of a word (1: an object), so
// a closer is checked with one comparison.
func quickSkip(s string, i int) (end int, ok bool) {
	var objects uint64 // bit k: the container at level k+1 is an object
	depth := 0
value:
	if i >= len(s) {
		return i, false
	}
	switch c := s[i]; {
	case c == '"':
		if i = quickPlain(s, i+1); i < len(s) && s[i] == '"' {
			i++
		} else if i, ok = quickStringRest(s, i); !ok {
			return i, false
		}
	case c == '{' || c == '[':
		if depth == quickDepth {
			return i, false
		}
		i++
		if i < len(s) && s[i] == c+2 { // '}' or ']': empty
			i++
			break
		}
		depth++
		objects = objects<<1 | uint64(c>>5&1) // '{' is 0x7b, '[' 0x5b
		if c == '{' {
			goto key
		}
		goto value
	case c == '-' || isDigit(c):
		// -?(0|[1-9][0-9]*)(\.[0-9]+)? here, an exponent by quickExponent
		if c == '-' {
			i++
		}
		switch {
		case i < len(s) && s[i] == '0':
			i++
		case i < len(s) && isDigit(s[i]):
			i = skipDigits(s, i+1)
		default:
			return i, false
		}
		if i < len(s) && s[i] == '.' {
			j := skipDigits(s, i+1)
			if j == i+1 {
				return j, false
			}
			i = j
		}
		if i < len(s) && s[i]|0x20 == 'e' {
			if i, ok = quickExponent(s, i); !ok {
				return i, false
			}
		}
	default:
		if i, ok = quickLiteral(s, i); !ok {
			return i, false
		}
	}
	// after a value: commas and the closers of its containers
	for depth > 0 {
		if i >= len(s) {
			return i, false
		}
		c := s[i]
		i++
		if c == ',' {
			if objects&1 != 0 {
				goto key
			}
			goto value
		}
		if c != ']'|byte(objects&1)<<5 { // '}' is 0x7d, ']' 0x5d
			return i - 1, false
		}
		depth--
		objects >>= 1
	}
	return i, true
key:
	if i >= len(s) || s[i] != '"' {
		return i, false
	}
	if i = quickPlain(s, i+1); i < len(s) && s[i] == '"' {
		i++
	} else if i, ok = quickStringRest(s, i); !ok {
		return i, false
	}
	if i >= len(s) || s[i] != ':' {
		return i, false
	}
	i++
	goto value
}

// quickPlain is the index of the first stop byte (stopBytes) at or after
// i, looking at whole words: when fewer than eight bytes are left it
// stops early, at the first of them. Small enough to be inlined.
func quickPlain(s string, i int) int {
	for ; i+8 <= len(s); i += 8 {
		if m := stopBytes(load64(s, i)); m != 0 {
			return i + bits.TrailingZeros64(m)>>3
		}
	}
	return i
}

// quickStringRest skips the rest of a string literal from s[i], inside
// it, where quickPlain stopped short of its closing quote.
func quickStringRest(s string, i int) (int, bool) {
	for {
		if i >= len(s) {
			return i, false
		}
		switch c := s[i]; {
		case c == '"':
			return i + 1, true
		case c == '\\':
			if i+1 >= len(s) {
				return i, false
			}
			switch s[i+1] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				i += 2
			case 'u':
				if len(s)-i < 6 || !isHex4(s[i+2:i+6]) {
					return i, false
				}
				i += 6
			default:
				return i, false
			}
		case c < 0x20:
			return i, false
		default:
			i++
		}
		i = quickPlain(s, i)
	}
}

// quickLiteral skips true, false or null at s[i].
func quickLiteral(s string, i int) (int, bool) {
	switch {
	case len(s)-i >= 4 && (s[i:i+4] == "true" || s[i:i+4] == "null"):
		return i + 4, true
	case len(s)-i >= 5 && s[i:i+5] == "false":
		return i + 5, true
	}
	return i, false
}

func isHex4(h string) bool {
	for j := 0; j < 4; j++ {
		if digitVal(h[j]) > 15 {
			return false
		}
	}
	return true
}

// quickExponent skips the exponent of a number at s[i] (its e or E).
func quickExponent(s string, i int) (int, bool) {
	i++
	if i < len(s) && (s[i] == '+' || s[i] == '-') {
		i++
	}
	j := skipDigits(s, i)
	return j, j > i
}

func skipDigits(s string, i int) int {
	for i < len(s) && isDigit(s[i]) {
		i++
	}
	return i
}
