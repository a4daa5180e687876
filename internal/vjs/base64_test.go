package vjs

import (
	"math/rand/v2"
	"testing"
)

// TestBase64BodyAgreesByteByByte pins base64Body (eight bytes at a time)
// against isB64Char on each byte, for both alphabets, over random strings
// of every byte value, most of them of the alphabets with a stray byte
// somewhere.
func TestBase64BodyAgreesByteByByte(t *testing.T) {
	const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/-_"
	rng := rand.New(rand.NewPCG(64, 6))
	for i := 0; i < 100000; i++ {
		b := make([]byte, rng.IntN(30))
		for j := range b {
			b[j] = alphabet[rng.IntN(len(alphabet))]
		}
		if len(b) > 0 && rng.IntN(2) == 0 {
			b[rng.IntN(len(b))] = byte(rng.IntN(256))
		}
		s := string(b)
		for _, urlSafe := range []bool{false, true} {
			want := true
			for j := 0; j < len(s); j++ {
				want = want && isB64Char(s[j], urlSafe)
			}
			if got := base64Body(s, urlSafe); got != want {
				t.Fatalf("base64Body(%q, %v) = %v, byte by byte %v", s, urlSafe, got, want)
			}
		}
	}
}
