package vjs

import (
	"math/rand/v2"
	"testing"
)

// linearPatterns are matches patterns the linear-time engine takes: anchors,
// classes and their escapes, word boundaries, quantifiers (bounded, lazy,
// a literal brace), alternation with empty branches, hex, unicode and NUL
// escapes, and JavaScript's dot.
var linearPatterns = []string{
	`^user:[0-9]+:`, `^ab+c$`, `a.c`, `^.$`, `^.*$`, `\s`, `\S+`, `^\s*$`, `\bfoo\b`, `\Bo\B`,
	`\d{2,3}`, `\w+@\w+\.com`, `[^a-z]`, `[\s\d]`, `[\w-]+`, `a{2}`, `a{,2}`, `x{`, `a+?b`, `(?:ab)*c`,
	`(a|b|)c`, `a||b`, `\x41\u0042`, `\0`, `\/\.\*`, `[.]`, `^$`, `$`, `[\]]`, `\t\n\r\v\f`,
	`(\d+)-(\d+)`, `[A-Z][a-z]*`, `^[\x20-\x7e]*$`,
}

// TestMatchesLinearAgreesWithBacktracking: on ASCII inputs the linear-time
// path answers as the backtracking engine (JavaScript's UTF-16 view) does.
func TestMatchesLinearAgreesWithBacktracking(t *testing.T) {
	const alphabet = "ab c1209:_-.@xyzABC\t\n\r\v\f\x00\x7f{}[]/\\user"
	rng := rand.New(rand.NewPCG(7, 8))
	inputs := []string{"", " ", "user:5591:web", "abbc", "foo bar", "\n", "a\nc", "abc", "a{2}"}
	for i := 0; i < 400; i++ {
		b := make([]byte, rng.IntN(10))
		for j := range b {
			b[j] = alphabet[rng.IntN(len(alphabet))]
		}
		inputs = append(inputs, string(b))
	}
	linear := 0
	for _, p := range linearPatterns {
		m, err := CompileMatcher(p)
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		if m.linear == nil {
			continue
		}
		linear++
		for _, s := range inputs {
			got, _ := m.Match(s)
			want, err := m.re.MatchString(s)
			if err != nil || got != want {
				t.Fatalf("/%s/ on %q: linear %v, backtracking %v (%v)", p, s, got, want, err)
			}
		}
	}
	t.Logf("%d of %d patterns linear, %d inputs", linear, len(linearPatterns), len(inputs))
	if linear < len(linearPatterns)*2/3 {
		t.Fatalf("only %d of %d patterns took the linear path", linear, len(linearPatterns))
	}
}
