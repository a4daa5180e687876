package jsre

import (
	"math/rand"
	"strings"
	"testing"
)

// TestLeadScanByPrefixAgrees: scanning once for the prefix a literal set
// shares gives, for every start, the position and the string that
// scanning once per string gives, over calls with starts that only grow
// (as the searches make them), repeated starts included.
func TestLeadScanByPrefixAgrees(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	word := func(n int) string {
		b := make([]byte, n)
		for i := range b {
			b[i] = "/ab.é"[rng.Intn(5)]
		}
		return string(b)
	}
	tried := 0
	for range 20000 {
		shared := word(1 + rng.Intn(2))
		set := make(litSet, 2+rng.Intn(4))
		for i := range set {
			set[i] = shared + word(rng.Intn(3))
		}
		prefix := set.scanPrefix()
		if !strings.HasPrefix(prefix, shared) {
			t.Fatalf("%q: scan prefix %q does not start with the shared %q", set, prefix, shared)
		}
		s := word(rng.Intn(40))
		var fast, slow leadScan
		fast.reset(set, prefix, s)
		slow.reset(set, "", s)
		for from := 0; from <= len(s)+1; from += rng.Intn(3) {
			fa, fw := fast.index(from)
			sa, sw := slow.index(from)
			if fa != sa || fa >= 0 && fw != sw {
				t.Fatalf("set %q in %q from %d: by prefix (%d, %d), by string (%d, %d)", set, s, from, fa, fw, sa, sw)
			}
			tried++
		}
	}
	if tried < 100000 {
		t.Fatalf("only %d searches", tried)
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
		if got := c.set.scanPrefix(); got != c.want {
			t.Errorf("%q: %q, want %q", c.set, got, c.want)
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
