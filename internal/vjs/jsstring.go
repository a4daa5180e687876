package vjs

import (
	"errors"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/sluice-dev/sluice/internal/swar"
)

// errLoneSurrogate is the URIError encodeURI throws on a lone surrogate.
var errLoneSurrogate = errors.New("URIError: URI malformed")

// jsSpaceClass is JS `\s` (WhiteSpace + LineTerminator) as an RE2 class body.
const jsSpaceClass = `\t\n\v\f\r \x{a0}\x{1680}\x{2000}-\x{200a}\x{2028}\x{2029}\x{202f}\x{205f}\x{3000}\x{feff}`

// isJSSpace reports whether r is in JS `\s` / String.prototype.trim's set.
func isJSSpace(r rune) bool {
	switch r {
	case '\t', '\n', '\v', '\f', '\r', ' ', 0xa0, 0x1680, 0x2028, 0x2029,
		0x202f, 0x205f, 0x3000, 0xfeff:
		return true
	}
	return r >= 0x2000 && r <= 0x200a
}

// jsTrim is String.prototype.trim.
func jsTrim(s string) string {
	return strings.TrimRightFunc(jsTrimLeft(s), isJSSpace)
}

// jsTrimLeft is String.prototype.trimStart.
func jsTrimLeft(s string) string {
	return strings.TrimLeftFunc(s, isJSSpace)
}

// decodeRune decodes one rune, reading a WTF-8 encoded surrogate
// (ED A0..BF 80..BF) as the surrogate code point.
func decodeRune(s string) (rune, int) {
	if s[0] < utf8.RuneSelf {
		return rune(s[0]), 1
	}
	r, n := utf8.DecodeRuneInString(s)
	if r == utf8.RuneError && n == 1 && isWTF8Surrogate(s) {
		return rune(0xd000|rune(s[1]&0x3f)<<6) | rune(s[2]&0x3f), 3
	}
	return r, n
}

func isWTF8Surrogate(s string) bool {
	return len(s) >= 3 && s[0] == 0xed && s[1]&0xe0 == 0xa0 && s[2]&0xc0 == 0x80
}

// utf16Len is the JS .length of s.
func utf16Len(s string) int {
	n := 0
	for i := 0; i < len(s); {
		if s[i] < utf8.RuneSelf {
			n++
			i++
			continue
		}
		r, w := decodeRune(s[i:])
		i += w
		n += unitsOf(r)
	}
	return n
}

func unitsOf(r rune) int {
	if r >= 0x10000 {
		return 2
	}
	return 1
}

// compareUTF16 compares two strings by UTF-16 code units, as JS `<` does.
func compareUTF16(a, b string) int {
	for a != "" && b != "" {
		ra, na := decodeRune(a)
		rb, nb := decodeRune(b)
		if ra != rb {
			return compareUnits(ra, rb)
		}
		a, b = a[na:], b[nb:]
	}
	switch {
	case a == "" && b == "":
		return 0
	case a == "":
		return -1
	}
	return 1
}

func compareUnits(a, b rune) int {
	ka, kb := unitKey(a), unitKey(b)
	if ka < kb {
		return -1
	}
	return 1
}

// unitKey orders runes by their UTF-16 encoding (first unit, then second).
func unitKey(r rune) int64 {
	if r < 0x10000 {
		return int64(r) << 16
	}
	r -= 0x10000
	return int64(0xd800+(r>>10))<<16 | int64(0xdc00+(r&0x3ff))
}

// jsLower is String.prototype.toLowerCase for the purposes of this package:
// unicode simple lower-casing plus the one unconditional multi-character
// mapping (U+0130 => "i̇"). Final-sigma context is not modelled (it never
// affects the ASCII-only comparisons made here).
func jsLower(s string) string {
	if swar.ASCII(s) {
		return strings.ToLower(s)
	}
	var b strings.Builder
	for _, r := range s {
		if r == 0x130 {
			b.WriteString("i\u0307")
			continue
		}
		b.WriteRune(unicode.ToLower(r))
	}
	return b.String()
}

// upperSpecial holds SpecialCasing.txt unconditional upper-case expansions
// whose result is ASCII (the only ones that can make a string equal to an
// ASCII code after String.prototype.toUpperCase).
var upperSpecial = map[rune]string{
	0xdf: "SS", 0xfb00: "FF", 0xfb01: "FI", 0xfb02: "FL",
	0xfb03: "FFI", 0xfb04: "FFL", 0xfb05: "ST", 0xfb06: "ST",
}

// upperASCII writes JS s.toUpperCase() into buf when the result is pure
// ASCII and at most len(buf) bytes long; ok=false otherwise (the upper-cased
// string then cannot equal any of the short ASCII codes it is compared with).
func upperASCII(s string, buf []byte) (int, bool) {
	n := 0
	for _, r := range s {
		var x string
		switch u := unicode.ToUpper(r); {
		case r < utf8.RuneSelf || u < utf8.RuneSelf:
			x = string(rune(u))
		case upperSpecial[r] != "":
			x = upperSpecial[r]
		default:
			return 0, false
		}
		if n+len(x) > len(buf) {
			return 0, false
		}
		n += copy(buf[n:], x)
	}
	return n, true
}
