package jsbuf

import (
	"encoding/hex"

	"github.com/sluice-dev/sluice/internal/swar"
)

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

// DecodeHex is Node's Buffer.from(s, 'hex'): pairs of hex digits are decoded
// until the first pair that is not two hex digits; a trailing odd digit is
// dropped. Code units are read through their low byte, as Node does.
func DecodeHex(s string) []byte {
	d := hexDecoder{out: make([]byte, 0, len(s)/2)}
	if swar.ASCII(s) {
		for i := 0; i < len(s) && d.feed(s[i]); i++ {
		}
	} else {
		forEachUnitByte(s, d.feed)
	}
	return d.out
}

// hexDecoder is Node's hex decoder state: a pair with a non-hex digit stops.
type hexDecoder struct {
	out []byte
	hi  int
	odd bool
}

func (d *hexDecoder) feed(c byte) bool {
	v := unhex(c)
	if d.odd = !d.odd; d.odd {
		d.hi = v
		return true
	}
	if d.hi < 0 || v < 0 {
		return false
	}
	d.out = append(d.out, byte(d.hi<<4|v))
	return true
}

// EncodeHex is buf.toString('hex') (lower case).
func EncodeHex(b []byte) string { return hex.EncodeToString(b) }
