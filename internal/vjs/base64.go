package vjs

import "github.com/sluice-dev/sluice/internal/swar"

// Base64Options are validator.isBase64's options.
type Base64Options struct {
	URLSafe bool // urlSafe: alphabet A-Za-z0-9_- instead of A-Za-z0-9+/
	Padding bool // padding: length%4 == 0 and up to two trailing '='
}

// DefaultBase64Options mirrors validator's defaults: standard alphabet with
// padding (the padding default is !urlSafe).
func DefaultBase64Options(urlSafe bool) Base64Options {
	return Base64Options{URLSafe: urlSafe, Padding: !urlSafe}
}

func isB64Char(c byte, urlSafe bool) bool {
	switch {
	case c >= 'A' && c <= 'Z', c >= 'a' && c <= 'z', c >= '0' && c <= '9':
		return true
	case urlSafe:
		return c == '-' || c == '_'
	}
	return c == '+' || c == '/'
}

// IsBase64 is validator.isBase64 ("" => true).
func IsBase64(s string, o Base64Options) bool {
	if s == "" {
		return true
	}
	body := s
	if o.Padding {
		if len(s)%4 != 0 {
			return false
		}
		body = trimPad(s, 2)
	}
	return body != "" && base64Body(body, o.URLSafe)
}

// base64Body reports whether every byte of s is of the alphabet, eight
// bytes at a time while there are eight.
func base64Body(s string, urlSafe bool) bool {
	c62, c63 := byte('+'), byte('/')
	if urlSafe {
		c62, c63 = '-', '_'
	}
	i := 0
	for ; i+8 <= len(s); i += 8 {
		if !base64Word(swar.Load64(s, i), c62, c63) {
			return false
		}
	}
	for ; i < len(s); i++ {
		if !isB64Char(s[i], urlSafe) {
			return false
		}
	}
	return true
}

// base64Word reports whether the eight bytes of w are all of the alphabet
// A-Z a-z 0-9 c62 c63: for ASCII bytes each test below sets a byte's high
// bit without a carry into the next byte.
func base64Word(w uint64, c62, c63 byte) bool {
	if w&highs != 0 {
		return false
	}
	in := byteRange(w, 'A', 'Z') | byteRange(w, 'a', 'z') | byteRange(w, '0', '9') | byteIs(w, c62) | byteIs(w, c63)
	return in == highs
}

// trimPad strips up to max trailing '=' characters.
func trimPad(s string, max int) string {
	for i := 0; i < max && s != "" && s[len(s)-1] == '='; i++ {
		s = s[:len(s)-1]
	}
	return s
}

// b64Val returns the 6-bit value of a standard-alphabet base64 character.
func b64Val(c byte) byte {
	switch {
	case c >= 'A' && c <= 'Z':
		return c - 'A'
	case c >= 'a' && c <= 'z':
		return c - 'a' + 26
	case c >= '0' && c <= '9':
		return c - '0' + 52
	case c == '+':
		return 62
	}
	return 63
}

// IsCanonicalBase64 reports whether Buffer.from(s,'base64').toString('base64')
// === s, given s passed one of data-mate's pre-checks: s must be the padded
// standard encoding with zero trailing bits.
func IsCanonicalBase64(s string) bool {
	if s == "" {
		return true
	}
	if len(s)%4 != 0 {
		return false
	}
	body := trimPad(s, 2)
	if !base64Body(body, false) {
		return false
	}
	last := b64Val(body[len(body)-1])
	switch len(s) - len(body) {
	case 1:
		return last&0x3 == 0
	case 2:
		return last&0xf == 0
	}
	return true
}
