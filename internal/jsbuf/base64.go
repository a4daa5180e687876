package jsbuf

import (
	"encoding/base64"
	"slices"
	"unicode/utf8"

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

// AppendDecodeBase64 appends DecodeBase64(s) to b.
func AppendDecodeBase64(b []byte, s string) []byte {
	b, _ = appendDecodeBase64(b, s)
	return b
}

// AppendDecodeBase64UTF8 is AppendDecodeBase64 that also reports whether
// the bytes it appended are UTF-8 (utf8.Valid), which it knows without
// reading them again when they are ASCII.
func AppendDecodeBase64UTF8(b []byte, s string) ([]byte, bool) {
	start := len(b)
	b, ascii := appendDecodeBase64(b, s)
	return b, ascii || utf8.Valid(b[start:])
}

// appendDecodeBase64 appends DecodeBase64(s) to b, and reports whether
// it knows the bytes appended to be ASCII. Groups of four characters of
// the alphabets (ASCII) are decoded at once, three bytes written in room
// made once (the decoder's state between groups is empty), and a last
// group padded as canonical base64 ends ("xx==", "xxx=") too; the rest of
// s, from the first group with another character, goes through the
// decoder one byte at a time, or one UTF-16 unit at a time when it is not
// ASCII (as DecodeBase64: the groups before it are ASCII, their units
// their bytes).
func appendDecodeBase64(b []byte, s string) ([]byte, bool) {
	if room := len(s) / 4 * 3; cap(b)-len(b) < room {
		b = slices.Grow(b, room)
	}
	n, i := len(b), 0
	out := b[:cap(b)]
	var seen uint32 // the bits of every group decoded
	for ; i+4 <= len(s); i += 4 {
		w := swar.Load32(s, i)
		c0, c1, c2, c3 := unbase64[byte(w)], unbase64[byte(w>>8)], unbase64[byte(w>>16)], unbase64[byte(w>>24)]
		v := uint32(c0)<<18 | uint32(c1)<<12 | uint32(c2)<<6 | uint32(c3)
		if (c0|c1|c2|c3)&0xC0 != 0 { // one is 0xFF: not a character of the alphabets
			if k := padding(w, c0, c1, c2); k > 0 { // the decoder stops at the first '='
				v >>= 8 * (3 - k) // c0 c1 (c2) as the decoder's accumulator
				for ; k > 0; k-- {
					out[n] = byte(v >> (8*k - 8))
					n++
				}
				return b[:n], (seen|v)&0x808080 == 0
			}
			break
		}
		o := out[n : n+3] // in the room made
		o[0], o[1], o[2] = byte(v>>16), byte(v>>8), byte(v)
		seen |= v
		n += 3
	}
	d := b64Decoder{out: b[:n]}
	if rest := s[i:]; !swar.ASCII(rest) {
		forEachUnitByte(rest, d.feed)
		return d.finish(), false
	}
	for ; i < len(s) && d.feed(s[i]); i++ {
	}
	return d.finish(), seen&0x808080 == 0 && len(d.out) == n
}

// padding is the number of bytes a group w of four characters ending in
// '=' decodes to when the decoder, which stops at the first '=', reads
// only characters of the alphabets before it (c0 c1 c2 their values): 1
// for "xx==", 2 for "xxx=", else 0.
func padding(w uint32, c0, c1, c2 byte) int {
	switch {
	case byte(w>>24) != '=' || (c0|c1)&0xC0 != 0:
		return 0
	case byte(w>>16) == '=':
		return 1
	case c2&0xC0 == 0:
		return 2
	}
	return 0
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
