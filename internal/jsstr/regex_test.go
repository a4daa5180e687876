package jsstr

import (
	"strings"
	"testing"
)

// Expected values from Node.js 20.20 String.prototype.replace.
func TestReplaceRegex(t *testing.T) {
	tests := []struct{ pattern, flags, repl, in, want string }{
		{"(a)(b)?", "g", "[$1|$2|$&|$03|$10|$0|$<x>]", "aab ab", "[a||a|$03|a0|$0|$<x>][a|b|ab|$03|a0|$0|$<x>] [a|b|ab|$03|a0|$0|$<x>]"},
		{"(?<x>a)(b)?", "g", "[$<x>|$1|$2|$<y>|$<x]", "aab", "[a|a|||$<x][a|a|b||$<x]"},
		{"x*", "g", "-", "axxb", "-a--b-"},
		{`\b`, "g", "|", "ab é", "|ab| é"},
		{".", "g", ".", "a\u2028b", ".\u2028."},
		{"^", "gm", ">", "a\r\nb\u2028c", ">a\r>\n>b\u2028>c"},
		{"$", "gm", "<", "a\r\nb", "a<\r<\nb<"},
		{`\z`, "g", "Z", `zz\z`, `ZZ\Z`},
		{"a", "gy", "Y", "aaba", "YYba"},
		{"(a)|(b)", "g", "[$1$2]", "ab", "[a][b]"},
		{"s|e", "", "d", "somestring", "domestring"},
		{`[\b]`, "g", "BS", "a\bb", "aBSb"},
		{`(?<first>\w+) (?<last>\w+)`, "", "$<last>, $<first>", "John Smith", "Smith, John"},
		{`\uD83D\uDE00`, "g", "smile", "a😀b", "asmileb"},
		{"$", "", "$$", "x", "x$"},
		{"m|t", "ig", "W", "soMesTring", "soWesWring"},
		{"é", "g", "[$`|$']", "aéb", "a[a|b]b"},
		{`(?<$x>a)(?<__jsn>b)?`, "", "[$<$x>|$<__jsn>]", "ab", "[a|b]"}, // names regexp2 does not take
		{`\p{L}\u{2}`, "", "-", `ap{L}uu`, "a-"},                        // identity escapes without u
		{`\p{L}\u{62}`, "u", "-", `ab`, "-"},
	}
	for _, tc := range tests {
		re, err := Regex(tc.pattern, tc.flags)
		if err != nil {
			t.Errorf("Regex(%q, %q): %v", tc.pattern, tc.flags, err)
			continue
		}
		got, err := Replace(re, tc.in, tc.repl, strings.Contains(tc.flags, "g"))
		if err != nil || got != tc.want {
			t.Errorf("%q.replace(/%s/%s, %q) = %q, %v; want %q", tc.in, tc.pattern, tc.flags, tc.repl, got, err, tc.want)
		}
	}
}

func TestRegexErrors(t *testing.T) {
	// "v" (unicodeSets) is valid in Node 20 but not supported here.
	for _, f := range []string{"gg", "x", "iI", "v"} {
		if _, err := Regex("a", f); err == nil {
			t.Errorf("Regex flags %q: no error", f)
		}
	}
	for _, p := range []string{"(?i)a", "(?#c)", "(?>a)", "a++", "(", `\`} {
		if _, err := Regex(p, ""); err == nil {
			t.Errorf("Regex(%q): no error", p)
		}
	}
}

func TestRegexTimeout(t *testing.T) {
	re, err := Regex("(a+)+$", "")
	if err != nil {
		t.Fatal(err)
	}
	re.MatchTimeout = 10e6 // 10ms
	if _, err := Replace(re, strings.Repeat("a", 40)+"!", "", false); err == nil {
		t.Error("catastrophic pattern: no timeout error")
	}
}

func TestRegexCached(t *testing.T) {
	a, err := RegexCached("a+", "g")
	if err != nil {
		t.Fatal(err)
	}
	b, _ := RegexCached("a+", "g")
	if a != b {
		t.Error("RegexCached did not reuse the compiled expression")
	}
	if _, err := RegexCached("(", ""); err == nil {
		t.Error("RegexCached: no error for a bad pattern")
	}
}

func TestReplaceLiteralAndExpand(t *testing.T) {
	tests := []struct{ in, search, repl, want string }{
		{"bob and bob", "bob", "mel", "mel and bob"},
		{"Hi bob", "bob", "[$&]", "Hi [bob]"},
		{"Hi bob", "bob", "[$1|$<a>|$$|$`|$']", "Hi [$1|$<a>|$|Hi |]"},
		{"abc", "", "x", "xabc"},
		{"abc", "z", "x", "abc"},
	}
	for _, tc := range tests {
		if got := ReplaceLiteral(tc.in, tc.search, tc.repl); got != tc.want {
			t.Errorf("ReplaceLiteral(%q, %q, %q) = %q, want %q", tc.in, tc.search, tc.repl, got, tc.want)
		}
	}
	m := Match{Start: 1, End: 2, Groups: []string{"b", "b"}}
	if got := ReplaceExpand(m, "abc", "<$1$2$&>"); got != "<b$2b>" {
		t.Errorf("ReplaceExpand = %q", got)
	}
}
