package jsre

import (
	"encoding/hex"
	"strings"
	"unicode"
	"unicode/utf8"
)

// groupName reads the <name> at the start of s (of a group or a \k
// reference): it returns the name, with its \u escapes read, and the
// bytes it takes, or an error message.
func groupName(s string) (name string, width int, msg string) {
	if !strings.HasPrefix(s, "<") {
		return "", 0, "Invalid capture group name"
	}
	var b strings.Builder
	for i := 1; i < len(s); {
		if s[i] == '>' && b.Len() > 0 {
			return b.String(), i + 1, ""
		}
		r, w := utf8.DecodeRuneInString(s[i:])
		if r == '\\' {
			if !strings.HasPrefix(s[i:], `\u`) {
				return "", 0, "Invalid capture group name"
			}
			var ok bool
			if r, w, ok = unicodeEscapeAt(s[i:], true); !ok {
				return "", 0, "Invalid Unicode escape"
			}
		}
		if !nameRune(r, b.Len() == 0) {
			return "", 0, "Invalid capture group name"
		}
		b.WriteRune(r)
		i += w
	}
	return "", 0, "Invalid capture group name"
}

// nameRune reports whether r may start (first) or continue a group name:
// an identifier's characters, as JavaScript's.
func nameRune(r rune, first bool) bool {
	if r == '$' || r == '_' || unicode.IsLetter(r) || unicode.Is(unicode.Nl, r) {
		return true
	}
	return !first && (unicode.In(r, unicode.Nd, unicode.Mn, unicode.Mc, unicode.Pc) || r == 0x200C || r == 0x200D)
}

// unicodeEscapeAt reads the \uHHHH at the start of s (a surrogate pair
// written as two such escapes is the character it encodes) or, when braces
// allows it, \u{H…}; it returns the character and the bytes it takes.
func unicodeEscapeAt(s string, braces bool) (r rune, width int, ok bool) {
	if v, ok := hexValue(s[2:], 4); ok {
		if v >= 0xD800 && v <= 0xDBFF && strings.HasPrefix(s[6:], `\u`) {
			if lo, ok := hexValue(s[8:], 4); ok && lo >= 0xDC00 && lo <= 0xDFFF {
				return 0x10000 + (v-0xD800)<<10 + (lo - 0xDC00), 12, true
			}
		}
		return v, 6, true
	}
	end := strings.IndexByte(s, '}')
	if !braces || !strings.HasPrefix(s[2:], "{") || end < 4 {
		return 0, 0, false
	}
	v, ok := hexValue(s[3:end], end-3)
	return v, end + 1, ok
}

// countGroups counts the capture groups of src and collects their names
// (JavaScript resolves \1 and \k<name> against the whole pattern, and
// counts every (?< that is no lookbehind as a group, named well or not).
func countGroups(src string) (n int, names []string, hasNamed bool) {
	for i := 0; i < len(src); i++ {
		switch src[i] {
		case '\\':
			i++
		case '[':
			i = classEnd(src, i)
		case '(':
			rest := src[i+1:]
			switch {
			case !strings.HasPrefix(rest, "?"):
				n++
			case strings.HasPrefix(rest, "?<") && !strings.HasPrefix(rest, "?<=") && !strings.HasPrefix(rest, "?<!"):
				n++
				hasNamed = true
				if name, _, msg := groupName(rest[1:]); msg == "" {
					names = append(names, name)
				}
			}
		}
	}
	return n, names, hasNamed
}

// namePrefix starts the engine name of a group whose JavaScript name
// regexp2 does not take.
const namePrefix = "__jsn"

// engineGroupName is how a group name reaches the engines: regexp2 takes
// names of letters, digits and _ only, so any other name (one with $, say)
// is spelled namePrefix + the hex of its bytes; GroupName undoes it.
func engineGroupName(name string) string {
	for _, r := range name {
		if r != '_' && !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			return namePrefix + hex.EncodeToString([]byte(name))
		}
	}
	if strings.HasPrefix(name, "__js") { // namePrefix or syntheticPrefix
		return namePrefix + hex.EncodeToString([]byte(name))
	}
	return name
}

// GroupName is the JavaScript name of the group an engine knows by name,
// in a pattern Normalize (and Regexp2Pattern) wrote: "" for a group
// JavaScript has no name for.
func GroupName(name string) string {
	if strings.HasPrefix(name, syntheticPrefix) {
		return ""
	}
	if b, err := hex.DecodeString(strings.TrimPrefix(name, namePrefix)); err == nil && strings.HasPrefix(name, namePrefix) {
		return string(b)
	}
	return name
}
