package jsstr

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// ToUpper is JavaScript's String.prototype.toUpperCase: full Unicode case
// mapping, locale independent ("ß" ⇒ "SS", "ŉ" ⇒ "ʼN"). ASCII input is mapped
// in place and returned without allocating when nothing changes.
func ToUpper(s string) string {
	i := 0
	for ; i < len(s); i++ {
		c := s[i]
		if c >= utf8.RuneSelf || ('a' <= c && c <= 'z') {
			break
		}
	}
	if i == len(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 2)
	b.WriteString(s[:i])
	for ; i < len(s); i++ {
		c := s[i]
		if c < utf8.RuneSelf {
			b.WriteByte(upperASCII(c))
			continue
		}
		r, size := decodeUnit(s, i)
		writeUpper(&b, r)
		i += size - 1
	}
	return b.String()
}

func upperASCII(c byte) byte {
	if 'a' <= c && c <= 'z' {
		return c - ('a' - 'A')
	}
	return c
}

func lowerASCII(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + ('a' - 'A')
	}
	return c
}

// deltaBits marks, for code points below bitLimit, which runes have an
// entry in a delta table, so that most runes skip the map lookup.
const bitLimit = 0x2000

type deltaBits [bitLimit / 64]uint64

func newDeltaBits(m map[rune]string) (d deltaBits) {
	for r := range m {
		if r < bitLimit {
			d[r>>6] |= 1 << (r & 63)
		}
	}
	return d
}

func (d *deltaBits) mayHave(r rune) bool {
	return r >= bitLimit || d[r>>6]&(1<<(r&63)) != 0
}

var upperBits, lowerBits = newDeltaBits(upperDelta), newDeltaBits(lowerDelta)

func writeUpper(b *strings.Builder, r rune) {
	if upperBits.mayHave(r) {
		if m, ok := upperDelta[r]; ok {
			b.WriteString(m)
			return
		}
	}
	writeUnitRune(b, unicode.ToUpper(r))
}

// ToLower is JavaScript's String.prototype.toLowerCase: full Unicode case
// mapping including the final-sigma rule ("ΟΔΟΣ" ⇒ "οδος") and "İ" ⇒ "i̇".
// ASCII input is returned without allocating when nothing changes.
func ToLower(s string) string {
	i := 0
	for ; i < len(s); i++ {
		c := s[i]
		if c >= utf8.RuneSelf || ('A' <= c && c <= 'Z') {
			break
		}
	}
	if i == len(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 2)
	b.WriteString(s[:i])
	for ; i < len(s); i++ {
		c := s[i]
		if c < utf8.RuneSelf {
			b.WriteByte(lowerASCII(c))
			continue
		}
		r, size := decodeUnit(s, i)
		writeLower(&b, s, i, size, r)
		i += size - 1
	}
	return b.String()
}

func writeLower(b *strings.Builder, s string, i, size int, r rune) {
	if r == 'Σ' {
		if isFinalSigma(s, i, i+size) {
			b.WriteRune('ς')
		} else {
			b.WriteRune('σ')
		}
		return
	}
	if lowerBits.mayHave(r) {
		if m, ok := lowerDelta[r]; ok {
			b.WriteString(m)
			return
		}
	}
	writeUnitRune(b, unicode.ToLower(r))
}

// isFinalSigma implements the Final_Sigma condition of SpecialCasing.txt for
// the sigma at s[start:end]: a cased letter before it and none after it,
// skipping case-ignorable characters on both sides.
func isFinalSigma(s string, start, end int) bool {
	before := false
	for j := start; j > 0; {
		r, n := utf8.DecodeLastRuneInString(s[:j])
		j -= n
		if !isCaseIgnorable(r) {
			before = isCased(r)
			break
		}
	}
	if !before {
		return false
	}
	for j := end; j < len(s); {
		r, n := utf8.DecodeRuneInString(s[j:])
		j += n
		if !isCaseIgnorable(r) {
			return !isCased(r)
		}
	}
	return true
}

func isCased(r rune) bool {
	return unicode.IsUpper(r) || unicode.IsLower(r) || unicode.IsTitle(r) ||
		unicode.Is(unicode.Other_Lowercase, r) || unicode.Is(unicode.Other_Uppercase, r)
}

// isCaseIgnorable approximates the Case_Ignorable property: Mn, Me, Cf, Lm,
// Sk plus the Word_Break MidLetter, MidNumLet and Single_Quote characters.
func isCaseIgnorable(r rune) bool {
	switch r {
	case '\'', '.', ':', '·', 0x0387, 0x055F, 0x05F4, 0x2018, 0x2019, 0x2024,
		0x2027, 0xFE13, 0xFE52, 0xFE55, 0xFF07, 0xFF0E, 0xFF1A:
		return true
	}
	return unicode.In(r, unicode.Mn, unicode.Me, unicode.Cf, unicode.Lm, unicode.Sk)
}
