package jsre

import (
	"strings"

	"testing"
	"time"

	"github.com/dlclark/regexp2"
)

func TestMatchSemantics(t *testing.T) {
	cases := []struct {
		pat, flags, in string
		want, linear   bool
	}{
		{`^.*(Chrome|Firefox).*$`, "", "Mozilla Chrome/1", true, true},
		{`^a.c$`, "", "a\nc", false, true},
		{`^a.c$`, "s", "a\nc", true, true},
		{`^a\sc$`, "", "a\u00a0c", true, true},
		{`^[\s]+$`, "", "\u2028 ", true, true},
		{`^ab{2}c{3}$`, "", "abbccc", true, true},
		{`^(a)\1$`, "", "aa", true, false},
		{`^foo(?=bar)`, "", "foobar", true, false},
		{`^ABC$`, "i", "abc", true, true},
		{`\/path\/`, "", "/path/", true, true},
		{`^\d+\.\d+$`, "", "1.5", true, true},
		{`^[^]$`, "", "x", true, false},
		{`^\u0041$`, "", "A", true, true},
		{`a{`, "", "a{", true, true}, // Annex B's literal { (spelled \x7b by Normalize)
		{`^é+$`, "", "éé", true, true},
		{`^caf[é]$`, "", "café", true, true},
		{`^x\u00e9$`, "i", "Xé", true, true}, // é folds with É, spelled out for RE2
		{`^CAFÉ$`, "i", "café", true, true},
		{`µ`, "i", "\u03bc", true, true}, // micro sign and mu share an upper case
		{`^[à-ÿ]$`, "i", "\u0178", true, true},
		{`^[^é]$`, "i", "É", false, true},
		{`ſ`, "i", "s", false, true}, // no ASCII upper case for a non-ASCII letter
		{`^[x-z]é$`, "", "yé", true, true},
	}
	for _, c := range cases {
		r, err := Compile(c.pat, c.flags)
		if err != nil {
			t.Errorf("%s: %v", c.pat, err)
			continue
		}
		got, err := r.MatchString(c.in)
		if err != nil || got != c.want || r.Linear() != c.linear {
			t.Errorf("/%s/%s on %q = %v (err %v, linear %v), want %v linear %v", c.pat, c.flags, c.in, got, err, r.Linear(), c.want, c.linear)
		}
	}
}

func TestFindAllStopsAtEmptyMatch(t *testing.T) {
	for _, linear := range []bool{true, false} {
		pat := `(\d)(x)?`
		if !linear {
			pat = `(\d)(?=[a-z]|$)(x)?`
		}
		r := MustCompile(pat, "g")
		ms, err := r.FindAll("a1b2c3", -1)
		if err != nil || len(ms) != 3 || ms[1].Groups[1].Text != "2" || ms[1].Groups[2].OK {
			t.Errorf("linear=%v: %+v %v", linear, ms, err)
		}
	}
	r := MustCompile(`\d*`, "g")
	if ms, _ := r.FindAll("abc1", -1); len(ms) != 1 || ms[0].End != 0 {
		t.Errorf("zero-length first match: %+v", ms)
	}
}

func TestInvalid(t *testing.T) {
	if _, err := Compile("(", ""); err == nil {
		t.Error("expected error for (")
	}
	if _, err := Compile("a", "x"); err == nil {
		t.Error("expected error for flag x")
	}
}

func BenchmarkMatchLinear(b *testing.B) {
	r := MustCompile(`^.*(Chrome|Firefox).*$`, "")
	s := "Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0"
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		r.MatchString(s)
	}
}

func TestFastPathsAgreeWithEngine(t *testing.T) {
	pats := []string{`^.*(Chrome|Firefox).*$`, `^.*[?&]q=.*$`, `(Chrome|Firefox)/[0-9.]+`, `/(products|blog|search|account|cart)/`,
		`^abc$`, `foo|bar`, `^.*a.*b.*$`, `^.*$`, `x[ab]y`, `^(GET|POST)$`, `ab[0-9]`, `(a|b)c+`, `x(y)?z`,
		`\ufffd`, `^.*\ufffd.*$`, `[\ufffda]b`, `(x|\ufffd)(y)?`,
		`^.*\s.*$`, `^.*[^a]x?.*$`, `^.*\n.*$`, `^.*(a|\u2028).*$`, `^.*a\r?b.*$`, `^.*\S.*$`,
		`^[LH].*$`, `^(a|a\n).*$`, `^ab.*$`, `^(?:x|\u2028).*$`}
	inputs := []string{"", "Chrome/120.0", "x Firefox/1 y", "a\nChrome", "/search/item?q=1", "https://x/blog/p?a=1&q=2",
		"abc", "zabcz", "foobar", "ab", "xay xby", "GET", "POST ", "\u2028", "plain text", "abx ab1", "ac bcc", "xz xyz", "aab9",
		"\xff", "a\xffb", "\xe2\x80b", "x\ufffdy", "\xffy",
		"a\nb", "line1\nline2", "ab\u2028", "a\r\nb", "c\n", "a\rb", "\u2028"}
	for _, p := range pats {
		fast := MustCompile(p, "")
		slow := MustCompile(p, "")
		dropFastPaths(slow)
		for _, in := range inputs {
			a, _ := fast.MatchString(in)
			b, _ := slow.MatchString(in)
			if a != b {
				t.Errorf("/%s/ on %q: fast %v, engine %v", p, in, a, b)
			}
			fa, _ := fast.FindAll(in, 1)
			fb, _ := slow.FindAll(in, 1)
			if len(fa) != len(fb) || len(fa) == 1 && (fa[0].Start != fb[0].Start || fa[0].End != fb[0].End) {
				t.Errorf("/%s/ FindAll on %q: fast %+v, engine %+v", p, in, fa, fb)
			}
		}
	}
}

// A budget bounds the time of every match through it together: once it is
// spent, matches fail at once with ErrTimeout.
func TestBudget(t *testing.T) {
	slow := MustCompile(`^(?=a)(a+)+b$`, "")
	if slow.Linear() {
		t.Fatal("the pattern must backtrack")
	}
	input := strings.Repeat("a", 40) + "!"
	var b Budget
	b.Start(60 * time.Millisecond)
	start := time.Now()
	timeouts := 0
	for i := 0; i < 100; i++ {
		if _, err := slow.MatchStringIn(input, &b); err == ErrTimeout {
			timeouts++
		}
	}
	// regexp2 checks its clock every 100ms, so one match may outlive the
	// budget by that much; without the budget this loop takes 100 x Timeout.
	if took := time.Since(start); took > 60*time.Millisecond+2*regexp2.DefaultClockPeriod+100*time.Millisecond {
		t.Errorf("100 matches within a 60ms budget took %v", took)
	}
	if timeouts != 100 || b.Err() != ErrTimeout {
		t.Errorf("%d timeouts, Err %v", timeouts, b.Err())
	}
	b.Start(time.Second)
	if ok, err := MustCompile(`a(?=b)`, "").MatchStringIn("ab", &b); !ok || err != nil {
		t.Errorf("after Start: %v %v", ok, err)
	}
	var none *Budget
	if ok, err := MustCompile(`b`, "").MatchStringIn("ab", none); !ok || err != nil || none.Err() != nil {
		t.Errorf("nil budget: %v %v", ok, err)
	}
}

// The budget's clock starts with the first backtracking match: linear
// matches never read it, so a record that makes only those costs no clock
// reads, and the time before a record's first slow match is not charged.
func TestBudgetClockStartsWithTheFirstBacktrackingMatch(t *testing.T) {
	linear, slow := MustCompile(`abc`, ""), MustCompile(`a(?=b)`, "")
	if !linear.Linear() || slow.Linear() {
		t.Fatal("want one linear and one backtracking pattern")
	}
	var b Budget
	b.Start(time.Second)
	for i := 0; i < 3; i++ {
		if ok, err := linear.MatchStringIn("xabc", &b); !ok || err != nil || b.Expired() {
			t.Fatalf("linear match: %v %v", ok, err)
		}
	}
	if !b.deadline.IsZero() {
		t.Fatal("linear matches started the clock")
	}
	if ok, err := slow.MatchStringIn("ab", &b); !ok || err != nil {
		t.Fatalf("backtracking match: %v %v", ok, err)
	}
	if left := time.Until(b.deadline); left <= 0 || left > time.Second {
		t.Errorf("after a backtracking match %v of the budget is left", left)
	}
	b.Start(time.Second)
	if !b.deadline.IsZero() || b.Err() != nil {
		t.Error("Start does not reset the clock")
	}
}

// With the i flag, JavaScript (without u) folds ASCII letters with ASCII
// letters only: /k/i does not match the Kelvin sign U+212A nor /s/i the
// long s U+017F, which RE2's (?i) would. Expectations from node.
func TestCaseFoldingLikeJavaScript(t *testing.T) {
	for _, c := range []struct {
		pat, in string
		want    bool
	}{
		{`k`, "\u212A", false}, {`s`, "\u017F", false}, {`[a-z]`, "\u212A", false}, {`\w`, "\u017F", false},
		{`[^k]`, "\u212A", true}, {`[^k]`, "K", false}, {`abc`, "xABCx", true}, {`[b-d]+`, "BcD", true},
		{`\u00e9`, "\u00c9", true}, {`[\u00e0-\u00ff]`, "\u00c9", true}, {`\x41`, "a", true}, {`[^\s]`, "\u017F", true},
		{`K`, "k", true}, {`[Z-a]`, "z", true}, {`[Z-a]`, "_", true}, {`[Z-a]`, "A", true}, {`\W`, "\u017F", true},
		{`[\W]`, "s", false}, {`[^\W]`, "\u017F", false}, {`[\s\S]`, "\u212A", true}, {`^[^a-z]$`, "\u212A", true},
	} {
		r, err := Compile(c.pat, "i")
		if err != nil {
			t.Errorf("/%s/i: %v", c.pat, err)
			continue
		}
		if got, _ := r.MatchString(c.in); got != c.want {
			t.Errorf("/%s/i on %q = %v, want %v (linear %v)", c.pat, c.in, got, c.want, r.Linear())
		}
	}
}
