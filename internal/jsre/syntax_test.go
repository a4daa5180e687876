package jsre

import (
	"strings"
	"testing"
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
