package l10n

import (
	"sort"
	"strconv"
	"sync"
	"unicode"
)

// runeSet is a set of runes: an ASCII bitmap plus sorted, disjoint,
// non-adjacent ranges for the rest.
type runeSet struct {
	ascii  [2]uint64
	ranges []runeRange
}

type runeRange struct{ lo, hi rune }

// has reports whether r is in the set.
func (s *runeSet) has(r rune) bool {
	if r < 128 {
		return s.ascii[r>>6]&(1<<(r&63)) != 0
	}
	rs := s.ranges
	i := sort.Search(len(rs), func(i int) bool { return rs[i].hi >= r })
	return i < len(rs) && rs[i].lo <= r
}

// newRuneSet builds a set from possibly overlapping ranges.
func newRuneSet(in []runeRange) *runeSet {
	sort.Slice(in, func(i, j int) bool { return in[i].lo < in[j].lo })
	s := &runeSet{}
	for _, r := range in {
		for c := r.lo; c <= r.hi && c < 128; c++ {
			s.ascii[c>>6] |= 1 << (c & 63)
		}
		if r.hi < 128 {
			continue
		}
		r.lo = max(r.lo, 128)
		if n := len(s.ranges); n > 0 && r.lo <= s.ranges[n-1].hi+1 {
			s.ranges[n-1].hi = max(s.ranges[n-1].hi, r.hi)
			continue
		}
		s.ranges = append(s.ranges, r)
	}
	return s
}

// parseClass parses the body of a JS character class as used in alpha.js:
// literal characters, ranges "a-b", \uXXXX escapes and \s.
func parseClass(body string) []runeRange {
	rs := []rune(body)
	var out []runeRange
	for i := 0; i < len(rs); {
		lo, n := classAtom(rs, i)
		if lo < 0 { // \s
			out = append(out, jsSpaceRanges...)
			i += n
			continue
		}
		i += n
		hi := lo
		if i+1 < len(rs) && rs[i] == '-' {
			hi, n = classAtom(rs, i+1)
			i += 1 + n
		}
		out = append(out, runeRange{lo, hi})
	}
	return out
}

// classAtom decodes one class atom at rs[i]: its rune (-1 for \s) and its
// length in runes.
func classAtom(rs []rune, i int) (rune, int) {
	if rs[i] != '\\' || i+1 >= len(rs) {
		return rs[i], 1
	}
	switch rs[i+1] {
	case 's':
		return -1, 2
	case 'u':
		v, err := strconv.ParseUint(string(rs[i+2:i+6]), 16, 32)
		if err != nil {
			panic("l10n: bad class escape")
		}
		return rune(v), 6
	}
	return rs[i+1], 2
}

var jsSpaceRanges = []runeRange{
	{'\t', '\r'}, {' ', ' '}, {0xa0, 0xa0}, {0x1680, 0x1680}, {0x2000, 0x200a},
	{0x2028, 0x2029}, {0x202f, 0x202f}, {0x205f, 0x205f}, {0x3000, 0x3000},
	{0xfeff, 0xfeff},
}

// jsCanon is the Canonicalize operation of a non-unicode, ignoreCase JS
// regex: the upper-case mapping of ch when it is a single code unit and does
// not map a non-ASCII character to ASCII; otherwise ch itself.
func jsCanon(ch rune) rune {
	if multiUpper(ch) {
		return ch
	}
	u := unicode.ToUpper(ch)
	if u > 0xffff || (ch >= 128 && u < 128) {
		return ch
	}
	return u
}

// multiUpper reports the BMP characters whose simple upper-case mapping
// exists but whose full mapping (used by JS toUpperCase) has several code
// units: the Greek letters with ypogegrammeni.
func multiUpper(ch rune) bool {
	switch {
	case ch >= 0x1f80 && ch <= 0x1faf:
		return true
	}
	switch ch {
	case 0x1fb3, 0x1fbc, 0x1fc3, 0x1fcc, 0x1ff3, 0x1ffc:
		return true
	}
	return false
}

var (
	canonOnce sync.Once
	canonInv  map[rune][]rune // canonical rune -> other BMP runes with it
)

// canonInverse returns, for each canonical rune, the other BMP runes that
// canonicalize to it.
func canonInverse() map[rune][]rune {
	canonOnce.Do(func() {
		canonInv = make(map[rune][]rune)
		for c := rune(0); c <= 0xffff; c++ {
			if u := jsCanon(c); u != c {
				canonInv[u] = append(canonInv[u], c)
			}
		}
	})
	return canonInv
}

// foldRanges closes a class under JS ignoreCase matching: c matches when
// jsCanon(c) equals jsCanon(m) for some member m.
func foldRanges(in []runeRange) []runeRange {
	inv := canonInverse()
	out := append([]runeRange(nil), in...)
	seen := make(map[rune]bool)
	for _, r := range in {
		for c := r.lo; c <= r.hi; c++ {
			u := jsCanon(c)
			if u == c && len(inv[u]) == 0 || seen[u] {
				continue
			}
			seen[u] = true
			out = append(out, runeRange{u, u})
			for _, o := range inv[u] {
				out = append(out, runeRange{o, o})
			}
		}
	}
	return out
}
