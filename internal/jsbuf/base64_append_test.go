package jsbuf

import (
	"bytes"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestAppendDecodeBase64Agrees pins AppendDecodeBase64, which decodes
// whole groups of four at once, against DecodeBase64 (Node's decoder one
// byte at a time) on random strings of both alphabets, padding in and out
// of place, white space, garbage and non-ASCII characters.
func TestAppendDecodeBase64Agrees(t *testing.T) {
	const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/-_"
	extra := []string{"=", "==", " ", "\n", "\r\n", "!", "\x00", "\x7f", "é", "Ł", "😀"}
	rng := rand.New(rand.NewPCG(5, 6))
	for n := 0; n < 20000; n++ {
		var sb strings.Builder
		for k := rng.IntN(30); k > 0; k-- {
			if rng.IntN(8) == 0 {
				sb.WriteString(extra[rng.IntN(len(extra))])
			} else {
				sb.WriteByte(alphabet[rng.IntN(len(alphabet))])
			}
		}
		s := sb.String()
		want := DecodeBase64(s)
		if got := AppendDecodeBase64([]byte("pre"), s); !bytes.Equal(got, append([]byte("pre"), want...)) {
			t.Fatalf("AppendDecodeBase64(%q) = %x, want %x", s, got[3:], want)
		}
	}
}
