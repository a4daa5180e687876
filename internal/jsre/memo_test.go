package jsre

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"unsafe"
)

// memoPatterns are linear patterns of the kinds rules use on long fields:
// literal sets, anchored wrappers, groups, classes, case folding.
var memoPatterns = []struct{ src, flags string }{
	{`(Chrome|Firefox)/[0-9.]+`, ""},
	{`.*(Chrome|Firefox).*`, ""},
	{`^.*(Chrome|Firefox).*$`, ""},
	{`/(products|blog|search|account|cart)/`, ""},
	{`.*[?&]q=.*`, ""},
	{`([a-z]+)=([^&]*)`, ""},
	{`safari`, "i"},
	{`(x)?(y)?(\d+)`, ""},
	{`^Mozilla/(\d)\.(\d) \(([^)]*)\)`, ""},
	{`\bbot\b`, "i"},
}

// memoValues returns a pool of long values: a few repeated often, with
// line terminators, non-ASCII text and near-duplicates (same length, one
// byte apart) among them.
func memoValues(rng *rand.Rand, n int) []string {
	base := []string{
		"Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.6099.109 Safari/537.36",
		"Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0",
		"Googlebot/2.1 (+http://www.google.com/bot.html) crawling the web",
		"https://www.example.com/products/item-1?user=ann&q=shoes&session=1",
		"https://www.example.com/blog/item-2?user=bob&session=2&ref=email",
		"Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X)\nSafari/604.1",
		"Mozilla/5.0 (Linux; Android 14) Chrome/120\u2028 Mobile Safari/537.36",
		"x1y22 z333 — ünïcödé text with digits 4444 and a Chrome/9 inside",
	}
	out := make([]string, n)
	for i := range out {
		s := base[rng.IntN(len(base))]
		if rng.IntN(4) == 0 { // a near-duplicate: one byte changed
			b := []byte(s)
			b[rng.IntN(len(b))] = "aZ9./?&=\n"[rng.IntN(9)]
			s = string(b)
		}
		if rng.IntN(8) == 0 { // a value too short to memoise
			s = s[:rng.IntN(memoMinLen)]
		}
		out[i] = s
	}
	return out
}

// TestMemoAgrees checks that answers through a Budget (memo on) are those
// of the patterns without one, over values repeated, near-duplicated and
// new, for MatchStringIn and FirstIn alike.
func TestMemoAgrees(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var b Budget
	for _, p := range memoPatterns {
		re, err := Compile(p.src, p.flags)
		if err != nil || !re.Linear() {
			t.Fatalf("%s: err %v, linear %v", p.src, err, err == nil && re.Linear())
		}
		fresh, _ := Compile(p.src, p.flags)
		for _, s := range memoValues(rng, 3000) {
			want, _ := fresh.MatchString(s)
			if got, err := re.MatchStringIn(s, &b); got != want || err != nil {
				t.Fatalf("/%s/ MatchStringIn(%q) = %v, %v; want %v", p.src, s, got, err, want)
			}
			wm, wok, _ := fresh.FirstIn(s, nil, nil)
			gm, gok, err := re.FirstIn(s, nil, &b)
			if gok != wok || err != nil || fmt.Sprint(gm) != fmt.Sprint(wm) {
				t.Fatalf("/%s/ FirstIn(%q) = %v %v %v; want %v %v", p.src, s, gm, gok, err, wm, wok)
			}
		}
	}
	if b.memo == nil || !slices.ContainsFunc(b.memo.slots[:], func(sl memoSlot) bool { return sl.gen == b.memo.gen && sl.re != nil }) {
		t.Fatal("the memo was never filled: the test checks nothing")
	}
}

// TestMemoCopiesKeys: a key is copied, so a value whose bytes are written
// over after the call (a recycled batch buffer) is not taken for the key
// it was: the new bytes are chosen to fall in the old value's slot, where
// a key kept by reference would compare equal to them.
func TestMemoCopiesKeys(t *testing.T) {
	re, _ := Compile(`(Chrome|Firefox)/[0-9.]+`, "")
	const was = "Mozilla/5.0 (Windows NT 10.0) AppleWebKit Chrome/120.0 Safari"
	buf := []byte(was)
	s := unsafe.String(&buf[0], len(buf))
	var b Budget
	if m, ok, _ := re.FirstIn(s, nil, &b); !ok || m.Groups[1].Text != "Chrome" {
		t.Fatalf("first call: %v %v", m, ok)
	}
	slot := b.memo.index(re, kindFirst, was)
	now := ""
	for i := 0; now == ""; i++ {
		v := fmt.Sprintf("%011d Mozilla/5.0 (X11; Linux x86_64) Gecko Firefox/121", i)
		if b.memo.index(re, kindFirst, v) == slot {
			now = v
		}
	}
	copy(buf, now)
	at := strings.Index(now, "Firefox")
	if m, ok, _ := re.FirstIn(s, nil, &b); !ok || m.Groups[1].Text != "Firefox" || m.Start != at {
		t.Fatalf("after the bytes changed: %v %v, want Firefox at %d", m, ok, at)
	}
}

// TestMemoRests: a pattern whose values do not repeat stops being looked
// up after memoProbe calls and starts again after memoRest; one whose
// values repeat keeps its memo.
func TestMemoRests(t *testing.T) {
	unique, _ := Compile(`[?&]q=`, "")
	repeated, _ := Compile(`Chrome`, "")
	var b Budget
	const long = "https://www.example.com/products/item?user=ann&session="
	for i := range memoProbe {
		unique.MatchStringIn(fmt.Sprintf("%s%08d", long, i), &b)
		repeated.MatchStringIn(long+"Chrome", &b)
	}
	if st := b.memo.stats[unique.id]; st.rest != memoRest {
		t.Errorf("unique values: rest %d, want %d", st.rest, memoRest)
	}
	if st := b.memo.stats[repeated.id]; st.rest != 0 {
		t.Errorf("repeated values: rest %d, want 0", st.rest)
	}
	for range memoRest {
		unique.MatchStringIn(long+"x", &b)
	}
	if st := b.memo.stats[unique.id]; st.rest != 0 || st.calls != 0 {
		t.Errorf("after the rest: %+v, want probing again", st)
	}
	unique.MatchStringIn(long+"x", &b)
	if st := b.memo.stats[unique.id]; st.calls != 1 {
		t.Errorf("probing again: %+v, want one call counted", st)
	}
}

// TestMemoTextFills: keys beyond the memo's text start a new generation,
// and answers stay right across it.
func TestMemoTextFills(t *testing.T) {
	re, _ := Compile(`(\d+)$`, "")
	var b Budget
	for round := range 3 {
		for i := range 100 {
			s := strings.Repeat("k", memoMaxLen-10) + fmt.Sprint(i)
			m, ok, _ := re.FirstIn(s, nil, &b)
			if !ok || m.Groups[1].Text != fmt.Sprint(i) {
				t.Fatalf("round %d value %d: %v %v", round, i, m, ok)
			}
		}
	}
	if b.memo.gen < 10 {
		t.Errorf("generation %d: the text never filled", b.memo.gen)
	}
}

// TestMemoHitAllocatesNothing: a remembered answer costs no allocation.
func TestMemoHitAllocatesNothing(t *testing.T) {
	re, _ := Compile(`(Chrome|Firefox)/([0-9.]+)`, "")
	s := "Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/120.0.6099.109 Safari/537.36"
	var b Budget
	buf := make([]Group, 3)
	if n := testing.AllocsPerRun(100, func() { re.FirstIn(s, buf, &b); re.MatchStringIn(s, &b) }); n != 0 {
		t.Errorf("%v allocations per call", n)
	}
}

func BenchmarkMemo(b *testing.B) {
	re, _ := Compile(`(Chrome|Firefox)/[0-9.]+`, "")
	sel, _ := Compile(`^.*(Chrome|Firefox).*$`, "")
	values := memoValues(rand.New(rand.NewPCG(3, 4)), 64)
	for _, mode := range []string{"none", "memo"} {
		b.Run(mode, func(b *testing.B) {
			var budget *Budget
			if mode == "memo" {
				budget = new(Budget)
			}
			buf := make([]Group, 2)
			for i := range b.N {
				s := values[i%len(values)]
				re.FirstIn(s, buf, budget)
				sel.MatchStringIn(s, budget)
			}
		})
	}
}

// TestMemoSlotIsOneLine: a slot fills a cache line, and the slots start
// the memo, which is large enough to start on a page of its own.
func TestMemoSlotIsOneLine(t *testing.T) {
	if n := unsafe.Sizeof(memoSlot{}); n != 64 {
		t.Errorf("memoSlot is %d bytes, want 64", n)
	}
	if off, n := unsafe.Offsetof(memo{}.slots), unsafe.Sizeof(memo{}); off != 0 || n <= 32<<10 {
		t.Errorf("slots at %d in a memo of %d bytes: want 0, in more than 32 KiB", off, n)
	}
}
