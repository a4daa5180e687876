package jsre

import (
	"math/bits"
	"regexp/syntax"
	"strings"
)

// maxLiterals bounds the size of the literal sets the analysis builds.
const maxLiterals = 32

// litSet is a set of strings one of which a pattern fragment matches
// exactly (exact) — the fragment matches nothing else.
type litSet []string

// exactSet returns the strings a fragment matches when it matches only a
// small finite set of literal strings (case-sensitive), or ok=false. A
// fragment that can match U+FFFD is not a literal set: RE2 matches it
// against every invalid UTF-8 byte of the input, a byte search would not.
func exactSet(re *syntax.Regexp) (litSet, bool) { return setOf(re, exactAtom) }

// exactAtom is the literal set of a case-sensitive literal or a small class.
func exactAtom(re *syntax.Regexp) (litSet, bool) {
	if re.Op == syntax.OpCharClass {
		return classSet(re)
	}
	if re.Flags&syntax.FoldCase != 0 || !plainRunes(re.Rune) {
		return nil, false
	}
	return litSet{string(re.Rune)}, true
}

// setOf builds the literal set of alternations and concatenations (at most
// maxLiterals strings) whose literals and classes atom reads.
func setOf(re *syntax.Regexp, atom func(*syntax.Regexp) (litSet, bool)) (litSet, bool) {
	switch re.Op {
	case syntax.OpLiteral, syntax.OpCharClass:
		return atom(re)
	case syntax.OpEmptyMatch:
		return litSet{""}, true
	case syntax.OpCapture:
		return setOf(re.Sub[0], atom)
	case syntax.OpAlternate:
		var out litSet
		for _, s := range re.Sub {
			set, ok := setOf(s, atom)
			if !ok || len(out)+len(set) > maxLiterals {
				return nil, false
			}
			out = append(out, set...)
		}
		return out, true
	case syntax.OpConcat:
		out := litSet{""}
		for _, s := range re.Sub {
			set, ok := setOf(s, atom)
			if !ok || len(out)*len(set) > maxLiterals {
				return nil, false
			}
			out = cross(out, set)
		}
		return out, true
	}
	return nil, false
}

func classSet(re *syntax.Regexp) (litSet, bool) {
	var out litSet
	for i := 0; i+1 < len(re.Rune); i += 2 {
		for r := re.Rune[i]; r <= re.Rune[i+1]; r++ {
			if len(out) >= 8 || !plainRune(r) {
				return nil, false
			}
			out = append(out, string(r))
		}
	}
	return out, len(out) > 0
}

func cross(a, b litSet) litSet {
	out := make(litSet, 0, len(a)*len(b))
	for _, x := range a {
		for _, y := range b {
			out = append(out, x+y)
		}
	}
	return out
}

// containsAny reports whether s contains any of the strings.
func (l litSet) containsAny(s string) bool {
	for _, x := range l {
		if strings.Contains(s, x) {
			return true
		}
	}
	return false
}

// litFinder finds the strings of a set in a text. When they share a
// prefix, or else a suffix, it scans once for that and tries each string
// where it occurs (/.*[?&]q=.*/ looks for "q=" once, not for "?q=" and
// then "&q="); otherwise once per string.
type litFinder struct {
	set            litSet
	prefix, suffix string // what the strings share (one of them at most), or ""
	// starts: for a set of up to 8 non-empty strings sharing no prefix,
	// which of them start with each byte (and pair of bytes); nil otherwise
	starts *startTable
}

// startTable tells which strings of a set (bit i: set[i]) may start
// where: the ones whose first byte is the byte there and whose second is
// the byte after it (a one-byte string has every second byte).
type startTable struct {
	first, second [256]uint8
}

func newLitFinder(set litSet) litFinder {
	f := litFinder{set: set, prefix: set.shared(false)}
	if f.prefix == "" {
		f.suffix = set.shared(true)
		f.starts = startBytes(set)
	}
	return f
}

// startBytes is litFinder.starts for set.
func startBytes(set litSet) *startTable {
	if len(set) < 2 || len(set) > 8 {
		return nil
	}
	var t startTable
	for i, x := range set {
		if x == "" {
			return nil
		}
		t.first[x[0]] |= 1 << i
		for c := range t.second {
			if len(x) == 1 || x[1] == byte(c) {
				t.second[c] |= 1 << i
			}
		}
	}
	return &t
}

// byStart is the smallest position >= from where a string of the set
// occurs, or -1, and which one (the first in the set's order), found in
// one pass over s that tries the strings starting with each pair of bytes:
// for a short text it beats a search per string (each of which reads the
// text to its end when its string is absent).
func (f *litFinder) byStart(s string, from int) (at, which int) {
	for i := from; ; i++ {
		var m uint8
		if i, m = f.starts.next(s, i); m == 0 {
			return -1, 0
		}
		for ; m != 0; m &= m - 1 {
			k := bits.TrailingZeros8(m)
			if x := f.set[k]; endsAt(s, i, x) && s[i:i+len(x)] == x {
				return i, k
			}
		}
	}
}

// next is the first position >= i where a string of the set may start by
// its first two bytes (its first at the end of s) and which strings may
// (m), or len(s) and 0; a loop of its own, so that nothing of byStart's is
// kept on the stack on every byte (the usual byte starts nothing), and the
// second byte is read only where the first fits.
func (t *startTable) next(s string, i int) (at int, m uint8) {
	if i >= len(s) {
		return len(s), 0
	}
	first := t.first[:] // checked once: the loop does no nil check
	rest := s[i:]
	for j := 0; j < len(rest); j++ {
		if m := first[rest[j]]; m != 0 {
			if j+1 < len(rest) {
				m &= t.second[rest[j+1]]
			}
			if m != 0 {
				return i + j, m
			}
		}
	}
	return len(s), 0
}

// endsAt reports whether s is long enough for x at i and has x's last byte
// where x would end: a cheap test before the comparison (x's first two
// bytes already fit).
func endsAt(s string, i int, x string) bool {
	return len(x) <= len(s)-i && s[i+len(x)-1] == x[len(x)-1]
}

// shortText is how long a text byStart is used for, per string of the
// set: a search per string costs about a call and a vector scan each.
const shortText = 32

// containsAny is f.set.containsAny(s).
func (f *litFinder) containsAny(s string) bool {
	switch {
	case f.prefix != "":
		at, _ := f.byPrefix(s, 0)
		return at >= 0
	case f.suffix != "":
		return f.bySuffix(s)
	}
	return f.set.containsAny(s)
}

// byPrefix is the smallest position >= from where a string of the set
// occurs, or -1, and which one (the first in the set's order): a string
// occurs only where the shared prefix does, so it is the first
// occurrence of the prefix at which one of them starts.
func (f *litFinder) byPrefix(s string, from int) (at, which int) {
	for pos := from; pos <= len(s); {
		j := strings.Index(s[pos:], f.prefix)
		if j < 0 {
			break
		}
		at = pos + j
		for i, x := range f.set {
			if strings.HasPrefix(s[at:], x) {
				return at, i
			}
		}
		pos = at + 1
	}
	return -1, 0
}

// bySuffix reports whether a string of the set ends where the shared
// suffix does, somewhere in s.
func (f *litFinder) bySuffix(s string) bool {
	for pos := 0; ; pos++ {
		// the suffix's first byte by the vector byte search, the rest
		// compared here: strings.Index's own set-up costs more than the
		// search on a short text
		j := strings.IndexByte(s[pos:], f.suffix[0])
		if j < 0 {
			return false
		}
		pos += j
		if !strings.HasPrefix(s[pos:], f.suffix) {
			continue
		}
		end := pos + len(f.suffix)
		for _, x := range f.set {
			if strings.HasSuffix(s[:end], x) {
				return true
			}
		}
	}
}

// shared is what the strings of l share at their start (or with atEnd,
// their end), when there are several and it is not empty: a scan for it
// finds every place one of them may start (or end), where a scan per
// string would read the text once each.
func (l litSet) shared(atEnd bool) string {
	if len(l) < 2 {
		return ""
	}
	p := l[0]
	for _, x := range l[1:] {
		n := 0
		for n < len(p) && n < len(x) && nth(p, n, atEnd) == nth(x, n, atEnd) {
			n++
		}
		if atEnd {
			p = p[len(p)-n:]
		} else {
			p = p[:n]
		}
	}
	return p
}

// nth is s's n-th byte from its start, or with fromEnd from its end.
func nth(s string, n int, fromEnd bool) byte {
	if fromEnd {
		return s[len(s)-1-n]
	}
	return s[n]
}

func (l litSet) minLen() int {
	m := -1
	for _, x := range l {
		if m < 0 || len(x) < m {
			m = len(x)
		}
	}
	return m
}

// leadingSet is the exact literal set of the leading elements of a
// concatenation (every match starts with one of its strings), if any.
func leadingSet(re *syntax.Regexp) (litSet, bool) {
	for re.Op == syntax.OpCapture {
		re = re.Sub[0]
	}
	if re.Op != syntax.OpConcat {
		set, ok := exactSet(re)
		return set, ok && set.minLen() > 0
	}
	out := litSet{""}
	for _, s := range re.Sub {
		set, ok := exactSet(s)
		if !ok || len(out)*len(set) > maxLiterals {
			break
		}
		out = cross(out, set)
	}
	return out, out.minLen() > 0
}
