// Package swar reads words out of strings for the word-at-a-time scans of
// record (string literals), plan (the selector index's string table) and
// the string functions (ASCII tests, case mapping): eight or four bytes in
// one load, without converting the string to bytes.
package swar

// Load64 reads s[i:i+8] as a little-endian word; the compiler makes this
// one load.
func Load64(s string, i int) uint64 {
	s = s[i : i+8]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}

// Load32 reads s[i:i+4] as a little-endian word (one load).
func Load32(s string, i int) uint32 {
	s = s[i : i+4]
	return uint32(s[0]) | uint32(s[1])<<8 | uint32(s[2])<<16 | uint32(s[3])<<24
}

// ASCII reports whether every byte of s is below 0x80, eight bytes at a
// time while there are eight.
func ASCII(s string) bool {
	i := 0
	for ; i+8 <= len(s); i += 8 {
		if Load64(s, i)&0x8080808080808080 != 0 {
			return false
		}
	}
	for ; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}
