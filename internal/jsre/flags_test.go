package jsre

import (
	"testing"

	"github.com/sluice-dev/sluice/internal/jsre/jsretest"
)

// TestFlagsAgreeWithJavaScript: every pattern of testdata/js-flags.jsonl
// (gen-js-flags.mjs: property escapes, \u{…}, \c, identity escapes, lone
// { } ], back-references and named groups under the flags "", i, u, iu, s
// and m) compiles exactly when node's RegExp accepts it, with node's error
// message, and matches what node's exec matched — through Compile (RE2 and
// its fast paths, or regexp2), through RE2 without the fast paths, and
// through regexp2 alone.
func TestFlagsAgreeWithJavaScript(t *testing.T) {
	inputs, cases := jsretest.ReadFlagCases(t, "testdata/js-flags.jsonl")
	bad, checked := 0, 0
	fail := func(format string, args ...any) {
		bad++
		if bad <= 40 {
			t.Errorf(format, args...)
		}
	}
	for _, c := range cases {
		r, err := Compile(c.Pattern, c.Flags)
		if got := errText(err); got != jsretest.Want(c) {
			fail("/%s/%s: error %q, want %q", c.Pattern, c.Flags, got, jsretest.Want(c))
			continue
		}
		if err != nil {
			continue
		}
		for _, engine := range engines(t, r) {
			for k, in := range inputs {
				if jsretest.UTF16Only(c, in, c.Matches[k]) || jsretest.KnownDifference(!engine.re.Linear(), c, in) {
					continue
				}
				checked++
				ms, err := engine.re.FindAll(in, 1)
				var got *string
				if len(ms) == 1 {
					got = &ms[0].Groups[0].Text
				}
				if err != nil || !jsretest.SameText(got, c.Matches[k]) {
					fail("/%s/%s (%s) on %q: %s, JavaScript %s (%v)", c.Pattern, c.Flags, engine.name, in, show([]*string{got}), show(c.Matches[k:k+1]), err)
				}
			}
		}
	}
	if bad > 0 {
		t.Errorf("%d of %d disagree", bad, checked)
	}
	if checked < 50000 {
		t.Errorf("only %d matches checked", checked)
	}
}

type namedEngine struct {
	name string
	re   *Regexp
}

// engines is r as compiled, and for a linear pattern the same without its
// fast paths and on regexp2.
func engines(t *testing.T, r *Regexp) []namedEngine {
	out := []namedEngine{{"compiled", r}}
	if !r.Linear() {
		return out
	}
	plain := *r
	dropFastPaths(&plain)
	bt := &Regexp{source: r.source, flags: r.flags}
	norm, _ := Normalize(r.source, r.flags)
	if err := bt.compileBacktracking(norm); err != nil {
		t.Errorf("%s on regexp2: %v", r, err)
		return out
	}
	return append(out, namedEngine{"RE2", &plain}, namedEngine{"regexp2", bt})
}

func errText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

// With the i and u flags, JavaScript's \b and \B count K (U+212A) and ſ
// (U+017F) as word characters (they fold to k and s). Expectations from
// node: the start and text of the first match, or -1.
func TestWordBoundaryWithUnicodeFolding(t *testing.T) {
	for _, c := range []struct {
		pattern, in string
		start       int
		text        string
	}{
		{`\b`, "\u212A", 0, ""}, {`\B`, "\u017F", -1, ""}, {`k*\B`, "\u212A\\pAq", 5, ""},
		{`\bk\b`, "\u212A", 0, "\u212A"}, {`a\b`, "a\u212A", -1, ""}, {`a\B`, "a\u017F", 0, "a"},
	} {
		r := MustCompile(c.pattern, "iu")
		ms, err := r.FindAll(c.in, 1)
		start, text := -1, ""
		if len(ms) == 1 {
			start, text = ms[0].Start, ms[0].Groups[0].Text
		}
		if err != nil || start != c.start || text != c.text {
			t.Errorf("/%s/iu on %q: %d %q (%v), want %d %q", c.pattern, c.in, start, text, err, c.start, c.text)
		}
	}
}
