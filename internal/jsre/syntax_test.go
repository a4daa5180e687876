package jsre

import (
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzNormalize: Normalize never panics, and a pattern it accepts
// compiles (on RE2 or regexp2): the engines read every respelled pattern.
func FuzzNormalize(f *testing.F) {
	for _, p := range []string{`\p{L}+`, `[\p{Script=Greek}\d-]`, `\u{1F600}|\c1[\c_]`, `a{2,}?(?<n>x)\k<n>`, `\1(a)\07\8`, `[^\P{Lu}a-z]`, `(?=a)*{`, `\p{White_Space}[\P{ASCII_Hex_Digit}]`} {
		for k := range fuzzFlags {
			f.Add(p, uint8(k))
		}
	}
	f.Fuzz(func(t *testing.T, pattern string, flagSet uint8) {
		flags := fuzzFlags[flagSet%4]
		if _, err := Normalize(pattern, flags); err != nil {
			if !strings.HasPrefix(err.Error(), "Invalid regular expression: /") {
				t.Fatalf("/%s/%s: %v", pattern, flags, err)
			}
			return
		}
		if _, err := Compile(pattern, flags); err != nil {
			t.Fatalf("/%s/%s: Normalize accepts it, Compile says %v", pattern, flags, err)
		}
	})
}

// FuzzEnginesAgree: a linear pattern finds the same first match on RE2 as
// on regexp2 (Regexp2Pattern, fold.go), with and without the i and u
// flags. (Groups are left out: under a quantifier that can repeat empty,
// regexp2 may end on an empty iteration, /(0*)*/ on "0" — docs/compat.md.)
func FuzzEnginesAgree(f *testing.F) {
	for _, p := range []string{`\p{L}+`, `[\p{Lu}\d]k`, `(é|K)s+`, `[^a-z]\w`, `\bσ\B`, `ς|µ`, `(a)(?:b|c)?\W`} {
		for k := range fuzzFlags {
			f.Add(p, "KkSsſςσΣµΜ é 12 ab", uint8(k))
		}
	}
	f.Fuzz(func(t *testing.T, pattern, in string, flagSet uint8) {
		flags := fuzzFlags[flagSet%4]
		r, err := Compile(pattern, flags)
		if err != nil || !r.Linear() || len(in) > 64 || !utf8.ValidString(in) {
			return
		}
		bt := &Regexp{source: pattern, flags: flags}
		norm, _ := Normalize(pattern, flags)
		if err := bt.compileBacktracking(norm); err != nil {
			t.Fatalf("%s on regexp2: %v", r, err)
		}
		a, _ := r.FindAll(in, 1)
		b, err := bt.FindAll(in, 1)
		if err == nil && !reflect.DeepEqual(spans(a), spans(b)) {
			t.Fatalf("%s on %q: RE2 %+v, regexp2 %+v", r, in, a, b)
		}
	})
}

// spans is where each match starts and ends.
func spans(ms []Match) [][2]int {
	var out [][2]int
	for _, m := range ms {
		out = append(out, [2]int{m.Start, m.End})
	}
	return out
}
