package datamate

import (
	"encoding/base64"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/sluice-dev/sluice/internal/jsstr"
	"github.com/sluice-dev/sluice/postprocess"
)

// TestCaseFromStringInRoom: toLowerCase's and toUpperCase's answers for
// strings, mapped straight into a Scratch's chunks of text (short texts)
// or built in its buffer (long ones), are jsstr.ToLower's and ToUpper's.
// The strings mix ASCII, characters whose mapping is longer (ß, ΐ, ŉ, ﬃ,
// İ), the final sigma, invalid UTF-8 and WTF-8.
func TestCaseFromStringInRoom(t *testing.T) {
	pieces := []string{"a", "B", "get ", "Straße", "İ", "ΐ", "ΰ", "ΑΣ ", "Σ", "ŉ", "ﬃ", "ǅ", "\xff", "\xed\xa0\x80",
		"x\u2028", "\U0001F600", "0123456789", "Gus.Ng853@Example.com"}
	gen := func(rng *rand.Rand) string {
		var b strings.Builder
		for k := rng.IntN(1 + rng.IntN(300)); k >= 0; k-- {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		return b.String()
	}
	checkKeptAnswers(t, "toLowerCase", gen, caseFromString(jsstr.LowerUnchanged, jsstr.AppendLowerFrom), jsstr.ToLower)
	checkKeptAnswers(t, "toUpperCase", gen, caseFromString(jsstr.UpperUnchanged, jsstr.AppendUpperFrom), jsstr.ToUpper)
}

// TestBase64FromStringInRoom: decodeBase64's answers for strings, decoded
// straight into a Scratch's chunks of text (short ones) or in its buffer
// (long ones), are the answers without a Scratch. The strings are base64
// of ASCII, UTF-8 and bytes that are not UTF-8, padded, unpadded,
// URL-safe, with characters outside the alphabets and non-ASCII ones.
func TestBase64FromStringInRoom(t *testing.T) {
	texts := []string{"user:35504:store", "héllo wörld", "\xff\xfe\x00", "a", "ab", "abc", strings.Repeat("0123456789", 7)}
	junk := []string{"", "=", "==", "!", " ", "é", "\n", "-_"}
	gen := func(rng *rand.Rand) string {
		var b strings.Builder
		for k := rng.IntN(1 + rng.IntN(40)); k >= 0; k-- {
			raw := []byte(texts[rng.IntN(len(texts))])
			switch rng.IntN(3) {
			case 0:
				b.WriteString(base64.StdEncoding.EncodeToString(raw))
			case 1:
				b.WriteString(base64.RawURLEncoding.EncodeToString(raw))
			default:
				b.WriteString(junk[rng.IntN(len(junk))])
			}
		}
		return b.String()
	}
	withoutScratch := func(s string) string {
		v, _ := base64FromString(nil, s)
		return v.(string)
	}
	checkKeptAnswers(t, "decodeBase64", gen, base64FromString, withoutScratch)
}

// checkKeptAnswers checks fn's answers, with one Scratch and without one,
// for 20,000 strings gen makes, against want's, after all were made: none
// is written over by the ones after it (chunks fill up and are replaced),
// and enough are longer than a chunk keeps (512 bytes) to take the other
// way.
func checkKeptAnswers(t *testing.T, name string, gen func(*rand.Rand) string, fn func(*postprocess.Scratch, string) (any, error), want func(string) string) {
	t.Helper()
	type made struct {
		in  string
		got any
	}
	var all []made
	var sc postprocess.Scratch
	rng := rand.New(rand.NewPCG(12, 3))
	long := 0
	for n := 0; n < 20000; n++ {
		s := gen(rng)
		if len(s) > 512 {
			long++
		}
		for _, with := range []*postprocess.Scratch{&sc, nil} {
			got, err := fn(with, s)
			if err != nil {
				t.Fatalf("%s(%q): %v", name, s, err)
			}
			all = append(all, made{s, got})
		}
	}
	for _, m := range all {
		if got, ok := m.got.(string); !ok || got != want(m.in) {
			t.Fatalf("%s(%q) = %q, want %q", name, m.in, m.got, want(m.in))
		}
	}
	if long < 200 {
		t.Fatalf("%s: only %d strings longer than a chunk keeps", name, long)
	}
}
