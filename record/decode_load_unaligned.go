//go:build amd64 || arm64

package record

import "unsafe"

// load64 is swar.Load64 without its bounds checks (one load, where
// Load64 has two checks besides), for the hot loops of the string scans
// whose condition already keeps 0 <= i and i+8 <= len(s): a few percent
// of decoding. Only where an unaligned little-endian load is one
// instruction (the word tests need the string's first byte lowest).
func load64(s string, i int) uint64 {
	return *(*uint64)(unsafe.Add(unsafe.Pointer(unsafe.StringData(s)), i))
}
