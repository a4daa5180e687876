package jsstr

import (
	"errors"
	"strings"
	"unicode/utf8"
)

// ErrURIMalformed is the URIError thrown by encodeURI, decodeURIComponent and
// friends ("URI malformed").
var ErrURIMalformed = errors.New("URI malformed")

const upperHex = "0123456789ABCDEF"

// uriUnreserved marks the characters encodeURIComponent leaves alone:
// A-Z a-z 0-9 - _ . ! ~ * ' ( ).
var uriUnreserved = asciiSet("-_.!~*'()")

// uriReserved adds the characters encodeURI also leaves alone: ; / ? : @ & = + $ , #.
var uriReserved = asciiSet("-_.!~*'();/?:@&=+$,#")

func asciiSet(extra string) (t [128]bool) {
	for c := byte('0'); c <= 'z'; c++ {
		t[c] = isAlnum(c)
	}
	for i := 0; i < len(extra); i++ {
		t[extra[i]] = true
	}
	return t
}

// EncodeURIComponent is JavaScript's encodeURIComponent: every byte of the
// UTF-8 encoding outside A-Z a-z 0-9 - _ . ! ~ * ' ( ) becomes %XX
// (upper-case hex). Invalid UTF-8 and lone surrogates are encoded as U+FFFD
// (JavaScript would throw on a lone surrogate; see EncodeURI).
func EncodeURIComponent(s string) string {
	out, _ := encodeURI(s, &uriUnreserved, false)
	return out
}

// EncodeURI is JavaScript's encodeURI: like EncodeURIComponent but the
// reserved characters ; / ? : @ & = + $ , # are kept. A lone (WTF-8 encoded)
// surrogate is an error, as in JavaScript; other invalid bytes are U+FFFD.
func EncodeURI(s string) (string, error) { return encodeURI(s, &uriReserved, true) }

func encodeURI(s string, keep *[128]bool, strict bool) (string, error) {
	i := 0
	for i < len(s) && s[i] < utf8.RuneSelf && keep[s[i]] {
		i++
	}
	if i == len(s) {
		return s, nil
	}
	b := make([]byte, 0, len(s)+len(s)/2+8)
	b = append(b, s[:i]...)
	for i < len(s) {
		c := s[i]
		if c < utf8.RuneSelf {
			b = appendEscaped(b, c, keep[c])
			i++
			continue
		}
		r, n := decodeUnit(s, i)
		if r >= 0xD800 && r <= 0xDFFF && strict {
			return "", ErrURIMalformed
		}
		b = appendRuneEscaped(b, r, s[i:i+n], n)
		i += n
	}
	return string(b), nil
}

func appendEscaped(b []byte, c byte, keep bool) []byte {
	if keep {
		return append(b, c)
	}
	return append(b, '%', upperHex[c>>4], upperHex[c&15])
}

func appendRuneEscaped(b []byte, r rune, raw string, n int) []byte {
	if r == utf8.RuneError && n != 3 || (r >= 0xD800 && r <= 0xDFFF) {
		raw = "\uFFFD"
	}
	for k := 0; k < len(raw); k++ {
		b = append(b, '%', upperHex[raw[k]>>4], upperHex[raw[k]&15])
	}
	return b
}

func unhex(c byte) int {
	switch {
	case '0' <= c && c <= '9':
		return int(c - '0')
	case 'a' <= c && c <= 'f':
		return int(c-'a') + 10
	case 'A' <= c && c <= 'F':
		return int(c-'A') + 10
	}
	return -1
}

// escapedByte decodes the %XX at s[i:], or returns -1.
func escapedByte(s string, i int) int {
	if i+2 >= len(s) || s[i] != '%' {
		return -1
	}
	h, l := unhex(s[i+1]), unhex(s[i+2])
	if h < 0 || l < 0 {
		return -1
	}
	return h<<4 | l
}

// DecodeURIComponent is JavaScript's decodeURIComponent: every %XX sequence
// (or run of them forming one UTF-8 character) is decoded; a malformed
// escape or an invalid UTF-8 sequence (overlong, surrogate, > U+10FFFF,
// truncated) is ErrURIMalformed. "+" is left alone.
func DecodeURIComponent(s string) (string, error) {
	i := strings.IndexByte(s, '%')
	if i < 0 {
		return s, nil
	}
	b, err := appendDecodedFrom(make([]byte, 0, len(s)), s, i)
	if err != nil {
		return "", err
	}
	return ownString(b), nil
}

// AppendDecodeURIComponent appends DecodeURIComponent(s) to b: a caller
// with a buffer of its own decodes without an allocation. On an error b
// is returned as it was.
func AppendDecodeURIComponent(b []byte, s string) ([]byte, error) {
	i := strings.IndexByte(s, '%')
	if i < 0 {
		return append(b, s...), nil
	}
	out, err := appendDecodedFrom(b, s, i)
	if err != nil {
		return b, err
	}
	return out, nil
}

// appendDecodedFrom appends s decoded to b, where s[i] is its first '%'.
func appendDecodedFrom(b []byte, s string, i int) ([]byte, error) {
	b = append(b, s[:i]...)
	for i < len(s) {
		if s[i] != '%' {
			b = append(b, s[i])
			i++
			continue
		}
		var err error
		if b, i, err = decodeEscape(b, s, i); err != nil {
			return nil, err
		}
	}
	return b, nil
}

// decodeEscape decodes the character escaped at s[i:] (s[i] == '%').
func decodeEscape(b []byte, s string, i int) ([]byte, int, error) {
	c := escapedByte(s, i)
	if c < 0 {
		return b, i, ErrURIMalformed
	}
	n := utf8SeqLen(byte(c))
	if n == 1 {
		return append(b, byte(c)), i + 3, nil
	}
	if n == 0 {
		return b, i, ErrURIMalformed
	}
	var buf [4]byte
	buf[0] = byte(c)
	for k := 1; k < n; k++ {
		c = escapedByte(s, i+3*k)
		if c < 0 || c&0xC0 != 0x80 {
			return b, i, ErrURIMalformed
		}
		buf[k] = byte(c)
	}
	if _, size := utf8.DecodeRune(buf[:n]); size != n {
		return b, i, ErrURIMalformed
	}
	return append(b, buf[:n]...), i + 3*n, nil
}

// utf8SeqLen is the sequence length announced by a UTF-8 lead byte (0 when
// the byte cannot start a sequence).
func utf8SeqLen(c byte) int {
	switch {
	case c < 0x80:
		return 1
	case c&0xE0 == 0xC0:
		return 2
	case c&0xF0 == 0xE0:
		return 3
	case c&0xF8 == 0xF0:
		return 4
	}
	return 0
}
