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

// charLengthByRune is the definition: the code points (a WTF-8 surrogate
// is one), less each variation selector that follows another character.
func charLengthByRune(s string) int {
	var runes []rune
	for i := 0; i < len(s); {
		r, w := decodeRune(s[i:])
		runes = append(runes, r)
		i += w
	}
	n := len(runes)
	for i := 1; i < len(runes); i++ {
		if isVS(runes[i]) && !isVS(runes[i-1]) {
			n--
		}
	}
	return n
}
