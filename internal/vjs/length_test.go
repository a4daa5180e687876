package vjs

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestCharLengthASCIIPrefix pins charLength (which counts a leading ASCII
// run by its bytes) against the rune-by-rune definition.
func TestCharLengthASCIIPrefix(t *testing.T) {
	pieces := []string{"a", "Z", " ", "\x00", "é", "😀", "\ufe0f", "\ufe0e", "\xff", "\xed\xa0\x80", "✓", "abcdefg", "\x7f.co@example.org"}
	rng := rand.New(rand.NewPCG(9, 10))
	for i := 0; i < 20000; i++ {
		s := ""
		for n := rng.IntN(12); n > 0; n-- {
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

// TestDataMateLengthBoundsAsIsLength pins data-mate isLength's bounds,
// taken as numbers once when it is bound, against validator.isLength's
// comparison of every length with the option values as they are (JS
// relational comparison), over options of every JS type.
func TestDataMateLengthBoundsAsIsLength(t *testing.T) {
	bounds := []any{nil, 0.0, 1.0, 2.0, 3.5, -1.0, 1e300, math.NaN(), math.Inf(1), math.Inf(-1), "2", " 3 ", "x", "",
		true, false, []any{}, []any{2.0}, []any{"3"}, []any{1.0, 2.0}, map[string]any{"a": 1.0}}
	strs := []string{"", "a", "ab", "abc", "abcd", "😀", "a\ufe0f", "é", "\xff\xfe"}
	for _, minV := range append(bounds, "absent") {
		for _, maxV := range append(bounds, "absent") {
			opts := map[string]any{}
			if minV != "absent" {
				opts["min"] = minV
			}
			if maxV != "absent" {
				opts["max"] = maxV
			}
			l := bindLength(opts)
			if !l.useRange {
				continue
			}
			r := LengthRange{Min: 0.0, Max: Bound{Set: maxV != "absent", Val: maxV}}
			if truthy(minV, minV != "absent") {
				r.Min = minV
			}
			for _, s := range strs {
				if got, want := l.str(s), IsLength(s, r, nil); got != want {
					t.Fatalf("min %#v max %#v: isLength(%q) = %v, validator.isLength gives %v", minV, maxV, s, got, want)
				}
			}
		}
	}
}

// TestASCIIPrefixAgrees pins asciiPrefix (eight bytes at a time) against a
// byte loop on random strings of ASCII and non-ASCII bytes of every length
// up to 40.
func TestASCIIPrefixAgrees(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 9))
	for n := 0; n < 50000; n++ {
		b := make([]byte, rng.IntN(41))
		for i := range b {
			b[i] = byte(rng.IntN(128))
			if rng.IntN(len(b)+1) == 0 {
				b[i] |= 0x80
			}
		}
		s := string(b)
		want := 0
		for want < len(s) && s[want] < 0x80 {
			want++
		}
		if got := asciiPrefix(s); got != want {
			t.Fatalf("asciiPrefix(%q) = %d, want %d", s, got, want)
		}
	}
}
