package jsstr

import (
	"bytes"
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"
)

// TestCaseMappingByWordsAgrees pins the case mappings, which map eight
// ASCII bytes at a time, against a byte-by-byte mapping on random strings of
// ASCII (letters, the bytes next to the letter ranges, controls, DEL),
// non-ASCII letters, final-sigma contexts, invalid UTF-8 and lone
// surrogates, long enough for words to straddle them; and their unchanged
// prefixes (LowerUnchanged, UpperUnchanged) against a byte loop.
func TestCaseMappingByWordsAgrees(t *testing.T) {
	pieces := []string{"a", "z", "A", "Z", "m", "Q", "@", "[", "`", "{", "0", " ", ".", "\x00", "\x7f", "\x80",
		"é", "É", "Σ", "ß", "İ", "ǅ", "😀", "\xff", "\xed\xa0\x80", "abcdefgh", "ABCDEFGH", "Hello.World@Example.COM"}
	rng := rand.New(rand.NewPCG(13, 14))
	for n := 0; n < 20000; n++ {
		s := ""
		for k := rng.IntN(12); k > 0; k-- {
			s += pieces[rng.IntN(len(pieces))]
		}
		for _, c := range []struct {
			name string
			m    *caseMapping
			fn   func([]byte, string) []byte
			un   func(string) int
		}{{"lower", lowerMapping, AppendLower, LowerUnchanged}, {"upper", upperMapping, AppendUpper, UpperUnchanged}} {
			want := string(appendByBytes(c.m, nil, s))
			if got := string(c.fn([]byte("prefix"), s)); got != "prefix"+want {
				t.Fatalf("%s(%q) = %q, want %q", c.name, s, got[len("prefix"):], want)
			}
			i := unchangedByBytes(c.m, s)
			if got := c.un(s); got != i {
				t.Fatalf("%s unchanged prefix of %q = %d, want %d", c.name, s, got, i)
			}
			if got := string(c.m.appendFrom(nil, s, i)); got != want {
				t.Fatalf("%s(%q) from %d = %q, want %q", c.name, s, i, got, want)
			}
			checkSpareUntouched(t, c.name, c.fn, s, want)
		}
	}
}

// checkSpareUntouched appends s's mapping to a buffer with spare capacity
// (the last bytes are mapped as one word) and checks that nothing past the
// text appended was written.
func checkSpareUntouched(t *testing.T, name string, fn func([]byte, string) []byte, s, want string) {
	t.Helper()
	buf := bytes.Repeat([]byte{'#'}, 3+len(want)+16)
	got := fn(buf[:3], s)
	if string(got[3:]) != want {
		t.Fatalf("%s(%q) after a prefix = %q, want %q", name, s, got[3:], want)
	}
	if &got[0] == &buf[0] && strings.Trim(string(buf[len(got):]), "#") != "" {
		t.Fatalf("%s(%q) wrote past its text: %q", name, s, buf[len(got):])
	}
}

// appendByBytes is the mapping one byte at a time: ASCII by the letter
// ranges, the rest by the mapping's function.
func appendByBytes(m *caseMapping, b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < utf8.RuneSelf {
			if m.first <= c && c <= m.last {
				c ^= 'a' - 'A'
			}
			b = append(b, c)
			continue
		}
		r, size := decodeUnit(s, i)
		b = m.appendRune(b, s, i, size, r)
		i += size - 1
	}
	return b
}

func unchangedByBytes(m *caseMapping, s string) int {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= utf8.RuneSelf || m.first <= c && c <= m.last {
			return i
		}
	}
	return len(s)
}
