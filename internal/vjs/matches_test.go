package vjs

import (
	"math/rand/v2"
	"strings"
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

// TestMatchesLinearNeverTimesOut: a pattern that backtracks exponentially
// gets its answer at once on the linear engine (ASCII input), and still
// times out on the backtracking one (non-ASCII input).
func TestMatchesLinearNeverTimesOut(t *testing.T) {
	m, err := CompileMatcher(`^(a|aa)+$`)
	if err != nil || m.linear == nil {
		t.Fatalf("compile: %v, linear %v", err, m.linear != nil)
	}
	long := strings.Repeat("a", 30000)
	if ok, err := m.Match(long + "c"); ok || err != nil {
		t.Errorf("ASCII input: %v, %v; want no match", ok, err)
	}
	if ok, err := m.Match(long); !ok || err != nil {
		t.Errorf("ASCII input: %v, %v; want a match", ok, err)
	}
	if _, err := m.Match(long + "é"); err == nil {
		t.Errorf("non-ASCII input: no timeout from the backtracking engine")
	}
}
