package vjs

import "strings"

// isURIChar is valid-url's allowed set:
// [a-z0-9:/?#[]@!$&'()*+,;=.-_~%] (case-insensitive, ASCII only).
func isURIChar(c byte) bool {
	switch {
	case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9':
		return true
	}
	return strings.IndexByte(":/?#[]@!$&'()*+,;=.-_~%", c) >= 0
}

// IsURI is valid-url 1.0.9 isUri(value) != null: legal characters only,
// complete %xx escapes, a scheme ^[a-z][a-z0-9+.-]*$ (any case) and the
// RFC 3986 authority/path rules. Any scheme is accepted.
func IsURI(s string) bool {
	if s == "" || !uriCharsOK(s) {
		return false
	}
	scheme, rest := splitScheme(s)
	if scheme == "" || !schemeOK(scheme) {
		return false
	}
	if strings.HasPrefix(rest, "//") {
		auth := rest[2:]
		end := strings.IndexAny(auth, "/?#")
		if end < 0 || auth[:end] != "" {
			return true
		}
		rest = auth[end:]
	}
	path := rest
	if i := strings.IndexAny(path, "?#"); i >= 0 {
		path = path[:i]
	}
	return !strings.HasPrefix(path, "//")
}

// uriCharsOK applies the illegal-character and incomplete-escape checks. A
// '%' at the very end passes both of valid-url's escape regexes.
func uriCharsOK(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !isURIChar(c) {
			return false
		}
		if c != '%' || i+1 == len(s) {
			continue
		}
		if !isHexByte(s[i+1]) || i+2 == len(s) || !isHexByte(s[i+2]) {
			return false
		}
	}
	return true
}

// splitScheme returns RFC 3986's scheme ([^:/?#]+ before ':') and the rest.
func splitScheme(s string) (string, string) {
	i := strings.IndexAny(s, ":/?#")
	if i <= 0 || s[i] != ':' {
		return "", s
	}
	return s[:i], s[i+1:]
}

func schemeOK(s string) bool {
	if c := s[0] | 0x20; c < 'a' || c > 'z' {
		return false
	}
	for i := 1; i < len(s); i++ {
		c := s[i]
		if !(c|0x20 >= 'a' && c|0x20 <= 'z' || c >= '0' && c <= '9' || c == '+' || c == '-' || c == '.') {
			return false
		}
	}
	return true
}
