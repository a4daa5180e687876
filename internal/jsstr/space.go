package jsstr

import "strings"

// IsJSWhitespace reports whether r is in the ECMAScript WhiteSpace or
// LineTerminator set, i.e. what JavaScript's \s, String.prototype.trim and
// lodash's default trim remove: TAB, LF, VT, FF, CR, SPACE, NBSP, U+1680,
// U+2000–U+200A, U+2028, U+2029, U+202F, U+205F, U+3000 and U+FEFF.
func IsJSWhitespace(r rune) bool {
	switch {
	case r == ' ' || (r >= '\t' && r <= '\r'):
		return true
	case r < 0xA0:
		return false
	case r == 0xA0 || r == 0x1680 || (r >= 0x2000 && r <= 0x200A):
		return true
	}
	switch r {
	case 0x2028, 0x2029, 0x202F, 0x205F, 0x3000, 0xFEFF:
		return true
	}
	return false
}

// Trim is JavaScript's String.prototype.trim.
func Trim(s string) string { return strings.TrimFunc(s, IsJSWhitespace) }

// TrimStart is JavaScript's String.prototype.trimStart.
func TrimStart(s string) string { return strings.TrimLeftFunc(s, IsJSWhitespace) }

// TrimEnd is JavaScript's String.prototype.trimEnd.
func TrimEnd(s string) string { return strings.TrimRightFunc(s, IsJSWhitespace) }
