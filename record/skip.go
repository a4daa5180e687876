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
// lazy members: one call to the quick way, not three.
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
func quickSkip(s string, i int) (end int, ok bool) {
	var objects uint64 // bit k: the container at level k+1 is an object
	depth := 0
value:
	if i >= len(s) {
		return i, false
	}
	switch c := s[i]; {
	case c == '"':
		if i, ok = quickString(s, i); !ok {
			return i, false
		}
	case c == '{' || c == '[':
		if depth == quickDepth {
			return i, false
		}
		objects <<= 1
		if c == '{' {
			objects |= 1
		}
		depth++
		i++
		if i < len(s) && s[i] == c+2 { // '}' or ']'
			i++
			depth--
			objects >>= 1
			break
		}
		if c == '{' {
			goto key
		}
		goto value
	case c == '-' || isDigit(c):
		if i, ok = quickNumber(s, i); !ok {
			return i, false
		}
	case c == 't' && len(s)-i >= 4 && s[i:i+4] == "true",
		c == 'n' && len(s)-i >= 4 && s[i:i+4] == "null":
		i += 4
	case c == 'f' && len(s)-i >= 5 && s[i:i+5] == "false":
		i += 5
	default:
		return i, false
	}
	// after a value
	for depth > 0 {
		if i >= len(s) {
			return i, false
		}
		inObject := objects&1 == 1
		switch s[i] {
		case ',':
			i++
			if inObject {
				goto key
			}
			goto value
		case '}':
			if !inObject {
				return i, false
			}
		case ']':
			if inObject {
				return i, false
			}
		default:
			return i, false
		}
		i++
		depth--
		objects >>= 1
	}
	return i, true
key:
	if i >= len(s) || s[i] != '"' {
		return i, false
	}
	if i, ok = quickString(s, i); !ok || i >= len(s) || s[i] != ':' {
		return i, false
	}
	i++
	goto value
}

// quickString skips the string literal at s[i] (its opening quote).
func quickString(s string, i int) (int, bool) {
	i++
	for {
		// the plain bytes a word at a time (near the end, byte by byte);
		// no need of plainWords' record of non-ASCII bytes
		for ; i+8 <= len(s); i += 8 {
			if m := stopBytes(load64(s, i)); m != 0 {
				i += bits.TrailingZeros64(m) >> 3
				break
			}
		}
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
	}
}

func isHex4(h string) bool {
	for j := 0; j < 4; j++ {
		if digitVal(h[j]) > 15 {
			return false
		}
	}
	return true
}

// quickNumber skips the number at s[i] as the JSON grammar has it.
func quickNumber(s string, i int) (int, bool) {
	if s[i] == '-' {
		i++
	}
	switch {
	case i >= len(s) || !isDigit(s[i]):
		return i, false
	case s[i] == '0':
		i++
	default:
		i = skipDigits(s, i)
	}
	if i < len(s) && s[i] == '.' {
		j := skipDigits(s, i+1)
		if j == i+1 {
			return i, false
		}
		i = j
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		j := skipDigits(s, i)
		if j == i {
			return i, false
		}
		i = j
	}
	return i, true
}

func skipDigits(s string, i int) int {
	for i < len(s) && isDigit(s[i]) {
		i++
	}
	return i
}
