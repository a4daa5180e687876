package jsre

import "testing"

// A lone surrogate in a pattern (JavaScript strings hold UTF-16 units) is
// not U+FFFD: node gives /\uD800/.test("\uFFFD") === false. Go strings
// cannot hold a lone surrogate, so the pattern matches nothing in them.
func TestLoneSurrogateIsNotReplacementChar(t *testing.T) {
	for _, p := range []string{`\uD800`, `x\uD800`, `[\uD800]`, `[\uD800-\uD801]`, `\uDFFF+`, `^.*\uD800.*$`, `(?:\uD800|y)z`} {
		re, err := Compile(p, "")
		if err != nil {
			t.Errorf("%s: %v", p, err)
			continue
		}
		for _, s := range []string{"\uFFFD", "x\uFFFD", "\uFFFDz", "a\xed\xa0\x80z", "x\xed\xa0\x80"} {
			if ok, _ := re.MatchString(s); ok {
				t.Errorf("/%s/ matches %q", p, s)
			}
			if m, _ := re.FindAll(s, -1); len(m) > 0 {
				t.Errorf("/%s/ finds %v in %q", p, m, s)
			}
			if _, found, _ := re.FirstIn(s, nil, nil); found {
				t.Errorf("/%s/ first match in %q", p, s)
			}
		}
	}
}
