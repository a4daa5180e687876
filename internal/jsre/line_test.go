package jsre

import (
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sluice-dev/sluice/internal/cputime"
)

// engineOnly compiles pattern without the fast paths: the reference the
// fast paths must agree with.
func engineOnly(t testing.TB, pattern string) *Regexp {
	r := MustCompile(pattern, "")
	dropFastPaths(r)
	return r
}

// agree checks MatchString and FindAll (first, two, all) of the fast paths
// against the engine on one input.
func agree(t *testing.T, fast, slow *Regexp, in string) {
	t.Helper()
	a, _ := fast.MatchString(in)
	b, _ := slow.MatchString(in)
	if a != b {
		t.Fatalf("%s MatchString(%q): fast %v, engine %v", fast, in, a, b)
	}
	agreeFirst(t, fast, in)
	for _, n := range []int{1, 2, -1, 0} {
		fa, _ := fast.FindAll(in, n)
		fb, _ := slow.FindAll(in, n)
		if !reflect.DeepEqual(fa, fb) {
			t.Fatalf("%s FindAll(%q, %d):\nfast   %+v\nengine %+v", fast, in, n, fa, fb)
		}
	}
}

// agreeFirst checks FirstIn against FindAllIn(in, 1), with a buffer
// dirtied by an earlier match.
func agreeFirst(t *testing.T, r *Regexp, in string) {
	t.Helper()
	ms, errAll := r.FindAllIn(in, 1, nil)
	buf := make([]Group, 0, 8)
	for i := range buf[:cap(buf)] {
		buf[:cap(buf)][i] = Group{Text: "dirty", OK: true}
	}
	m, found, err := r.FirstIn(in, buf, nil)
	if err != errAll || found != (len(ms) == 1) || found && !reflect.DeepEqual(m, ms[0]) {
		t.Fatalf("%s FirstIn(%q) = %+v %v %v, FindAllIn %+v %v", r, in, m, found, err, ms, errAll)
	}
}

// dropFastPaths leaves r to the engine alone.
func dropFastPaths(r *Regexp) { r.fast, r.head = nil, nil }

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// Characters the random inputs are made of: the patterns' own letters,
// line terminators, non-ASCII, U+FFFD and invalid UTF-8.
var edgePieces = []string{"a", "b", "c", "x", "/", "0", "9", ".", "q", "=", "?", "&", " ",
	"\n", "\r", "\u2028", "\u2029", "é", "\u00a0", "\ufffd", "\xff", "\xe2\x80", "\xe2", "Chrome", "Firefox", "ab", "abc"}

func randomInput(rng *rand.Rand) string {
	var b strings.Builder
	for n := rng.IntN(12); n > 0; n-- {
		b.WriteString(edgePieces[rng.IntN(len(edgePieces))])
	}
	return b.String()
}

// Pattern pieces for random patterns in the JavaScript syntax the
// translator accepts.
var (
	atomPieces = []string{"a", "b", "c", "x", "\\/", "0", "é", "\\.", "[ab]", "[^a]", "[a-c]", "[0-9.]", "\\d", "\\s", "\\S", "\\w", "\\b", "\\B",
		".", "[^\\n]", "(a|b)", "(ab|c)", "(a|ab)", "(?:x|y)", "(Chrome|Firefox)", "(é|ab)", "\\u00e9", "\\ufffd", "[\\ufffd]", "()"}
	quantPieces = []string{"", "", "", "*", "+", "?", "{2}", "{1,3}", "{0,}", "*?", "+?"}
)

func randomPattern(rng *rand.Rand) string {
	var b strings.Builder
	switch rng.IntN(8) {
	case 0, 1, 2:
		b.WriteByte('^')
	case 3:
		b.WriteString("^.*") // the Lucene and wildcard shapes ^.*X$ and ^.*X.*$
	}
	for n := 1 + rng.IntN(4); n > 0; n-- {
		atom := atomPieces[rng.IntN(len(atomPieces))]
		if rng.IntN(6) == 0 {
			atom = "(" + atom + atomPieces[rng.IntN(len(atomPieces))] + ")"
		}
		b.WriteString(atom + quantPieces[rng.IntN(len(quantPieces))])
	}
	switch rng.IntN(6) {
	case 0, 1:
		b.WriteByte('$')
	case 2:
		b.WriteString(".*$")
	}
	return b.String()
}

// TestLineProgramAgreesWithEngine pins the line programs (and the other
// fast paths) against the RE2 engine on random patterns and inputs.
func TestLineProgramAgreesWithEngine(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 1))
	lines, suffixes, wraps := 0, 0, 0
	for range 4000 {
		p := randomPattern(rng)
		fast, err := Compile(p, "")
		if err != nil || !fast.Linear() {
			continue
		}
		if f := fast.fast; f != nil {
			lines += btoi(f.line != nil)
			suffixes += btoi(f.suffix != nil)
			wraps += btoi(f.dotWrap)
		}
		slow := engineOnly(t, p)
		for range 40 {
			agree(t, fast, slow, randomInput(rng))
		}
	}
	t.Logf("%d line programs, %d ^.*X$, %d ^.*X.*$", lines, suffixes, wraps)
	if lines < 300 || suffixes < 3 || wraps < 20 {
		t.Errorf("few random patterns took the fast paths: %d line programs, %d ^.*X$, %d ^.*X.*$", lines, suffixes, wraps)
	}
}

// The shapes of Lucene regex terms and wildcards, ^.*X$ and ^.*X.*$ with X
// a literal set (line terminators included), agree with the engine.
func TestDotShapesAgreeWithEngine(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 5))
	lits := []string{"a", "b", "\\.", "é", "(a|bc)", "[ab]", "\\n", "\\u2028", "\\r", "\\s", "(x|\\n)", "\\ufffd"}
	fast := 0
	for range 400 {
		var x strings.Builder
		for n := 1 + rng.IntN(3); n > 0; n-- {
			x.WriteString(lits[rng.IntN(len(lits))])
		}
		for _, p := range []string{"^.*" + x.String() + "$", "^.*" + x.String() + ".*$", "^" + x.String() + ".*$"} {
			r := MustCompile(p, "")
			if r.fast != nil && (r.fast.suffix != nil || r.fast.dotWrap || r.fast.prefix != nil) {
				fast++
			}
			slow := engineOnly(t, p)
			for range 40 {
				agree(t, r, slow, randomInput(rng))
			}
		}
	}
	if fast < 300 {
		t.Errorf("only %d of 1200 patterns took the ^.*X$, ^.*X.*$ or ^X.*$ path", fast)
	}
}

// agreeOnShapes checks n patterns of minAtoms to minAtoms+2 random atoms
// (with flags) against the engine on 30 texts of random pieces each, and
// returns how many got a line program that has what counts.
func agreeOnShapes(t *testing.T, rng *rand.Rand, atoms, pieces []string, flags string, n, minAtoms int, counts func(lineOp) bool) int {
	t.Helper()
	got := 0
	for range n {
		var p strings.Builder
		for k := minAtoms + rng.IntN(3); k > 0; k-- {
			p.WriteString(atoms[rng.IntN(len(atoms))])
		}
		fast, err := Compile(p.String(), flags)
		if err != nil || !fast.Linear() {
			continue
		}
		if fast.fast != nil && fast.fast.line != nil && slices.ContainsFunc(fast.fast.line.ops, counts) {
			got++
		}
		slow := engineFor(p.String(), flags)
		for range 30 {
			agree(t, fast, slow, randomText(rng, pieces))
		}
	}
	return got
}

// engineFor compiles pattern with flags for the engine alone.
func engineFor(pattern, flags string) *Regexp {
	r := MustCompile(pattern, flags)
	dropFastPaths(r)
	return r
}

// randomText is up to seven random pieces.
func randomText(rng *rand.Rand, pieces []string) string {
	var in strings.Builder
	for k := rng.IntN(8); k > 0; k-- {
		in.WriteString(pieces[rng.IntN(len(pieces))])
	}
	return in.String()
}

// Word assertions next to loops, literals and sets agree with the engine.
func TestWordBoundaryShapesAgreeWithEngine(t *testing.T) {
	atoms := []string{`\b`, `\B`, `\d+`, `\d*`, `[a-z]+`, `\w+`, `x`, ` `, `(ab|c)`, `[ab ]+`, `é`, `\d{2}`, `-`}
	pieces := []string{"a", "b", "ab", "c", "1", "12", " ", "é", "x", "_", "-", "\n", "\xff"}
	words := agreeOnShapes(t, rand.New(rand.NewPCG(3, 9)), atoms, pieces, "", 1500, 2, func(op lineOp) bool { return op.kind == lineWord })
	if words < 300 {
		t.Errorf("only %d of 1500 patterns got a line program with a word assertion", words)
	}
}

// Patterns with the i flag (letters as [aA] classes, word alternations as
// folded sets) agree with the engine.
func TestFoldedShapesAgreeWithEngine(t *testing.T) {
	atoms := []string{`(get|post|head)`, `(chrome|firefox)`, `(ab|b)`, `(é|è|x)`, `k`, `[a-c]+`, `\d+`, `/`, `\b`, `s?`, `(?:get|got)`, `\u00e9`, `[^k]`,
		`(@a|\[b|\u20ac)`, `(a@|b\[)`, `@`, `\u20acx`}
	pieces := []string{"GET", "get", "Post", "HEAD", "Chrome", "FIREFOX", "ab", "AB", "b", "é", "É", "è", "x", "K", "\u212a", "\u017f", "s", "/", "1", " ", "\xff",
		"@", "`", "[", "{", "€", "A@", "B[", "b{"}
	folded := agreeOnShapes(t, rand.New(rand.NewPCG(4, 4)), atoms, pieces, "i", 1500, 1, func(op lineOp) bool { return op.fold })
	if folded < 300 {
		t.Errorf("only %d patterns got a folded set", folded)
	}
}

// The patterns of the benchmark rule sets run as line programs (or the
// ^.*X.*$ path), and agree with the engine on edge and random inputs.
func TestLineProgramPatterns(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	for _, c := range []struct {
		pattern string
		line    bool
	}{
		{`(Chrome|Firefox)/[0-9.]+`, true},
		{`/(products|blog|search|account|cart)/`, true},
		{`^[0-9]{5}$`, true},
		{`^user:[0-9]+:`, true},
		{`^[LH].*$`, true},
		{`(\d+)-(\d+)`, true},
		{`a[^x]*x`, true},
		{`(a|ab)c`, false},     // a set with a prefix: a real choice
		{`[a-z]+[a-c]`, false}, // the loop's follower starts with what it eats
		{`a+?b`, true},         // lazy, but only the longest run can be followed by b
		{`some(.*?)$`, true},   // a rule of the reference's tests
		{`/path/tiles/longitude/(.*?)$`, true},
		{`a.*?`, false}, // lazy: the shortest match is "a"
		{`a[^x]*?x?`, false},
		{`(.*?)x`, false},
		{`(a)?b`, false},      // optional group
		{`(?:(a)|b)c`, false}, // a group inside an alternation
		{`\bword`, true},
		{`\b\d{5}\b`, true},
		{`\b(GET|POST)\b`, true},
		{`\d+\b`, true},      // a shorter run ends between two digits: no boundary
		{`\d+\B`, false},     // but \B would hold there
		{`[a-z ]+\b`, false}, // a space is no word character
		{`\d*\b`, false},     // a count of zero sees the character before the loop
		{`\ufffd`, false},    // RE2 matches U+FFFD against invalid bytes
		{`^.*(Chrome|Firefox).*$`, false},
		{`^.*[?&]q=.*$`, false},
		{`^.*a+b.*$`, false},
		{`^.*\.example\.com$`, false}, // wildcard *.example.com
		{`^.*(Chrome|\u2028|b)$`, false},
		{`^.*ab?$`, false},
		{`\d+\.\d+`, true},
		{`[a-z]*\d`, true},
		{`(\w+)@(\w+)`, true},
		{`(a)\1(b)?`, false}, // backtracking engine
		{`a(?=b)|(c)`, false},
	} {
		r := MustCompile(c.pattern, "")
		if got := r.fast != nil && r.fast.line != nil; got != c.line {
			t.Errorf("/%s/: line program %v, want %v", c.pattern, got, c.line)
		}
		slow := engineOnly(t, c.pattern)
		for _, in := range []string{"", "Chrome/120.0.6099.109 Safari", "Firefox/", "xFirefox/1.2.3Chrome/9", "a\nChrome/1", "/blog/x/cart/",
			"//products//", "61511", "615112", "6151\n", "user:12:", "user::", "Lima", "Hanoi\u2028", "H\xff", "12-34 56-78", "ax aax", "aaaa",
			"\xe2\x80\xa8Chrome/1", "é/search/é", "\xff/cart/", "Chrome\r", "\u2029Firefox", "Chr\nome", "?q=\xe2\x80\xa9", "\xe2\x80?q=",
			"\xe2?q=\xe2\x80", "\xe2\xe2\x80\xa8&q=", "&q=\xe2\x80\xa8", "aab\u2028", "\xe2\x80\xaaFirefox",
			"www.example.com", "a\nb.example.com", ".example.com", "example.com", "x.example.com\n", "\xe2\x80\u2028", "\xe2\u2028", "é\xffb"} {
			agree(t, r, slow, in)
		}
		for range 300 {
			agree(t, r, slow, randomInput(rng))
		}
	}
}

// A line program gives up on a pattern that would re-read the text from
// every start (the work limit), and the engine answers instead.
func TestLineProgramGivesUp(t *testing.T) {
	r := MustCompile(`a[^x]*x`, "")
	in := strings.Repeat("a", 5000)
	var run lineRun
	var caps [maxLineSlots]int
	var next [maxLiterals]int
	start := func(p *lineProg, in string) {
		run = lineRun{lineTry: lineTry{p: p, s: in, caps: &caps}, limit: runLimit(in)}
		run.lead.next = &next
		run.lead.reset(&p.leadFind, in)
	}
	start(r.fast.line, in)
	if _, ok := run.find(0); ok {
		t.Fatal("the search did not give up")
	}
	if run.work > 2*run.limit {
		t.Errorf("gave up after %d work units, limit %d", run.work, run.limit)
	}
	agree(t, r, engineOnly(t, `a[^x]*x`), in)
	agree(t, r, engineOnly(t, `a[^x]*x`), in+"x")

	// A leading loop is not re-read from inside its own run: no giving up.
	for _, p := range []string{`\d+\.\d+`, `[a-z]+\d`, `(\w+)@`} {
		r := MustCompile(p, "")
		in := strings.Repeat("1234567890abc ", 400)
		start(r.fast.line, in)
		if found, ok := run.find(0); found || !ok || run.work > 2*len(in) {
			t.Errorf("/%s/: found %v, ok %v after %d work units on %d bytes", p, found, ok, run.work, len(in))
		}
		agree(t, r, engineOnly(t, p), in)
	}
}

// The fast paths stay linear on texts full of failing candidates (a
// first-match search tried the anchored pattern at every lead literal:
// quadratic).
func TestFastPathsStayLinear(t *testing.T) {
	for _, p := range []string{`a[^x]*x`, `(a|b)(c)?[^x]*x`, `(a|b)[^x]*x`, `a(b)?`, `[a-z]+\d`, `(\w+)@`, `a+?x`, `^.*b$`, `^.*b.*$`, `[^x]*x`, `a*a*x`} {
		r := MustCompile(p, "")
		cost := func(n int) time.Duration {
			in := strings.Repeat("a", n)
			return cputime.Best(3, func() {
				_, _ = r.FindAll(in, 1)
				_, _ = r.MatchString(in)
			})
		}
		small, big := cost(4000), cost(20000)
		if big > 12*small+20*time.Millisecond { // quadratic: 25x
			t.Errorf("/%s/: 5x the text took %v vs %v", p, big, small)
		}
	}
}

// hasLineTerminator agrees with a byte-by-byte reading.
func TestHasLineTerminator(t *testing.T) {
	byLoop := func(s string) bool {
		for i := 0; i < len(s); i++ {
			if s[i] == '\n' || s[i] == '\r' || s[i] == 0xE2 && i+2 < len(s) && s[i+1] == 0x80 && (s[i+2] == 0xA8 || s[i+2] == 0xA9) {
				return true
			}
		}
		return false
	}
	pieces := []string{"a", "\xe2", "\x80", "\xa8", "\xa9", "\xaa", "\n", "\r", "\u2028", "\u2029", "é", "\u2027"}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		var b strings.Builder
		for n := rng.IntN(8 << rng.IntN(3)); n > 0; n-- { // both sides of shortScan
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		if s := b.String(); hasLineTerminator(s) != byLoop(s) {
			t.Fatalf("hasLineTerminator(%q) = %v", s, !byLoop(s))
		}
		s := b.String()
		want := len(s)
		for i := range len(s) {
			if s[i] == '\n' || s[i] == '\r' || s[i] == 0xE2 && i+2 < len(s) && s[i+1] == 0x80 && (s[i+2] == 0xA8 || s[i+2] == 0xA9) {
				want = i
				break
			}
		}
		if got := indexLineTerminator(s); got != want {
			t.Fatalf("indexLineTerminator(%q) = %d, want %d", s, got, want)
		}
	}
}

// fuzzFlags are the flag sets the fuzz targets try.
var fuzzFlags = [4]string{"", "i", "u", "iu"}

// FuzzFastPaths compares the fast paths with the engine on any linear
// pattern and input, with and without the i and u flags.
func FuzzFastPaths(f *testing.F) {
	for _, p := range []string{`(Chrome|Firefox)/[0-9.]+`, `^.*[?&]q=.*$`, `/(products|blog)/`, `^[0-9]{5}$`, `a[^x]*x`, `(\d+)-(\w+)?`, `\b\d+\b`} {
		f.Add(p, "Chrome/1.2 /blog/ 12345 a-b\n\u2028\xff", uint8(0))
		f.Add(p, "CHROME/1.2 /Blog/ 12345 a-b\n\u212a\xff", uint8(1))
		f.Add(p, "Chrome/1.2 /blog/ 12345 a-b\n\u2028\xff\u017f😀", uint8(2))
		f.Add(p, "CHROME/1.2 /Blog/ 12345 a-b\n\u212a\xff\u017f😀", uint8(3))
	}
	f.Fuzz(func(t *testing.T, pattern, in string, flagSet uint8) {
		flags := fuzzFlags[flagSet%4]
		fast, err := Compile(pattern, flags)
		if err != nil || !fast.Linear() || fast.fast == nil || len(in) > 256 {
			return
		}
		slow := MustCompile(pattern, flags)
		dropFastPaths(slow)
		agree(t, fast, slow, in)
	})
}
