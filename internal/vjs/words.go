package vjs

// The word-at-a-time tests of base64, address and length checks: eight
// ASCII bytes of a string (swar.Load64) tested at once.

// Byte masks: every byte's low bit, every byte's high bit.
const (
	ones  = 0x0101010101010101
	highs = 0x8080808080808080
)

// byteRange has the high bit of each byte of w (all ASCII) within lo..hi.
func byteRange(w uint64, lo, hi byte) uint64 {
	return (w + (0x80-uint64(lo))*ones) &^ (w + (0x7f-uint64(hi))*ones) & highs
}

// byteIs has the high bit of each byte of w (all ASCII) that is c (ASCII).
func byteIs(w uint64, c byte) uint64 {
	return ^((w ^ uint64(c)*ones) + 0x7f*ones) & highs
}
