package jsstr

import (
	"strings"
	"unicode/utf8"

	"github.com/sluice-dev/sluice/internal/swar"
)

// decodeUnit decodes the rune at s[i:]. Unlike utf8.DecodeRuneInString it
// returns a WTF-8 encoded surrogate (ED A0..BF 80..BF) as the surrogate code
// point with size 3; other invalid bytes give (utf8.RuneError, 1).
func decodeUnit(s string, i int) (rune, int) {
	c := s[i]
	if c < utf8.RuneSelf {
		return rune(c), 1
	}
	r, n := utf8.DecodeRuneInString(s[i:])
	if r == utf8.RuneError && n == 1 && isWTF8Surrogate(s, i) {
		return rune(0xD000 | rune(s[i+1]&0x3F)<<6 | rune(s[i+2]&0x3F)), 3
	}
	return r, n
}

func isWTF8Surrogate(s string, i int) bool {
	return i+2 < len(s) && s[i] == 0xED && s[i+1] >= 0xA0 && s[i+1] <= 0xBF &&
		s[i+2] >= 0x80 && s[i+2] <= 0xBF
}

// runeUnits is the number of UTF-16 code units of r.
func runeUnits(r rune) int {
	if r >= 0x10000 {
		return 2
	}
	return 1
}

// Len16 is JavaScript's String.prototype.length: the number of UTF-16 code
// units of s.
func Len16(s string) int {
	n := 0
	for i := 0; i < len(s); {
		r, size := decodeUnit(s, i)
		n += runeUnits(r)
		i += size
	}
	return n
}

// clampIndex applies String.prototype.slice's relative-index rule.
func clampIndex(i, n int) int {
	if i < 0 {
		return max(n+i, 0)
	}
	return min(i, n)
}

// Slice16 is JavaScript's s.slice(start, end) on UTF-16 code units, with
// negative indices counted from the end. A surrogate pair cut in two yields
// U+FFFD for the half that is kept (see the package doc).
func Slice16(s string, start, end int) string {
	if swar.ASCII(s) {
		start, end = clampIndex(start, len(s)), clampIndex(end, len(s))
		if start >= end {
			return ""
		}
		return s[start:end]
	}
	n := Len16(s)
	start, end = clampIndex(start, n), clampIndex(end, n)
	if start >= end {
		return ""
	}
	return sliceUnits(s, start, end)
}

// sliceUnits copies the code units [start, end) of s (0 <= start < end <= len).
func sliceUnits(s string, start, end int) string {
	var b strings.Builder
	pos := 0
	for i := 0; i < len(s) && pos < end; {
		r, size := decodeUnit(s, i)
		w := runeUnits(r)
		switch {
		case pos >= start && pos+w <= end:
			writeUnitRune(&b, r)
		case pos+w > start && pos < end:
			b.WriteRune(utf8.RuneError) // half of a surrogate pair
		}
		pos += w
		i += size
	}
	return b.String()
}

// writeUnitRune writes r, replacing lone surrogates with U+FFFD.
func writeUnitRune(b *strings.Builder, r rune) {
	if r >= 0xD800 && r <= 0xDFFF {
		r = utf8.RuneError
	}
	b.WriteRune(r)
}

// appendUnitRune is writeUnitRune for a byte buffer.
func appendUnitRune(b []byte, r rune) []byte {
	if r >= 0xD800 && r <= 0xDFFF {
		r = utf8.RuneError
	}
	return utf8.AppendRune(b, r)
}

// Split is JavaScript's s.split(sep) for a string separator. An empty sep
// splits into UTF-16 code units (an astral character gives two U+FFFD
// strings); "".split("") is [] and "".split(x) is [""].
func Split(s, sep string) []string {
	if sep != "" {
		return strings.Split(s, sep)
	}
	out := make([]string, 0, len(s))
	for i := 0; i < len(s); {
		r, size := decodeUnit(s, i)
		switch {
		case r >= 0x10000:
			out = append(out, "\uFFFD", "\uFFFD")
		case r >= 0xD800 && r <= 0xDFFF, r == utf8.RuneError && size == 1:
			out = append(out, "\uFFFD")
		default:
			out = append(out, s[i:i+size])
		}
		i += size
	}
	return out
}

// firstUnits returns the first and second UTF-16 code unit of r (the second
// is 0 for a BMP rune).
func firstUnits(r rune) (rune, rune) {
	if r < 0x10000 {
		return r, 0
	}
	r -= 0x10000
	return 0xD800 + r>>10, 0xDC00 + r&0x3FF
}

// CompareUTF16 compares a and b the way JavaScript's relational operators
// compare strings: by UTF-16 code units. It returns -1, 0 or +1.
func CompareUTF16(a, b string) int {
	i, j := 0, 0
	for i < len(a) && j < len(b) {
		ra, na := decodeUnit(a, i)
		rb, nb := decodeUnit(b, j)
		if ra != rb {
			return compareRunes16(ra, rb)
		}
		i, j = i+na, j+nb
	}
	switch {
	case i < len(a):
		return 1
	case j < len(b):
		return -1
	}
	return 0
}

func compareRunes16(ra, rb rune) int {
	ha, la := firstUnits(ra)
	hb, lb := firstUnits(rb)
	if ha == hb {
		ha, hb = la, lb
	}
	if ha < hb {
		return -1
	}
	return 1
}
