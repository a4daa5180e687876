package jsre

import (
	"slices"
	"sync"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/cases"
	"golang.org/x/text/language"
)

// The i flag on regexp2. regexp2's IgnoreCase folds by lower case, which
// is not JavaScript's rule (upper case without the u flag, simple case
// folding with it): it matches K (U+212A) with k and misses ς with Σ.
// Regexp2Pattern keeps IgnoreCase for the characters it folds as
// JavaScript does (a literal run keeps regexp2's fast prefix search) and
// spells the others out with IgnoreCase off, (?-i:[…]): a character as the
// class of those JavaScript matches it with, a class closed under them.
// Only a back-reference still compares by regexp2's rule. The tables are
// built once, at the first pattern that needs them.

// foldTable is the case folding of one mode: the characters each cased
// character matches, and the cased characters in order.
type foldTable struct {
	same   map[rune][]rune
	cased  []rune
	unsafe map[rune]bool // regexp2's IgnoreCase folds these otherwise
}

var (
	legacyFold  = sync.OnceValue(func() *foldTable { return newFoldTable(0xFFFF, jsCanonicalize) })
	unicodeFold = sync.OnceValue(func() *foldTable { return newFoldTable(maxCased, simpleFold) })
)

// maxCased is the last rune that has another case.
var maxCased = rune(unicode.CaseRanges[len(unicode.CaseRanges)-1].Hi)

// foldFor is the folding of the i flag with (u) or without the u flag.
func foldFor(u bool) *foldTable {
	if u {
		return unicodeFold()
	}
	return legacyFold()
}

// newFoldTable groups the runes up to last by their canonical form.
func newFoldTable(last rune, canon func(rune) rune) *foldTable {
	groups := map[rune][]rune{}
	for r := rune(0); r <= last; r++ {
		if c := canon(r); c != r && (r < 0xD800 || r > 0xDFFF) {
			groups[c] = append(groups[c], r)
		}
	}
	t := &foldTable{same: map[rune][]rune{}}
	for c, g := range groups {
		if canon(c) == c {
			g = append(g, c)
		}
		if len(g) < 2 {
			continue
		}
		slices.Sort(g)
		for _, r := range g {
			t.same[r] = g
		}
	}
	for r := range t.same {
		t.cased = append(t.cased, r)
	}
	slices.Sort(t.cased)
	t.unsafe = t.unlikeRegexp2()
	return t
}

// unlikeRegexp2 finds the runes regexp2's IgnoreCase matches with other
// runes than JavaScript does: regexp2 matches runes of equal lower case.
func (t *foldTable) unlikeRegexp2() map[rune]bool {
	lower := map[rune][]rune{}
	for r := rune(0); r <= maxCased; r++ {
		if l := unicode.ToLower(r); l != r {
			lower[l] = append(lower[l], r)
		}
	}
	unsafe := map[rune]bool{}
	for l, g := range lower {
		g = append(g, l)
		for _, r := range g {
			if !sameRunes(g, t.same[r]) {
				unsafe[r] = true
			}
		}
	}
	for r, g := range t.same {
		if !sameRunes(g, append(lower[unicode.ToLower(r)], unicode.ToLower(r))) {
			unsafe[r] = true
		}
	}
	return unsafe
}

// sameRunes reports whether a and b hold the same runes.
func sameRunes(a, b []rune) bool {
	if len(a) != len(b) {
		return false
	}
	for _, r := range a {
		if !slices.Contains(b, r) {
			return false
		}
	}
	return true
}

var upperCaser = sync.OnceValue(func() cases.Caser { return cases.Upper(language.Und) })

// jsCanonicalize is JavaScript's Canonicalize without the u flag: the
// upper case of r when that is one UTF-16 unit and does not turn a
// non-ASCII character into an ASCII one, else r.
func jsCanonicalize(r rune) rune {
	if unicode.ToUpper(r) == r { // no single upper case (ß's is SS)
		return r
	}
	up := upperCaser().String(string(r))
	u, w := utf8.DecodeRuneInString(up)
	if w != len(up) || u > 0xFFFF || r >= utf8.RuneSelf && u < utf8.RuneSelf {
		return r
	}
	return u
}

// simpleFold is Canonicalize with the u flag (simple case folding): the
// smallest rune of r's orbit stands for all of them.
func simpleFold(r rune) rune {
	least := r
	for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
		least = min(least, f)
	}
	return least
}

// closure adds to sorted lo, hi pairs every rune the folding matches with
// one of theirs.
func (t *foldTable) closure(pairs []rune) []rune {
	var more []rune
	k := 0
	for _, r := range t.cased {
		for k+1 < len(pairs) && pairs[k+1] < r {
			k += 2
		}
		if k+1 >= len(pairs) {
			break
		}
		if pairs[k] <= r {
			for _, s := range t.same[r] {
				more = append(more, s, s)
			}
		}
	}
	if more == nil {
		return pairs
	}
	return union(pairs, more)
}
