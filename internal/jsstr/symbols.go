package jsstr

// lodash's string-to-"symbols" split (_stringToArray / _unicodeToArray /
// _hasUnicode, lodash 4.17.21, MIT): a string that contains a ZWJ, an astral
// character, a combining mark or a variation selector is split into
// grapheme-like symbols; any other string into code units.

func isCombo(r rune) bool {
	return (r >= 0x300 && r <= 0x36F) || (r >= 0xFE20 && r <= 0xFE2F) || (r >= 0x20D0 && r <= 0x20FF)
}

func isVarSel(r rune) bool   { return r == 0xFE0E || r == 0xFE0F }
func isFitz(r rune) bool     { return r >= 0x1F3FB && r <= 0x1F3FF }
func isRegional(r rune) bool { return r >= 0x1F1E6 && r <= 0x1F1FF }
func isAstral(r rune) bool   { return r >= 0x10000 || (r >= 0xD800 && r <= 0xDFFF) }

// hasUnicode is lodash's reHasUnicode test.
func hasUnicode(s string) bool {
	for i := 0; i < len(s); {
		if s[i] < 0x80 {
			i++
			continue
		}
		r, n := decodeUnit(s, i)
		if r == 0x200D || isAstral(r) || isCombo(r) || isVarSel(r) {
			return true
		}
		i += n
	}
	return false
}

// symbolBounds is lodash's stringToArray expressed as byte offsets: symbol k
// of s is s[b[k]:b[k+1]] (len(b) is the symbol count plus one).
func symbolBounds(s string) []int {
	b := make([]int, 1, len(s)+1)
	uni := hasUnicode(s)
	for i := 0; i < len(s); {
		n := 0
		if uni {
			n = symbolLen(s, i)
		} else {
			_, n = decodeUnit(s, i)
		}
		i += n
		b = append(b, i)
	}
	return b
}

// toSymbols is lodash's stringToArray, returning substrings of s.
func toSymbols(s string) []string {
	b := symbolBounds(s)
	out := make([]string, len(b)-1)
	for k := range out {
		out[k] = s[b[k]:b[k+1]]
	}
	return out
}

// runeAt decodes the rune at s[i:], returning size 0 at the end of s.
func runeAt(s string, i int) (rune, int) {
	if i >= len(s) {
		return -1, 0
	}
	return decodeUnit(s, i)
}

// symbolLen is the length of lodash's reUnicode match starting at s[i]:
//
//	fitz(?=fitz) | (?:nonAstral combo? | combo | regional{2} | astral) seq
func symbolLen(s string, i int) int {
	r, n := runeAt(s, i)
	if isFitz(r) {
		if r2, _ := runeAt(s, i+n); isFitz(r2) {
			return n
		}
	}
	j := i + n
	switch {
	case !isAstral(r):
		if r2, n2 := runeAt(s, j); isCombo(r2) {
			j += n2
		}
	case isRegional(r):
		if r2, n2 := runeAt(s, j); isRegional(r2) {
			j += n2
		}
	}
	return seqEnd(s, j) - i
}

// seqEnd consumes lodash's rsSeq: varSel? modifier? (ZWJ (nonAstral |
// regional{2} | astral) varSel? modifier?)*.
func seqEnd(s string, j int) int {
	j = optMods(s, j)
	for {
		r, n := runeAt(s, j)
		if r != 0x200D {
			return j
		}
		k := joinedEnd(s, j+n)
		if k < 0 {
			return j
		}
		j = optMods(s, k)
	}
}

// optMods consumes varSel? (combo | fitz)?.
func optMods(s string, j int) int {
	if r, n := runeAt(s, j); isVarSel(r) {
		j += n
	}
	if r, n := runeAt(s, j); isCombo(r) || isFitz(r) {
		j += n
	}
	return j
}

// joinedEnd consumes the character after a ZWJ, or returns -1.
func joinedEnd(s string, j int) int {
	r, n := runeAt(s, j)
	switch {
	case n == 0:
		return -1
	case isRegional(r):
		if r2, n2 := runeAt(s, j+n); isRegional(r2) {
			return j + n + n2
		}
	}
	return j + n
}
