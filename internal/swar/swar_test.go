package swar

import (
	"encoding/binary"
	"strings"
	"testing"
)

// The loads read the bytes at i as encoding/binary's little-endian reads do.
func TestLoadsAreLittleEndian(t *testing.T) {
	s := "\x01\x02\x03\x04\x05\x06\x07\x08\x09\xfe\xff"
	for i := 0; i+8 <= len(s); i++ {
		if got, want := Load64(s, i), binary.LittleEndian.Uint64([]byte(s[i:])); got != want {
			t.Errorf("Load64 at %d: %#x, want %#x", i, got, want)
		}
	}
	for i := 0; i+4 <= len(s); i++ {
		if got, want := Load32(s, i), binary.LittleEndian.Uint32([]byte(s[i:])); got != want {
			t.Errorf("Load32 at %d: %#x, want %#x", i, got, want)
		}
	}
}

// TestIsASCIIByWordsAgrees pins ASCII, which tests eight bytes at a
// time, against a byte loop, with a non-ASCII byte at every position of
// strings up to 40 bytes long.
func TestIsASCIIByWordsAgrees(t *testing.T) {
	for n := 0; n <= 40; n++ {
		s := []byte(strings.Repeat("aZ~\x00\x7f", 8)[:n])
		if !ASCII(string(s)) {
			t.Fatalf("ASCII(%q) = false", s)
		}
		for i := range s {
			for _, c := range []byte{0x80, 0xff, 0xc3} {
				old := s[i]
				s[i] = c
				if ASCII(string(s)) {
					t.Fatalf("ASCII(%q) = true", s)
				}
				s[i] = old
			}
		}
	}
}
