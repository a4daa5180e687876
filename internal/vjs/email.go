package vjs

import (
	"strings"

	"github.com/sluice-dev/sluice/internal/lazyre"
)

// IsEmail is @terascope/core-utils isEmail:
// /^[A-Z0-9._%+-@]{1,64}@(?:[A-Z0-9-]{1,63}\.){1,8}[A-Z]{2,63}$/i. The range
// `+-@` admits ,-./0-9:;<=>?@ in the local part. Since the domain cannot hold
// '@', the split is at the last '@'.
func IsEmail(s string) bool {
	at := strings.LastIndexByte(s, '@')
	if at < 1 || at > 64 || !emailLocalOK(s[:at]) {
		return false
	}
	return emailDomainOK(s[at+1:])
}

func emailLocalOK(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= '+' && c <= '@', c >= 'A' && c <= 'Z', c >= 'a' && c <= 'z', c == '_', c == '%':
		default:
			return false
		}
	}
	return true
}

func emailDomainOK(s string) bool {
	dot := strings.LastIndexByte(s, '.')
	if dot < 0 || !emailTLDOK(s[dot+1:]) {
		return false
	}
	rest := s[:dot]
	for labels := 1; labels <= 8; labels++ {
		l, more, found := strings.Cut(rest, ".")
		if l == "" || len(l) > 63 || !emailLabelOK(l) {
			return false
		}
		if !found {
			return true
		}
		rest = more
	}
	return false
}

func emailTLDOK(s string) bool {
	if len(s) < 2 || len(s) > 63 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if c := s[i] | 0x20; c < 'a' || c > 'z' {
			return false
		}
	}
	return true
}

func emailLabelOK(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; !(c|0x20 >= 'a' && c|0x20 <= 'z' || c >= '0' && c <= '9' || c == '-') {
			return false
		}
	}
	return true
}

// rfc2822Re is the ts-transforms `email` built-in regex (RFC 2822 style, from
// the .NET help files), unanchored, run on the lower-cased string.
var rfc2822Re = lazyre.New(`(?:[a-z0-9!#$%&'*+/=?^_` + "`" + `{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_` + "`" +
	`{|}~-]+)*|"(?:[\x01-\x08\x0b\x0c\x0e-\x1f\x21\x23-\x5b\x5d-\x7f]|\\[\x01-\x09\x0b\x0c\x0e-\x7f])*")@` +
	`(?:(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]*[a-z0-9])?|\[(?:(?:25[0-5]|2[0-4][0-9]|` +
	`[01]?[0-9][0-9]?)\.){3}(?:25[0-5]|2[0-4][0-9]|[01]?[0-9][0-9]?|[a-z0-9-]*[a-z0-9]:(?:[\x01-\x08\x0b\x0c` +
	`\x0e-\x1f\x21-\x5a\x53-\x7f]|\\[\x01-\x09\x0b\x0c\x0e-\x7f])+)\])`)

// IsEmailRFC2822 is the deprecated `email` built-in's test:
// str.toLowerCase().match(RFC2822 regex), which is a substring search.
func IsEmailRFC2822(s string) bool {
	if !needsLower(s) {
		return rfc2822Re().MatchString(s)
	}
	return rfc2822Re().MatchString(jsLower(s))
}

func needsLower(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= 'A' && c <= 'Z' || c >= 0x80 {
			return true
		}
	}
	return false
}
