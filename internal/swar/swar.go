// Package swar reads words out of strings for the word-at-a-time scans of
// record (string literals) and plan (the selector index's string table):
// eight or four bytes in one load, without converting the string to bytes.
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
