package record

import (
	"math/rand"
	"strings"
	"testing"
)

// TestQuickCanonicalAgrees pins quickCanonical against canonical on
// mutated sample and random records (white space, escapes, non-ASCII and
// invalid UTF-8, numbers of every form, repeated keys, deep nesting) and
// on objects whose keys share one-bit hashes: it never says yes where
// canonical says no. It says yes to every nested member of the samples
// that canonical accepts and it follows (ASCII, no escapes, no exponents,
// nesting up to quickCanonDepth), and to most such mutated texts (it
// leaves a wide object whose keys' bits collide often to canonical).
func TestQuickCanonicalAgrees(t *testing.T) {
	ownShapeTrees(t)
	exactYes, quickYes := 0, 0
	check := func(s string) bool {
		t.Helper()
		quick, exact := quickCanonical(s), canonical(s)
		if quick && !exact {
			t.Fatalf("quickCanonical(%q) but not canonical", s)
		}
		if exact && quickFollows(s) {
			exactYes++
			if quick {
				quickYes++
			}
			return quick
		}
		return true
	}
	for _, s := range lazyTexts(t) {
		if !check(s) {
			t.Errorf("quickCanonical(%q) said no to a nested member it follows", s)
		}
	}
	for _, s := range []string{`{}`, `[]`, `""`, `0`, `-1`, `1.5`, `true`, `[{"a":{"b":{"c":[1,2,{"d":"x"}]}}}]`,
		strings.Repeat("[", quickCanonDepth) + strings.Repeat("]", quickCanonDepth)} {
		if !check(s) {
			t.Errorf("quickCanonical(%q) said no", s)
		}
	}
	for _, s := range []string{`-0`, `1e5`, `{"a":1,"a":1}`, `{"ab":{"ba":1},"ba":2,"ab":3}`,
		strings.Repeat("[", quickCanonDepth+1) + "1" + strings.Repeat("]", quickCanonDepth+1)} {
		if quickCanonical(s) {
			t.Errorf("quickCanonical(%q) said yes", s)
		}
	}
	exactYes, quickYes = 0, 0
	for s := range mutatedTexts(t, 41, 50000) {
		check(s)
	}
	rng := rand.New(rand.NewSource(43))
	for range 20000 {
		check(collidingObject(rng))
	}
	if exactYes < 5000 || quickYes < exactYes*8/10 {
		t.Errorf("quickCanonical said yes to %d of %d canonical texts it follows", quickYes, exactYes)
	}
}

// quickFollows reports whether quickCanonical decides s itself: ASCII
// text without escapes or exponents, nested at most quickCanonDepth deep.
func quickFollows(s string) bool {
	depth, deepest := 0, 0
	inString := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 0x80 || c == '\\':
			return false
		case c == '"':
			inString = !inString
		case inString:
		case c|0x20 == 'e' && i > 0 && isDigit(s[i-1]):
			return false
		case c == '{' || c == '[':
			depth++
			deepest = max(deepest, depth)
		case c == '}' || c == ']':
			depth--
		}
	}
	return deepest <= quickCanonDepth
}
