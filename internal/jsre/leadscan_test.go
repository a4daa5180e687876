package jsre

import (
	"math/rand"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestLeadScanByPrefixAgrees: scanning once for the prefix a literal set
// shares gives, for every start, the position and the string that
// scanning once per string gives, over calls with starts that only grow
// (as the searches make them), repeated starts included.
func TestLeadScanByPrefixAgrees(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	word := wordsOf(rng, "/ab.é"[:5])
	tried := 0
	for range 20000 {
		shared := word(1 + rng.Intn(2))
		set := make(litSet, 2+rng.Intn(4))
		for i := range set {
			set[i] = shared + word(rng.Intn(3))
		}
		byPrefix, byString := newLitFinder(set), litFinder{set: set}
		if prefix := byPrefix.prefix; !strings.HasPrefix(prefix, shared) {
			t.Fatalf("%q: scan prefix %q does not start with the shared %q", set, prefix, shared)
		}
		tried += scansAgree(t, &byPrefix, &byString, word(rng.Intn(40)), func() int { return rng.Intn(3) })
	}
	if tried < 100000 {
		t.Fatalf("only %d searches", tried)
	}
}

// TestLeadScanByStartAgrees: a leadScan of a set its strings' first bytes
// tell apart (byStart for a short text, a search per string for the rest
// of a long one) gives, for every start, what searching per string gives,
// on texts from empty to twice as long as byStart takes, over calls with
// starts that only grow, repeated starts included.
func TestLeadScanByStartAgrees(t *testing.T) {
	rng := rand.New(rand.NewSource(10))
	word := wordsOf(rng, "abcd/é"[:6])
	tried, long := 0, 0
	for range 3000 {
		set := make(litSet, 2+rng.Intn(4))
		for i := range set {
			set[i] = word(1 + rng.Intn(3))
		}
		byStart, byString := newLitFinder(set), litFinder{set: set}
		if byStart.starts == nil {
			continue
		}
		s := word(rng.Intn(2 * shortText * len(set)))
		if !byStart.byStartFor(len(s)) {
			long++
		}
		tried += scansAgree(t, &byStart, &byString, s, func() int { return rng.Intn(9) })
	}
	if tried < 50000 || long < 500 {
		t.Fatalf("only %d searches, %d texts too long for byStart alone", tried, long)
	}
}

// scansAgree checks that leadScans of s by the finders fast and slow (of
// the same set) give the same position and string from every start, the
// starts growing by step (0 repeats one); it returns the searches made.
func scansAgree(t *testing.T, fast, slow *litFinder, s string, step func() int) (tried int) {
	t.Helper()
	var f, w leadScan
	var fn, wn [maxLiterals]int
	f.next, w.next = &fn, &wn
	f.reset(fast, s)
	w.reset(slow, s)
	for from := 0; from <= len(s)+1; from += step() {
		fa, fw := f.index(from)
		sa, sw := w.index(from)
		if fa != sa || fa >= 0 && fw != sw {
			t.Fatalf("set %q in %q from %d: fast (%d, %d), by string (%d, %d)", fast.set, s, from, fa, fw, sa, sw)
		}
		tried++
	}
	return tried
}

// wordsOf returns a maker of random strings of n bytes of alphabet (a
// byte at a time: a multi-byte rune in it gives its bytes alone, so the
// texts hold invalid UTF-8 as well).
func wordsOf(rng *rand.Rand, alphabet string) func(n int) string {
	return func(n int) string {
		b := make([]byte, n)
		for i := range b {
			b[i] = alphabet[rng.Intn(len(alphabet))]
		}
		return string(b)
	}
}

// TestScanPrefix: the shared prefix of several strings, none for one
// string or for strings that share nothing.
func TestScanPrefix(t *testing.T) {
	for _, c := range []struct {
		set  litSet
		want string
	}{
		{litSet{"/products/", "/blog/", "/search/"}, "/"},
		{litSet{"abc", "abd"}, "ab"},
		{litSet{"ab", "abc"}, "ab"},
		{litSet{"Chrome", "Firefox"}, ""},
		{litSet{"only"}, ""},
		{litSet{"", "a"}, ""},
	} {
		if got := c.set.shared(false); got != c.want {
			t.Errorf("%q: %q, want %q", c.set, got, c.want)
		}
	}
	for _, c := range []struct {
		set  litSet
		want string
	}{
		{litSet{"?q=", "&q="}, "q="},
		{litSet{"xab", "ab"}, "ab"},
		{litSet{"ab", "ba"}, ""},
		{litSet{"only"}, ""},
	} {
		if got := c.set.shared(true); got != c.want {
			t.Errorf("%q: suffix %q, want %q", c.set, got, c.want)
		}
	}
}

// BenchmarkLeadSet: a regex led by alternatives that share a prefix (the
// web-log rules' section extraction) on a URL.
func BenchmarkLeadSet(b *testing.B) {
	re, err := Compile(`/(products|blog|search|account|cart)/`, "")
	if err != nil {
		b.Fatal(err)
	}
	url := "https://www.example.com/cart/item-32296?user=bob16&session=79e1be4b28d1f9e6&ref=email&page=4"
	var groups []Group
	for b.Loop() {
		if _, found, err := re.FirstIn(url, groups, nil); !found || err != nil {
			b.Fatal("no match", err)
		}
	}
}

// BenchmarkLeadStart: a regex led by alternatives that share no prefix
// (the section extraction as rulec compiles it, between the slashes) on
// URLs with and without one of them, without a memo (URLs rarely repeat):
// the start-byte scan (litFinder.byStart) is most of it.
func BenchmarkLeadStart(b *testing.B) {
	re := MustCompile(`(products|blog|search|account|cart)`, "")
	urls := append(slices.Clone(benchURLs), "https://www.example.com/api/v2/item-39110?user=olivia828&page=11&session=a6b3b876d188aa16")
	var groups []Group
	i := 0
	for b.Loop() {
		if m, found, _ := re.FirstIn(urls[i%len(urls)], groups, nil); found {
			groups = m.Groups[:0]
		}
		i++
	}
}

// TestLitFinderAgrees: finding a set's strings by the prefix or suffix
// they share answers as looking for each string does.
func TestLitFinderAgrees(t *testing.T) {
	rng := rand.New(rand.NewSource(8))
	word := func(n int) string {
		b := make([]byte, n)
		for i := range b {
			b[i] = "?&qa=é"[rng.Intn(6)]
		}
		return string(b)
	}
	shapes := map[string]int{}
	for range 30000 {
		shared := word(1 + rng.Intn(2))
		set := make(litSet, 1+rng.Intn(4))
		for i := range set {
			if rng.Intn(2) == 0 {
				set[i] = word(rng.Intn(3)) + shared
			} else {
				set[i] = shared + word(rng.Intn(3))
			}
		}
		f := newLitFinder(set)
		switch {
		case f.prefix != "":
			shapes["prefix"]++
		case f.suffix != "":
			shapes["suffix"]++
		default:
			shapes["neither"]++
		}
		s := word(rng.Intn(30))
		if got, want := f.containsAny(s), set.containsAny(s); got != want {
			t.Fatalf("set %q (prefix %q, suffix %q) in %q: %v, want %v", set, f.prefix, f.suffix, s, got, want)
		}
	}
	for _, k := range []string{"prefix", "suffix", "neither"} {
		if shapes[k] < 1000 {
			t.Errorf("only %d sets with %s", shapes[k], k)
		}
	}
}

// TestByStartAgrees: the one-pass search of a short text (litFinder.byStart,
// leadScan.index's way for sets that share no prefix) finds the leftmost
// string of the set, the first in the set's order where several start, as
// a search per string does — from any position, on texts with the sets'
// first bytes everywhere, and through a regex that leads with the set.
func TestByStartAgrees(t *testing.T) {
	rng := rand.New(rand.NewSource(9))
	word := func(n int) string {
		b := make([]byte, n)
		for i := range b {
			b[i] = "abcé/"[rng.Intn(5)]
		}
		return string(b)
	}
	tried := 0
	for range 30000 {
		set := make(litSet, 2+rng.Intn(7))
		for i := range set {
			set[i] = word(1 + rng.Intn(3))
		}
		f := newLitFinder(set)
		if f.starts == nil {
			continue
		}
		tried++
		s := word(rng.Intn(40))
		from := rng.Intn(len(s) + 2) // len(s)+1: past the end finds nothing
		wantAt, wantWhich := -1, 0
		for i, x := range set {
			if from > len(s) {
				break
			}
			if j := strings.Index(s[from:], x); j >= 0 && (wantAt < 0 || from+j < wantAt) {
				wantAt, wantWhich = from+j, i
			}
		}
		if at, which := f.byStart(s, from); at != wantAt || at >= 0 && which != wantWhich {
			t.Fatalf("set %q in %q from %d: (%d, %d), want (%d, %d)", set, s, from, at, which, wantAt, wantWhich)
		}
	}
	if tried < 10000 {
		t.Errorf("only %d sets searched by their start bytes", tried)
	}
	re := MustCompile(`(products|blog|search|account|cart)/(\w+)`, "")
	for _, u := range append(benchURLs, "", "cart", "carts/x", "xxblog/yy/search/z", strings.Repeat("carx", 60)+"cart/end") {
		want := regexp.MustCompile(`(products|blog|search|account|cart)/(\w+)`).FindStringSubmatchIndex(u)
		m, ok, _ := re.FirstIn(u, nil, nil)
		if ok != (want != nil) || ok && (m.Start != want[0] || m.End != want[1] || m.Groups[2].Text != u[want[4]:want[5]]) {
			t.Fatalf("%q: %v %v, want %v", u, m, ok, want)
		}
	}
}
