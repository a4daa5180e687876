package jsstr

import (
	"strings"
	"unicode/utf8"

	"github.com/sluice-dev/sluice/internal/swar"
)

// deburredLetters is lodash's Latin-1 Supplement and Latin Extended-A
// deburr table (lodash 4.17.21, MIT), indexed by code point - 0xC0.
// U+00D7 and U+00F7 are not letters and stay unchanged (empty entry).
var deburredLetters = [...]string{
	// U+00C0
	"A", "A", "A", "A", "A", "A", "Ae", "C", "E", "E", "E", "E", "I", "I", "I", "I",
	"D", "N", "O", "O", "O", "O", "O", "", "O", "U", "U", "U", "U", "Y", "Th", "ss",
	"a", "a", "a", "a", "a", "a", "ae", "c", "e", "e", "e", "e", "i", "i", "i", "i",
	"d", "n", "o", "o", "o", "o", "o", "", "o", "u", "u", "u", "u", "y", "th", "y",
	// U+0100
	"A", "a", "A", "a", "A", "a", "C", "c", "C", "c", "C", "c", "C", "c", "D", "d",
	"D", "d", "E", "e", "E", "e", "E", "e", "E", "e", "E", "e", "G", "g", "G", "g",
	"G", "g", "G", "g", "H", "h", "H", "h", "I", "i", "I", "i", "I", "i", "I", "i",
	"I", "i", "IJ", "ij", "J", "j", "K", "k", "k", "L", "l", "L", "l", "L", "l", "L",
	"l", "L", "l", "N", "n", "N", "n", "N", "n", "'n", "N", "n", "O", "o", "O", "o",
	"O", "o", "Oe", "oe", "R", "r", "R", "r", "R", "r", "S", "s", "S", "s", "S", "s",
	"S", "s", "T", "t", "T", "t", "T", "t", "U", "u", "U", "u", "U", "u", "U", "u",
	"U", "u", "U", "u", "W", "w", "Y", "y", "Y", "Z", "z", "Z", "z", "Z", "z", "s",
}

func deburrRune(r rune) (string, bool) {
	if r < 0xC0 || r > 0x17F {
		return "", false
	}
	m := deburredLetters[r-0xC0]
	return m, m != ""
}

// Deburr is lodash's deburr: Latin-1 Supplement and Latin Extended-A letters
// become basic Latin letters and combining diacritical marks are removed.
func Deburr(s string) string {
	if swar.ASCII(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); {
		r, n := decodeUnit(s, i)
		if m, ok := deburrRune(r); ok {
			b.WriteString(m)
		} else if !isCombo(r) {
			b.WriteString(s[i : i+n])
		}
		i += n
	}
	return b.String()
}

// removeApos drops the apostrophes ' and U+2019 (lodash's createCompounder).
func removeApos(s string) string {
	if !strings.ContainsAny(s, "'\u2019") {
		return s
	}
	return strings.NewReplacer("'", "", "\u2019", "").Replace(s)
}

// compoundWords is lodash's createCompounder word list.
func compoundWords(s string) []string { return Words(removeApos(Deburr(s))) }

// UpperFirst is lodash's upperFirst: the first symbol (code unit, or
// grapheme-like symbol when the string has combining marks / astral
// characters) is upper-cased.
func UpperFirst(s string) string {
	if s == "" {
		return s
	}
	n := 0
	if hasUnicode(s) {
		n = symbolLen(s, 0)
	} else {
		_, n = decodeUnit(s, 0)
	}
	first := s[:n]
	if s[0] < utf8.RuneSelf && n == 1 {
		if !isLowerASCII(s[0]) {
			return s
		}
	}
	return ToUpper(first) + s[n:]
}

func compound(s string, sep string, word func(string) string) string {
	words := compoundWords(s)
	var b strings.Builder
	for i, w := range words {
		if i > 0 {
			b.WriteString(sep)
		}
		b.WriteString(word(w))
	}
	return b.String()
}

// CamelCase is lodash's camelCase.
func CamelCase(s string) string {
	words := compoundWords(s)
	var b strings.Builder
	for i, w := range words {
		w = ToLower(w)
		if i > 0 {
			w = UpperFirst(w)
		}
		b.WriteString(w)
	}
	return b.String()
}

// KebabCase is lodash's kebabCase.
func KebabCase(s string) string { return compound(s, "-", ToLower) }

// SnakeCase is lodash's snakeCase.
func SnakeCase(s string) string { return compound(s, "_", ToLower) }

// StartCase is lodash's startCase: words joined by spaces with their first
// symbol upper-cased; the rest is left as is ("FOO BAR" stays).
func StartCase(s string) string { return compound(s, " ", UpperFirst) }

// FirstToUpper is core-utils firstToUpper: the first ASCII letter or digit
// is upper-cased; everything else is left unchanged.
func FirstToUpper(s string) string {
	for i := 0; i < len(s); i++ {
		if isAlnum(s[i]) {
			if !isLowerASCII(s[i]) {
				return s
			}
			return s[:i] + string(s[i]-('a'-'A')) + s[i+1:]
		}
	}
	return s
}

// PascalCase is core-utils toPascalCase: FirstToUpper(CamelCase(s)).
func PascalCase(s string) string { return FirstToUpper(CamelCase(s)) }
