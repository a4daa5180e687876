package l10n

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// This file holds the JavaScript string semantics the checks depend on.

// jsSpaceClass is the body of an RE2 character class equal to JS \s
// (WhiteSpace and LineTerminator).
const jsSpaceClass = `\t\n\v\f\r \x{a0}\x{1680}\x{2000}-\x{200a}\x{2028}\x{2029}\x{202f}\x{205f}\x{3000}\x{feff}`

// isJSSpace reports whether r is in JS \s (also what String.prototype.trim
// removes).
func isJSSpace(r rune) bool {
	switch {
	case r == ' ' || (r >= '\t' && r <= '\r'):
		return true
	case r < 0xa0:
		return false
	case r == 0xa0 || r == 0x1680 || (r >= 0x2000 && r <= 0x200a):
		return true
	}
	switch r {
	case 0x2028, 0x2029, 0x202f, 0x205f, 0x3000, 0xfeff:
		return true
	}
	return false
}

// isJSLineTerminator reports whether r ends a line for the JS `.` atom.
func isJSLineTerminator(r rune) bool {
	return r == '\n' || r == '\r' || r == 0x2028 || r == 0x2029
}

// jsTrim is String.prototype.trim.
func jsTrim(s string) string {
	return strings.TrimFunc(s, isJSSpace)
}

// utf16Len is String.prototype.length.
func utf16Len(s string) int {
	n := 0
	for _, r := range s {
		n++
		if r >= 0x10000 {
			n++
		}
	}
	return n
}

// specialUpper lists the full (SpecialCasing) upper-case mappings that
// expand to ASCII letters only; JS toUpperCase applies them.
var specialUpper = map[rune]string{
	'ß': "SS", 'ﬀ': "FF", 'ﬁ': "FI", 'ﬂ': "FL", 'ﬃ': "FFI", 'ﬄ': "FFL",
	'ﬅ': "ST", 'ﬆ': "ST",
}

// jsUpper is String.prototype.toUpperCase, exact for every output that
// consists of ASCII characters (the only outputs the identity-card regexes
// accept). Other special-casing expansions keep a non-ASCII rune.
func jsUpper(s string) string {
	ascii := true
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			ascii = false
			break
		}
	}
	if ascii {
		return strings.ToUpper(s)
	}
	var b strings.Builder
	for _, r := range s {
		if x, ok := specialUpper[r]; ok {
			b.WriteString(x)
			continue
		}
		b.WriteRune(unicode.ToUpper(r))
	}
	return b.String()
}
