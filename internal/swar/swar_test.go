package swar

import (
	"encoding/binary"
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
