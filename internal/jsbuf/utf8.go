package jsbuf

import (
	"strings"
	"unicode/utf8"
)

// UTF8String is buf.toString('utf8'): the WHATWG UTF-8 decoder, where every
// maximal subpart of an ill-formed sequence becomes one U+FFFD. (Go's
// utf8.DecodeRune yields one U+FFFD per byte of a truncated sequence, and
// strings.ToValidUTF8 one per run of bad bytes; both differ.) Valid input is
// returned without re-encoding.
func UTF8String(b []byte) string {
	if utf8.Valid(b) {
		return string(b)
	}
	var sb strings.Builder
	sb.Grow(len(b) + 8)
	for i := 0; i < len(b); {
		if b[i] < utf8.RuneSelf {
			sb.WriteByte(b[i])
			i++
			continue
		}
		r, n := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && n == 1 {
			sb.WriteRune(utf8.RuneError)
			i += maximalSubpart(b[i:])
			continue
		}
		sb.Write(b[i : i+n])
		i += n
	}
	return sb.String()
}

// maximalSubpart is the length (>= 1) of the maximal subpart of the
// ill-formed sequence at the start of b: the lead byte plus the continuation
// bytes that are valid for it (Unicode Table 3-7).
func maximalSubpart(b []byte) int {
	lo, hi, need := byte(0x80), byte(0xBF), 0
	switch c := b[0]; {
	case c >= 0xC2 && c <= 0xDF:
		need = 1
	case c == 0xE0:
		lo, need = 0xA0, 2
	case c == 0xED:
		hi, need = 0x9F, 2
	case c >= 0xE1 && c <= 0xEF:
		need = 2
	case c == 0xF0:
		lo, need = 0x90, 3
	case c == 0xF4:
		hi, need = 0x8F, 3
	case c >= 0xF1 && c <= 0xF3:
		need = 3
	default:
		return 1
	}
	n := 1
	for ; n <= need && n < len(b); n++ {
		if b[n] < lo || b[n] > hi {
			break
		}
		lo, hi = 0x80, 0xBF
	}
	return n
}

// Latin1String is buf.toString('latin1') / 'binary': each byte is U+0000–U+00FF.
func Latin1String(b []byte) string {
	var sb strings.Builder
	sb.Grow(len(b) + len(b)/2)
	for _, c := range b {
		sb.WriteRune(rune(c))
	}
	return sb.String()
}

// ASCIIString is buf.toString('ascii'): each byte with its high bit cleared.
func ASCIIString(b []byte) string {
	out := make([]byte, len(b))
	for i, c := range b {
		out[i] = c & 0x7F
	}
	return string(out)
}

// UTF16LEString is buf.toString('utf16le') / 'ucs2': little-endian code
// units (a trailing odd byte is dropped); lone surrogates become U+FFFD.
func UTF16LEString(b []byte) string {
	var sb strings.Builder
	sb.Grow(len(b))
	for i := 0; i+1 < len(b); i += 2 {
		u := rune(b[i]) | rune(b[i+1])<<8
		if u >= 0xD800 && u <= 0xDBFF && i+3 < len(b) {
			if lo := rune(b[i+2]) | rune(b[i+3])<<8; lo >= 0xDC00 && lo <= 0xDFFF {
				sb.WriteRune(0x10000 + (u-0xD800)<<10 + (lo - 0xDC00))
				i += 2
				continue
			}
		}
		if u >= 0xD800 && u <= 0xDFFF {
			u = utf8.RuneError
		}
		sb.WriteRune(u)
	}
	return sb.String()
}
