package jsstr

// TrimChars is lodash's trim(s, chars): it removes from both ends every
// symbol that occurs in chars (chars is a set, "fast" trims any of f, a, s,
// t). An empty chars trims JavaScript white space, like trim(s).
func TrimChars(s, chars string) string {
	if chars == "" {
		return Trim(s)
	}
	if simpleSet(s, chars) {
		return trimSimple(s, chars, true, true)
	}
	b, set := symbolBounds(s), toSymbols(chars)
	start, end := symStart(s, b, set), symEnd(s, b, set)
	return sliceSyms(s, b, start, end)
}

// TrimStartChars is lodash's trimStart(s, chars); empty chars trims white space.
func TrimStartChars(s, chars string) string {
	if chars == "" {
		return TrimStart(s)
	}
	if simpleSet(s, chars) {
		return trimSimple(s, chars, true, false)
	}
	b := symbolBounds(s)
	return sliceSyms(s, b, symStart(s, b, toSymbols(chars)), len(b)-1)
}

// TrimEndChars is lodash's trimEnd(s, chars); empty chars trims white space.
func TrimEndChars(s, chars string) string {
	if chars == "" {
		return TrimEnd(s)
	}
	if simpleSet(s, chars) {
		return trimSimple(s, chars, false, true)
	}
	b := symbolBounds(s)
	return sliceSyms(s, b, 0, symEnd(s, b, toSymbols(chars)))
}

// simpleSet reports whether both strings split into single runes.
func simpleSet(s, chars string) bool { return !hasUnicode(s) && !hasUnicode(chars) }

func inSet(chars string, r rune) bool {
	for i := 0; i < len(chars); {
		c, n := decodeUnit(chars, i)
		if c == r {
			return true
		}
		i += n
	}
	return false
}

func trimSimple(s, chars string, left, right bool) string {
	i, j := 0, len(s)
	for left && i < j {
		r, n := decodeUnit(s, i)
		if !inSet(chars, r) {
			break
		}
		i += n
	}
	for right && j > i {
		k := lastRuneStart(s, i, j)
		r, _ := decodeUnit(s, k)
		if !inSet(chars, r) {
			break
		}
		j = k
	}
	return s[i:j]
}

// lastRuneStart returns the start of the last unit of s[lo:hi] (hi > lo).
func lastRuneStart(s string, lo, hi int) int {
	for k := hi - 1; k >= lo && k >= hi-4; k-- {
		if s[k] < 0x80 || s[k] >= 0xC0 {
			if _, n := decodeUnit(s, k); k+n == hi {
				return k
			}
			break
		}
	}
	return hi - 1
}

func contains(set []string, sym string) bool {
	for _, c := range set {
		if c == sym {
			return true
		}
	}
	return false
}

func symStart(s string, b []int, set []string) int {
	i, n := 0, len(b)-1
	for i < n && contains(set, s[b[i]:b[i+1]]) {
		i++
	}
	return i
}

func symEnd(s string, b []int, set []string) int {
	j := len(b) - 1
	for j > 0 && contains(set, s[b[j-1]:b[j]]) {
		j--
	}
	return j
}

func sliceSyms(s string, b []int, start, end int) string {
	if start >= end {
		return ""
	}
	return s[b[start]:b[end]]
}
