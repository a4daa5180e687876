package jsstr

import (
	"encoding/binary"
	"math/bits"
	"slices"
	"unicode"
	"unicode/utf8"
	"unsafe"

	"github.com/sluice-dev/sluice/internal/swar"
)

// ToUpper is JavaScript's String.prototype.toUpperCase: full Unicode case
// mapping, locale independent ("ß" ⇒ "SS", "ŉ" ⇒ "ʼN"). ASCII input is mapped
// in place and returned without allocating when nothing changes.
func ToUpper(s string) string { return upperMapping.apply(s) }

// AppendUpper appends ToUpper(s) to b: a caller with a buffer of its own
// makes the text without an allocation.
func AppendUpper(b []byte, s string) []byte { return upperMapping.appendFrom(b, s, 0) }

// ToLower is JavaScript's String.prototype.toLowerCase: full Unicode case
// mapping including the final-sigma rule ("ΟΔΟΣ" ⇒ "οδος") and "İ" ⇒ "i̇".
// ASCII input is returned without allocating when nothing changes.
func ToLower(s string) string { return lowerMapping.apply(s) }

// AppendLower appends ToLower(s) to b: a caller with a buffer of its own
// makes the text without an allocation.
func AppendLower(b []byte, s string) []byte { return lowerMapping.appendFrom(b, s, 0) }

// LowerUnchanged is the length of the prefix of s that ToLower leaves as it
// is for certain (ASCII that is not an upper-case letter): all of s when
// ToLower(s) is s, and the place to start AppendLowerFrom.
func LowerUnchanged(s string) int { return lowerMapping.unchanged(s) }

// UpperUnchanged is LowerUnchanged for ToUpper.
func UpperUnchanged(s string) int { return upperMapping.unchanged(s) }

// AppendLowerFrom appends ToLower(s) to b when s[:i] is a prefix ToLower
// leaves as it is (i at most LowerUnchanged(s)).
func AppendLowerFrom(b []byte, s string, i int) []byte { return lowerMapping.appendFrom(b, s, i) }

// AppendUpperFrom is AppendLowerFrom for ToUpper.
func AppendUpperFrom(b []byte, s string, i int) []byte { return upperMapping.appendFrom(b, s, i) }

// caseMapping is one direction of the case mapping: a table for ASCII and
// a function for the other characters.
type caseMapping struct {
	ascii [utf8.RuneSelf]byte
	// first and last are the ASCII letters the mapping changes, 'A'-'Z'
	// or 'a'-'z': it flips their 0x20 bit (the words below map eight
	// ASCII bytes at a time with that).
	first, last byte
	// appendRune appends the mapping of r, the character at s[i:i+size]
	// (the final-sigma rule looks at its neighbours).
	appendRune func(b []byte, s string, i, size int, r rune) []byte
}

var (
	upperMapping = newCaseMapping('a', 'z', func(b []byte, _ string, _, _ int, r rune) []byte { return appendUpper(b, r) })
	lowerMapping = newCaseMapping('A', 'Z', appendLower)
)

func newCaseMapping(first, last byte, appendRune func(b []byte, s string, i, size int, r rune) []byte) *caseMapping {
	m := &caseMapping{appendRune: appendRune, first: first, last: last}
	for c := range m.ascii {
		m.ascii[c] = byte(c)
		if first <= byte(c) && byte(c) <= last {
			m.ascii[c] ^= 0x20
		}
	}
	return m
}

const (
	ones  = 0x0101010101010101
	highs = 0x8080808080808080
)

// letters marks with 0x20 the bytes of w, eight ASCII bytes (none has its
// high bit), that are letters the mapping changes. Adding 0x80-first to
// such a byte sets its high bit exactly when the byte is at least first,
// adding 0x80-last-1 exactly when it is above last; no sum carries into
// the next byte.
func (m *caseMapping) letters(w uint64) uint64 {
	atLeastFirst := w + (0x80-uint64(m.first))*ones
	aboveLast := w + (0x80-uint64(m.last)-1)*ones
	return (atLeastFirst &^ aboveLast) & highs >> 2
}

// apply maps s, which is returned itself when nothing changes.
func (m *caseMapping) apply(s string) string {
	i := m.unchanged(s)
	if i == len(s) {
		return s
	}
	return ownString(m.appendFrom(make([]byte, 0, len(s)+2), s, i))
}

// unchanged is the length of the prefix of s the mapping leaves as it is
// for certain (ASCII that maps to itself): eight bytes at a time, the last
// ones in one word too (s's last eight bytes, which may overlap bytes
// already seen: those are marked nowhere), and the first byte that may
// change found in the word that has it.
func (m *caseMapping) unchanged(s string) int {
	i := 0
	for ; i+8 <= len(s); i += 8 {
		if d := m.changes(swar.Load64(s, i)); d != 0 {
			return i + bits.TrailingZeros64(d)/8
		}
	}
	if i == len(s) || len(s) < 8 {
		for ; i < len(s); i++ { // fewer than eight bytes: a word costs more
			if c := s[i]; c >= utf8.RuneSelf || m.ascii[c] != c {
				return i
			}
		}
		return i
	}
	i = len(s) - 8
	if d := m.changes(swar.Load64(s, i)); d != 0 {
		return i + bits.TrailingZeros64(d)/8
	}
	return len(s)
}

// changes marks the bytes of w that the mapping may change: non-ASCII
// ones (high bit) and the letters it maps (0x20). The lowest marked byte is
// the first one that may change: a sum in letters carries out of a
// non-ASCII byte only into the bytes above it.
func (m *caseMapping) changes(w uint64) uint64 { return w&highs | m.letters(w) }

// appendFrom appends s mapped to b, s[:i] as it is (nothing there changes):
// eight ASCII bytes at a time where it can, else character by character.
// The last one to seven bytes of an s of eight or more, when ASCII, are
// mapped as one word too, s's last eight bytes, written over the mapping of
// the ones before them; that is the end of b when the text appended so far
// is as long as what it was made from (the bytes of the word before i are
// ASCII, one byte each, and the last mapped).
func (m *caseMapping) appendFrom(b []byte, s string, i int) []byte {
	if i > 0 {
		b = append(b, s[:i]...)
	}
	at := len(b) - i // where s starts in b while the mapping is byte for byte
	for i < len(s) {
		if i+8 <= len(s) {
			if w := swar.Load64(s, i); w&highs == 0 { // eight ASCII bytes
				if cap(b)-len(b) < 8 {
					b = slices.Grow(b, len(s)-i) // room for the rest if it is ASCII
				}
				n := len(b)
				b = b[:n+8]
				binary.LittleEndian.PutUint64(b[n:], w^m.letters(w))
				i += 8
				continue
			}
		} else if len(s) >= 8 && len(b) == at+i {
			if w := swar.Load64(s, len(s)-8); w&highs == 0 { // the last bytes, ASCII
				end := at + len(s)
				b = slices.Grow(b, end-len(b))[:end]
				binary.LittleEndian.PutUint64(b[end-8:end], w^m.letters(w))
				return b
			}
		}
		c := s[i]
		if c < utf8.RuneSelf {
			b = append(b, m.ascii[c])
			i++
			continue
		}
		r, size := decodeUnit(s, i)
		b = m.appendRune(b, s, i, size, r)
		i += size
	}
	return b
}

// ownString returns b as a string without a copy: b must be a buffer made
// for the string and not used after.
func ownString(b []byte) string { return unsafe.String(unsafe.SliceData(b), len(b)) }

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

func appendUpper(b []byte, r rune) []byte {
	if upperBits.mayHave(r) {
		if m, ok := upperDelta[r]; ok {
			return append(b, m...)
		}
	}
	return appendUnitRune(b, unicode.ToUpper(r))
}

func appendLower(b []byte, s string, i, size int, r rune) []byte {
	if r == 'Σ' {
		if isFinalSigma(s, i, i+size) {
			return utf8.AppendRune(b, 'ς')
		}
		return utf8.AppendRune(b, 'σ')
	}
	if lowerBits.mayHave(r) {
		if m, ok := lowerDelta[r]; ok {
			return append(b, m...)
		}
	}
	return appendUnitRune(b, unicode.ToLower(r))
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
