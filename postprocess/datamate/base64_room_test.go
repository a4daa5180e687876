package datamate

import (
	"encoding/base64"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/sluice-dev/sluice/postprocess"
)

// TestBase64FromStringInRoom: decodeBase64's answers for strings, decoded
// straight into a Scratch's chunks of text (short ones) or in its buffer
// (long ones), are the answers without a Scratch, and stay so while
// thousands more are made after them (nothing writes over a text kept in
// a chunk; chunks fill up and are replaced). The strings are base64 of
// ASCII, UTF-8 and bytes that are not UTF-8, padded, unpadded, URL-safe,
// with characters outside the alphabets and non-ASCII ones.
func TestBase64FromStringInRoom(t *testing.T) {
	texts := []string{"user:35504:store", "héllo wörld", "\xff\xfe\x00", "a", "ab", "abc", strings.Repeat("0123456789", 7)}
	junk := []string{"", "=", "==", "!", " ", "é", "\n", "-_"}
	type made struct {
		in, want string
		got      any
	}
	var all []made
	var sc postprocess.Scratch
	rng := rand.New(rand.NewPCG(64, 6))
	long := 0
	for n := 0; n < 20000; n++ {
		var b strings.Builder
		for k := rng.IntN(1 + rng.IntN(40)); k >= 0; k-- {
			raw := texts[rng.IntN(len(texts))]
			switch rng.IntN(3) {
			case 0:
				b.WriteString(base64.StdEncoding.EncodeToString([]byte(raw)))
			case 1:
				b.WriteString(base64.RawURLEncoding.EncodeToString([]byte(raw)))
			default:
				b.WriteString(junk[rng.IntN(len(junk))])
			}
		}
		s := b.String()
		if len(s) > 512 {
			long++
		}
		want, err := base64FromString(nil, s)
		if err != nil {
			t.Fatalf("decodeBase64(%q): %v", s, err)
		}
		got, err := base64FromString(&sc, s)
		if err != nil {
			t.Fatalf("decodeBase64(%q) with a Scratch: %v", s, err)
		}
		all = append(all, made{s, want.(string), got})
	}
	for _, m := range all {
		if got, ok := m.got.(string); !ok || got != m.want {
			t.Fatalf("decodeBase64(%q) = %q with a Scratch, %q without", m.in, m.got, m.want)
		}
	}
	if long < 200 {
		t.Fatalf("only %d strings longer than a chunk keeps", long)
	}
}
