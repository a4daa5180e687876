package record

// canonicalMember is canonical for a record's nested member (usually a
// small object or array of them), trying quickCanonical first.
func canonicalMember(s string) bool {
	return quickCanonical(s) || canonical(s)
}

// quickCanonDepth is the nesting quickCanonical follows; deeper text is
// left to canonical.
const quickCanonDepth = 16

// quickCanonical is canonical for the usual text in one loop, without a
// call per value (what canonical spends on a nested member copied
// as it came, an array of small objects, is mostly its calls): it says
// yes only to canonical text, and no (not decided) to anything it does
// not follow — white space, escapes, exponents, numbers it would have to
// convert, deep nesting — which canonical then decides
// (TestQuickCanonicalAgrees).
//
// Like quickSkip, the containers around the value are bits of a word (1:
// an object); each open object keeps the keyBits of its keys so far and
// where it opened, so that a key whose bit an earlier key has is looked
// for among the earlier keys (repeatedKey, within the same budget as
// canonical's).
func quickCanonical(s string) bool {
	var keys [quickCanonDepth]uint64 // the keyBits of each open object's keys so far
	var opens [quickCanonDepth]int   // where each open object opened
	var objects uint64               // bit k: the container at level k+1 is an object
	depth, budget, i := 0, len(s), 0
	if !allASCII(s) { // (a string's bytes would have to be checked for valid UTF-8)
		return false
	}
value:
	if i >= len(s) {
		return false
	}
	switch c := s[i]; {
	case c == '"':
		if i = quickPlain(s, i+1); i >= len(s) || s[i] != '"' {
			var ok bool
			if i, ok = canonStringTail(s, i); !ok {
				return false
			}
		}
		i++
	case c == '{' || c == '[':
		i++
		if i < len(s) && s[i] == c+2 { // '}' or ']': empty
			i++
			break
		}
		if depth == quickCanonDepth {
			return false
		}
		keys[depth], opens[depth] = 0, i-1
		depth++
		objects = objects<<1 | uint64(c>>5&1) // '{' is 0x7b, '[' 0x5b
		if c == '{' {
			goto key
		}
		goto value
	case c == '-' || isDigit(c):
		// canonicalNumber's yes without converting: a short integer or
		// a short decimal (an exponent is neither a comma nor a closer:
		// the loop below says no to it)
		start := i
		if c == '-' {
			i++
		}
		intStart := i
		for i < len(s) && isDigit(s[i]) {
			i++
		}
		if i < len(s) && s[i] == '.' {
			point := i
			for i++; i < len(s) && isDigit(s[i]); i++ {
			}
			if !shortFraction(s, intStart, point, i) {
				return false
			}
		} else if !shortInteger(s, start, intStart, i) {
			return false
		}
	case c == 't' || c == 'n': // (the text is valid JSON: true or null)
		i += 4
	case c == 'f':
		i += 5
	default: // white space
		return false
	}
	// after a value: commas and the closers of its containers
	for depth > 0 {
		if i >= len(s) {
			return false
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
			return false
		}
		depth--
		objects >>= 1
	}
	return i == len(s)
key:
	if i >= len(s) || s[i] != '"' {
		return false
	}
	{
		end := quickPlain(s, i+1)
		if end >= len(s) || s[end] != '"' {
			var ok bool
			if end, ok = canonStringTail(s, end); !ok {
				return false
			}
		}
		k := s[i+1 : end]
		bit := keyBit(k)
		if keys[depth-1]&bit != 0 && repeatedKey(s, opens[depth-1], i, k, &budget) {
			return false
		}
		keys[depth-1] |= bit
		i = end + 1
	}
	if i >= len(s) || s[i] != ':' {
		return false
	}
	i++
	goto value
}

// canonStringTail goes on with a string from s[i], where quickPlain
// stopped short of its closing quote: over the last bytes of s (fewer
// than a word), it returns the index of the closing quote and true, or
// false at an escape or a control byte.
func canonStringTail(s string, i int) (int, bool) {
	for ; i < len(s); i++ {
		c := s[i]
		if c == '"' {
			return i, true
		}
		if c == '\\' || c < 0x20 {
			break
		}
	}
	return i, false
}

// allASCII reports whether s has no byte of 0x80 or more: swar.ASCII
// without its branch per word and its bounds checks, small enough to be
// inlined into quickCanonical (with swar.ASCII, BenchmarkCanonical/quick
// took about 5 % longer).
func allASCII(s string) bool {
	var or uint64
	i := 0
	for ; i+8 <= len(s); i += 8 {
		or |= load64(s, i)
	}
	for ; i < len(s); i++ {
		or |= uint64(s[i])
	}
	return or&swarHigh == 0
}
