package jsbuf

import "unicode/utf8"

// forEachUnitByte calls fn with the low byte of every UTF-16 code unit of s
// (Node's one-byte view of a string: static_cast<uint8_t>(unit)). fn returns
// false to stop.
func forEachUnitByte(s string, fn func(byte) bool) {
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if !fn(c) {
				return
			}
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		i += n
		if r < 0x10000 {
			if !fn(byte(r)) {
				return
			}
			continue
		}
		r -= 0x10000
		if !fn(byte(0xD800+r>>10)) || !fn(byte(0xDC00+r&0x3FF)) {
			return
		}
	}
}

// unitLen is the UTF-16 length of s.
func unitLen(s string) int {
	n := 0
	for i := 0; i < len(s); {
		if s[i] < utf8.RuneSelf {
			n++
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		n++
		if r >= 0x10000 {
			n++
		}
		i += size
	}
	return n
}
