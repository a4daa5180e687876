package jsbuf

import (
	"encoding/base64"

	"github.com/sluice-dev/sluice/internal/swar"
)

// unbase64 maps a byte to its 6-bit value in either alphabet (standard and
// URL-safe), or 0xFF.
var unbase64 = func() (t [256]byte) {
	for i := range t {
		t[i] = 0xFF
	}
	const std = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
	for i := 0; i < len(std); i++ {
		t[std[i]] = byte(i)
	}
	t['-'], t['_'] = 62, 63
	return t
}()

// DecodeBase64 is Node's Buffer.from(s, 'base64'): both alphabets are
// accepted, characters outside them (white space, garbage) are skipped,
// padding is optional, decoding stops at the first '=' and a final lone
// sextet is dropped. Each UTF-16 code unit is read through its low byte, as
// Node does (so "Ł" reads as "A" and an astral character as "=" + NUL).
func DecodeBase64(s string) []byte {
	d := b64Decoder{out: make([]byte, 0, base64ByteLength(s))}
	if swar.ASCII(s) {
		for i := 0; i < len(s) && d.feed(s[i]); i++ {
		}
	} else {
		forEachUnitByte(s, d.feed)
	}
	return d.finish()
}

// AppendDecodeBase64 appends DecodeBase64(s) to b. Groups of four
// characters of the alphabets are decoded at once (the decoder's state
// between groups is empty); the rest of s, from the first group with
// another character, goes through the decoder one byte at a time.
func AppendDecodeBase64(b []byte, s string) []byte {
	if !swar.ASCII(s) {
		return append(b, DecodeBase64(s)...)
	}
	i := 0
	for ; i+4 <= len(s); i += 4 {
		c0, c1, c2, c3 := unbase64[s[i]], unbase64[s[i+1]], unbase64[s[i+2]], unbase64[s[i+3]]
		if (c0|c1|c2|c3)&0xC0 != 0 { // one is 0xFF: not a character of the alphabets
			break
		}
		v := uint32(c0)<<18 | uint32(c1)<<12 | uint32(c2)<<6 | uint32(c3)
		b = append(b, byte(v>>16), byte(v>>8), byte(v))
	}
	d := b64Decoder{out: b}
	for ; i < len(s) && d.feed(s[i]); i++ {
	}
	return d.finish()
}

// b64Decoder is Node's forgiving base64 decoder state.
type b64Decoder struct {
	out []byte
	acc uint32
	n   int
}

// feed consumes one input byte and reports whether decoding goes on.
func (d *b64Decoder) feed(c byte) bool {
	v := unbase64[c]
	if v == 0xFF {
		return c != '='
	}
	d.acc = d.acc<<6 | uint32(v)
	if d.n++; d.n == 4 {
		d.out = append(d.out, byte(d.acc>>16), byte(d.acc>>8), byte(d.acc))
		d.acc, d.n = 0, 0
	}
	return true
}

// finish flushes a trailing partial group (a lone sextet is dropped).
func (d *b64Decoder) finish() []byte {
	switch d.n {
	case 2:
		d.out = append(d.out, byte(d.acc>>4))
	case 3:
		d.out = append(d.out, byte(d.acc>>10), byte(d.acc>>2))
	}
	return d.out
}

// base64ByteLength is Node's capacity estimate (an upper bound of the
// decoded size), used only to size the output.
func base64ByteLength(s string) int {
	n := len(s)
	for k := 0; k < 2 && n > 0 && s[n-1] == '='; k++ {
		n--
	}
	return n * 3 / 4
}

// EncodeBase64 is buf.toString('base64'): standard alphabet, padded.
func EncodeBase64(b []byte) string { return base64.StdEncoding.EncodeToString(b) }

// EncodeBase64URL is buf.toString('base64url'): URL-safe alphabet, unpadded.
func EncodeBase64URL(b []byte) string { return base64.RawURLEncoding.EncodeToString(b) }
