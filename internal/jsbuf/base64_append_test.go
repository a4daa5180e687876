package jsbuf

import (
	"bytes"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
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
		if n%2 == 0 { // canonical: padded groups, of ASCII text or any bytes, maybe with more after
			s = EncodeBase64(randomBytes(rng)) + s[:rng.IntN(len(s)+1)/4]
		}
		want := DecodeBase64(s)
		if got := AppendDecodeBase64([]byte("pre"), s); !bytes.Equal(got, append([]byte("pre"), want...)) {
			t.Fatalf("AppendDecodeBase64(%q) = %x, want %x", s, got[3:], want)
		}
		got, valid := AppendDecodeBase64UTF8(make([]byte, 2, 5), s)
		if !bytes.Equal(got[2:], want) || valid != utf8.Valid(want) {
			t.Fatalf("AppendDecodeBase64UTF8(%q) = %x, %v, want %x, %v", s, got[2:], valid, want, utf8.Valid(want))
		}
	}
}

// randomBytes are up to 20 bytes, ASCII half of the time.
func randomBytes(rng *rand.Rand) []byte {
	b := make([]byte, rng.IntN(21))
	for i := range b {
		b[i] = byte(rng.IntN(256))
		if rng.IntN(2) == 0 {
			b[i] &= 0x7f
		}
	}
	if rng.IntN(2) == 0 {
		for i := range b {
			b[i] &= 0x7f
		}
	}
	return b
}

// BenchmarkAppendDecodeBase64 is decodeBase64's string path on short
// tokens (padded, unpadded) into a reused buffer.
func BenchmarkAppendDecodeBase64(b *testing.B) {
	for _, s := range []string{"dXNlcjo1NTkxOndlYg==", "dXNlcjozNTUwNDpzdG9yZQ==", "aGVsbG8gd29ybGQgYmFzZTY0IHRva2Vu"} {
		b.Run(strconv.Itoa(len(s)), func(b *testing.B) {
			buf := make([]byte, 0, 64)
			for b.Loop() {
				buf = AppendDecodeBase64(buf[:0], s)
			}
		})
	}
}
