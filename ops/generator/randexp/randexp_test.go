package randexp_test

import (
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"

	"github.com/sluice-dev/sluice/ops/generator/randexp"
)

// Every generated string matches the pattern it came from (checked with
// Go's regexp, an independent matcher).
func TestGeneratedStringsMatch(t *testing.T) {
	patterns := []string{
		`a`, `[a-f]`, `[ab]`, `(x|y)`, `\d{3}`, `[0-9a-f]{8}`, `[0-9A-F]{8}`, `[a-zA-Z1-9\-_]\w{8}`,
		`(?:[ab])[0-9a-f]{8}`, `(foo|bar|b[a-z]{2,4})-\d{1,3}`, `^id-\w{4}$`, `(?i)abc`, `[^a-z]{5}`,
		`\pL{3}`, `.{6}`, `x?y??z{0,2}`, `[é-ë]{3}`, `\s\S\W`, `(a(b(c|d){2}){1,2})+`, `\bword\b`,
	}
	r := rand.New(rand.NewPCG(1, 2))
	for _, p := range patterns {
		g, err := randexp.Compile(p, randexp.RandexpMax)
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		re := regexp.MustCompile(`^(?:` + strings.Trim(p, "^$") + `)$`)
		for range 500 {
			if s := g.String(r); !re.MatchString(s) {
				t.Fatalf("%s generated %q, which does not match", p, s)
			}
		}
	}
}

// Each alternative and each class member is reachable.
func TestCoverage(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for p, want := range map[string]string{`[ab]`: "ab", `(x|y|z)`: "xyz", `[0-9]`: "0123456789", `[a-cx]`: "abcx"} {
		g, err := randexp.Compile(p, randexp.Unbounded)
		if err != nil {
			t.Fatal(err)
		}
		seen := map[string]bool{}
		for range 2000 {
			seen[g.String(r)] = true
		}
		for _, c := range want {
			if !seen[string(c)] {
				t.Errorf("%s never produced %q (saw %v)", p, c, seen)
			}
		}
		if len(seen) != len(want) {
			t.Errorf("%s produced %v, want only %q", p, seen, want)
		}
	}
}

// Repeats stay within their bounds; unbounded ones use randexp's cap.
func TestRepeatBounds(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for p, bounds := range map[string][2]int{`a{2,5}`: {2, 5}, `a{3}`: {3, 3}, `a*`: {0, 100}, `a+`: {1, 101}, `a?`: {0, 1}, `a{4,}`: {4, 104}} {
		g, err := randexp.Compile(p, randexp.RandexpMax)
		if err != nil {
			t.Fatal(err)
		}
		lo, hi := 1<<30, -1
		for range 3000 {
			n := len(g.String(r))
			lo, hi = min(lo, n), max(hi, n)
		}
		if lo != bounds[0] || hi != bounds[1] {
			t.Errorf("%s: lengths %d..%d, want %d..%d", p, lo, hi, bounds[0], bounds[1])
		}
	}
}

func TestRejections(t *testing.T) {
	for p, want := range map[string]string{
		`a+`:                 "unbounded repetition `+`",
		`[0-9]*`:             "unbounded repetition `*`",
		`x{2,}`:              "unbounded repetition `{2,}`",
		`(ab`:                "missing closing )",
		`[z-a]`:              "invalid character class range",
		`[^\x00-\x{10FFFF}]`: "can never match",
	} {
		_, err := randexp.Compile(p, randexp.Unbounded)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: error %v, want it to contain %q", p, err, want)
		}
	}
}

// `.` and negated classes draw from printable ASCII, as randexp does.
func TestDotIsPrintableASCII(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for _, p := range []string{`.{50}`, `[^a]{50}`} {
		g, _ := randexp.Compile(p, randexp.Unbounded)
		for _, c := range g.String(r) {
			if c < 0x20 || c > 0x7e || (p == `[^a]{50}` && c == 'a') {
				t.Fatalf("%s produced %q", p, c)
			}
		}
	}
}

func BenchmarkHexID(b *testing.B) {
	g, _ := randexp.Compile(`[0-9a-f]{8}`, randexp.Unbounded)
	r := rand.New(rand.NewPCG(1, 1))
	var buf []byte
	for b.Loop() {
		buf = g.Append(buf[:0], r)
	}
}

// Nested repeats that multiply into huge strings are refused.
func TestLengthLimit(t *testing.T) {
	if _, err := randexp.Compile(`((((a*)*)*)*)*`, randexp.RandexpMax); err == nil || !strings.Contains(err.Error(), "more than 65536 characters") {
		t.Errorf("error %v", err)
	}
	if _, err := randexp.Compile(`((a*)*){6}`, randexp.RandexpMax); err != nil {
		t.Errorf("60000 characters are allowed: %v", err)
	}
}
