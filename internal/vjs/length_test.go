package vjs

import (
	"math/rand/v2"
	"testing"
)

// TestCharLengthASCIIPrefix pins charLength (which counts a leading ASCII
// run by its bytes) against the rune-by-rune definition.
func TestCharLengthASCIIPrefix(t *testing.T) {
	pieces := []string{"a", "Z", " ", "\x00", "é", "😀", "\ufe0f", "\ufe0e", "\xff", "\xed\xa0\x80", "✓"}
	rng := rand.New(rand.NewPCG(9, 10))
	for i := 0; i < 5000; i++ {
		s := ""
		for n := rng.IntN(8); n > 0; n-- {
			s += pieces[rng.IntN(len(pieces))]
		}
		if got, want := charLength(s), charLengthByRune(s); got != want {
			t.Fatalf("charLength(%q) = %d, want %d", s, got, want)
		}
	}
}

func charLengthByRune(s string) int {
	n, prevNonVS := 0, false
	for i := 0; i < len(s); {
		r, w := decodeRune(s[i:])
		i += w
		if isVS(r) && prevNonVS {
			prevNonVS = false
			continue
		}
		prevNonVS = !isVS(r)
		n++
	}
	return n
}
