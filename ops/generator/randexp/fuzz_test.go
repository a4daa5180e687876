package randexp_test

import (
	"math/rand/v2"
	"regexp"
	"regexp/syntax"
	"testing"
	"time"

	"github.com/sluice-dev/sluice/ops/generator/randexp"
)

// FuzzGenerate: whatever pattern compiles, the strings generated from it
// match it (Go's regexp is the independent judge). Patterns with
// assertions (anchors, boundaries), which generate nothing and so may be
// unsatisfiable, are skipped.
func FuzzGenerate(f *testing.F) {
	for _, p := range []string{`a`, `[a-f]{3}`, `(x|y)z?`, `\d{2,4}-\w`, `[^abc]{2}`, `(?i)Ab`, `(a|bc|d{2}){1,3}`, `.{0,5}`, `[\p{Greek}x]`, `a*b+`} {
		f.Add(p, uint64(1))
	}
	f.Fuzz(func(t *testing.T, pattern string, seed uint64) {
		re, err := syntax.Parse(pattern, syntax.Perl)
		if err != nil || hasAssertion(re) {
			return
		}
		g, err := randexp.Compile(pattern, 5)
		if err != nil {
			return
		}
		check := anchored(re)
		r := rand.New(rand.NewPCG(seed, seed))
		for range 20 {
			start := time.Now()
			s := g.String(r)
			if d := time.Since(start); d > time.Second {
				t.Fatalf("%q took %v to generate %d bytes", pattern, d, len(s))
			}
			if len(s) <= 2000 && !check.MatchString(s) {
				t.Fatalf("%q generated %q, which does not match", pattern, s)
			}
		}
	})
}

// anchored compiles the parsed pattern as a whole-string match.
func anchored(re *syntax.Regexp) *regexp.Regexp {
	whole := &syntax.Regexp{Op: syntax.OpConcat, Sub: []*syntax.Regexp{{Op: syntax.OpBeginText}, re, {Op: syntax.OpEndText}}}
	return regexp.MustCompile(whole.String())
}

func hasAssertion(re *syntax.Regexp) bool {
	switch re.Op {
	case syntax.OpBeginLine, syntax.OpEndLine, syntax.OpBeginText, syntax.OpEndText, syntax.OpWordBoundary, syntax.OpNoWordBoundary:
		return true
	}
	for _, s := range re.Sub {
		if hasAssertion(s) {
			return true
		}
	}
	return false
}
