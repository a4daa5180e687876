package plan

import (
	"fmt"
	"math/rand"
	"slices"
	"strings"
	"testing"
)

// TestStrTableAgreesWithMap pins the index's string table against the map
// it is built from: value sets of every size, short and long values, values
// alike at both ends (which make it fall back to the map), the empty string,
// and lookups of values that are not there.
func TestStrTableAgreesWithMap(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	word := func() string {
		switch rng.Intn(4) {
		case 0:
			return strings.Repeat("x", rng.Intn(20))
		case 1: // long, alike at both ends: the same hash
			return "https://example.com/" + fmt.Sprint(rng.Intn(1000)) + strings.Repeat("/", 30) + "end.html"
		}
		b := make([]byte, rng.Intn(24))
		for i := range b {
			b[i] = "abcAB\x00\xff\"é"[rng.Intn(10)]
		}
		return string(b)
	}
	fellBack, few := 0, 0
	for round := 0; round < 2000; round++ {
		m := map[string][]int{}
		var keys []string
		for i := rng.Intn(40); i > 0; i-- {
			k := word()
			m[k] = appendOnce(m[k], i)
			keys = append(keys, k)
		}
		tab := newStrTable(m)
		if tab.m != nil {
			fellBack++
		}
		if tab.few != nil {
			few++
		}
		for i := 0; i < 100; i++ {
			k := word()
			if i%2 == 0 && len(keys) > 0 {
				k = keys[rng.Intn(len(keys))]
			}
			if got, want := tab.get(k), m[k]; !slices.Equal(got, want) {
				t.Fatalf("values %q: get(%q) = %v, want %v", keys, k, got, want)
			}
		}
	}
	if fellBack == 0 || few == 0 || fellBack+few == 2000 {
		t.Fatalf("of 2000 tables, %d fell back to the map and %d compare few values: every kind must be tested", fellBack, few)
	}
}

// TestStrTableTellsNearMissesApart: keys compared as words (at most
// shortKey bytes), longer ones and those of a table of few values are told
// apart from texts that differ from them in one byte, at every position,
// or in length; every key is found.
func TestStrTableTellsNearMissesApart(t *testing.T) {
	for _, few := range []bool{false, true} {
		for n := 0; n <= 2*shortKey; n++ {
			base := []byte(strings.Repeat("ab", n)[:n])
			m := map[string][]int{string(base): {1}}
			for i := 0; !few && i < maxFew; i++ { // enough values not to be few
				m[fmt.Sprint("other value ", i)] = []int{2}
			}
			tab := newStrTable(m)
			if few && tab.few == nil || !few && tab.slots == nil {
				t.Fatalf("length %d, few %v: the table is not of its kind", n, few)
			}
			if got := tab.get(string(base)); !slices.Equal(got, []int{1}) {
				t.Fatalf("length %d: get(key) = %v", n, got)
			}
			for i := range base {
				miss := slices.Clone(base)
				miss[i] ^= 0x20
				if got := tab.get(string(miss)); got != nil {
					t.Fatalf("key %q: get(%q) = %v", base, miss, got)
				}
			}
			for _, miss := range []string{string(base) + "a", string(base) + "\x00", "\x00" + string(base)} {
				if got := tab.get(miss); got != nil {
					t.Fatalf("key %q: get(%q) = %v", base, miss, got)
				}
			}
		}
	}
}
