package jsre

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// Anchored patterns of literals and classes with counted and open
// repetitions (the shape of ^[0-9]{5}$ and ^user:[0-9]+:), with each
// flag that changes what they match, agree with the engine: MatchString,
// MatchStringIn, FirstIn and FindAll, on texts of line terminators,
// non-ASCII, U+FFFD and invalid UTF-8 among the patterns' own characters.
func TestAnchoredShapesAgreeWithEngine(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 5))
	atoms := []string{`[0-9]{5}`, `[0-9]+`, `\d*`, `user:`, `:`, `[a-z]{2,4}`, `[^:]+`, `é`, `.`, `.*`, `\w+`, `\s?`,
		`(ab|c)`, `(?:ab|c)`, `\b`, `x{0,3}`, `[a-zé]+`, `[A-Z]`, `-`, `\u2028`, `[^\n]{1,2}`, `a`, `[ab]*`, `(\d+)`, `Mozilla\/5\.0`, `Mozilla`, `k+`, `[s-u]`}
	pieces := []string{"user:", "12345", "1", "a", "A", "ab", "AB", "c", ":", "é", "É", "\n", "\r", "\u2028", "\xff", "\xe2\x80",
		"x", "X", " ", "-", "\ufffd", "b", "Mozilla/5.0", "Mozilla/5.1", "Mozill",
		"\u212a", "\u017f", "K", "S"} // the Kelvin sign and the long s fold to k and s with iu
	heads := 0
	for _, flags := range []string{"", "i", "u", "s", "iu"} {
		for range 600 {
			var p strings.Builder
			p.WriteByte('^')
			for k := 1 + rng.IntN(4); k > 0; k-- {
				p.WriteString(atoms[rng.IntN(len(atoms))])
			}
			if rng.IntN(2) == 0 {
				p.WriteByte('$')
			}
			fast, err := Compile(p.String(), flags)
			if err != nil || !fast.Linear() {
				continue
			}
			heads += btoi(fast.head != nil)
			slow := engineFor(p.String(), flags)
			for range 30 {
				agreeAnchored(t, fast, slow, randomText(rng, pieces))
			}
		}
	}
	t.Logf("%d anchored programs", heads)
	if heads < 1000 {
		t.Errorf("only %d of 3000 patterns got an anchored program", heads)
	}
}

// agreeAnchored is agree, and MatchStringIn against the engine too.
func agreeAnchored(t *testing.T, fast, slow *Regexp, in string) {
	t.Helper()
	agree(t, fast, slow, in)
	var b Budget
	a, _ := fast.MatchStringIn(in, &b)
	e, _ := slow.MatchStringIn(in, &b)
	if a != e {
		t.Fatalf("%s MatchStringIn(%q): fast %v, engine %v", fast, in, a, e)
	}
}

// The orders rule set's patterns take the anchored program, and a value
// long enough for the memo is answered by it too.
func TestAnchoredProgramPatterns(t *testing.T) {
	for _, c := range []struct {
		pattern, flags string
		spans          bool
		yes, no        []string
	}{
		{`^[0-9]{5}$`, "", true, []string{"61511", "02139"}, []string{"6151", "615111", "6151a", "61511\n", "", "６1511"}},
		{`^user:[0-9]+:`, "", true, []string{"user:1:", "user:5591:web", "user:7:" + strings.Repeat("x", 40)},
			[]string{"user::", "User:1:", "user:1", " user:1:", "user:١:"}},
		{`^(\d+)-([a-z]+)$`, "", false, []string{"12-ab"}, []string{"12-", "-ab", "12-AB"}},
		{`^[a-z]+$`, "i", true, []string{"Ab", "aB"}, []string{"a1", "\u212a"}},
	} {
		r := MustCompile(c.pattern, c.flags)
		if r.head == nil || r.head.spans != c.spans {
			t.Fatalf("%s: anchored program %+v, want one with spans=%v", r, r.head, c.spans)
		}
		slow := engineFor(c.pattern, c.flags)
		for _, in := range append(append([]string{}, c.yes...), c.no...) {
			agreeAnchored(t, r, slow, in)
		}
		for _, in := range c.yes {
			if m, _ := r.MatchString(in); !m {
				t.Errorf("%s does not match %q", r, in)
			}
		}
		for _, in := range c.no {
			if m, _ := r.MatchString(in); m {
				t.Errorf("%s matches %q", r, in)
			}
		}
	}
}
