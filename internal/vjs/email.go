package vjs

import (
	"strings"

	"github.com/sluice-dev/sluice/internal/lazyre"
	"github.com/sluice-dev/sluice/internal/swar"
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

// emailLocalOK reports whether every byte of s is of the local part's
// class, [+-Z] [a-z] % _ (the range +-@ and the letters meet at 'A'):
// eight bytes at a time while there are eight, then the classes of the
// bytes ANDed.
func emailLocalOK(s string) bool {
	i := 0
	for ; i+8 <= len(s); i += 8 {
		w := swar.Load64(s, i)
		if w&highs != 0 || byteRange(w, '+', 'Z')|byteRange(w, 'a', 'z')|byteIs(w, '%')|byteIs(w, '_') != highs {
			return false
		}
	}
	all := uint8(emailLocal)
	for ; i < len(s); i++ {
		all &= emailBytes[s[i]]
	}
	return all != 0
}

// emailDomainOK is (?:[A-Z0-9-]{1,63}\.){1,8}[A-Z]{2,63} (any case), label
// by label: a label is a run of label bytes (one predictable branch per
// byte), its classes ANDed to tell whether it is letters only; a dot ends
// it, and the last one, the top-level domain, must be letters only.
func emailDomainOK(s string) bool {
	dots := 0
	for start := 0; ; {
		i := start
		all := uint8(emailLabel | emailLetter)
		for i < len(s) {
			c := emailBytes[s[i]]
			if c&emailLabel == 0 {
				break
			}
			all &= c
			i++
		}
		n := i - start
		if i == len(s) {
			return dots > 0 && all&emailLetter != 0 && n >= 2 && n <= 63
		}
		if s[i] != '.' || n == 0 || n > 63 || dots == 8 {
			return false
		}
		dots, start = dots+1, i+1
	}
}

// The classes of bytes in an address.
const (
	emailLocal  = 1 << iota // [A-Z0-9._%+-@] (the range +-@ is ,-./0-9:;<=>?@), any case
	emailLabel              // [A-Z0-9-], any case
	emailLetter             // [A-Z], any case
)

var emailBytes = func() (t [256]uint8) {
	for c := '+'; c <= '@'; c++ {
		t[c] |= emailLocal
	}
	for c := '0'; c <= '9'; c++ {
		t[c] |= emailLabel
	}
	for c := 'A'; c <= 'Z'; c++ {
		t[c] |= emailLocal | emailLabel | emailLetter
		t[c+'a'-'A'] |= emailLocal | emailLabel | emailLetter
	}
	t['_'] |= emailLocal
	t['%'] |= emailLocal
	t['-'] |= emailLabel
	return t
}()

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
