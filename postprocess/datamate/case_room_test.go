package datamate

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/sluice-dev/sluice/internal/jsstr"
	"github.com/sluice-dev/sluice/postprocess"
)

// TestCaseFromStringInRoom: toLowerCase's and toUpperCase's answers for
// strings, mapped straight into a Scratch's chunks of text (short texts)
// or built in its buffer (long ones), are jsstr.ToLower's and ToUpper's,
// with and without a Scratch, and stay so while thousands more are made
// after them (nothing writes over a text kept in a chunk; chunks fill up
// and are replaced). The strings mix ASCII, characters whose mapping is
// longer (ß, ΐ, ŉ, ﬃ, İ), the final sigma, invalid UTF-8 and WTF-8.
func TestCaseFromStringInRoom(t *testing.T) {
	pieces := []string{"a", "B", "get ", "Straße", "İ", "ΐ", "ΰ", "ΑΣ ", "Σ", "ŉ", "ﬃ", "ǅ", "\xff", "\xed\xa0\x80",
		"x\u2028", "\U0001F600", "0123456789", "Gus.Ng853@Example.com"}
	mappings := []struct {
		name string
		fn   func(*postprocess.Scratch, string) (any, error)
		want func(string) string
	}{
		{"toLowerCase", caseFromString(jsstr.LowerUnchanged, jsstr.AppendLowerFrom), jsstr.ToLower},
		{"toUpperCase", caseFromString(jsstr.UpperUnchanged, jsstr.AppendUpperFrom), jsstr.ToUpper},
	}
	type made struct {
		name, in, want string
		got            any
	}
	var all []made
	var sc postprocess.Scratch
	rng := rand.New(rand.NewPCG(12, 3))
	long := 0
	for n := 0; n < 20000; n++ {
		var b strings.Builder
		for k := rng.IntN(1 + rng.IntN(100)); k >= 0; k-- {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		s := b.String()
		if len(s) > 170 {
			long++
		}
		for _, m := range mappings {
			for _, with := range []*postprocess.Scratch{&sc, nil} {
				got, err := m.fn(with, s)
				if err != nil {
					t.Fatalf("%s(%q): %v", m.name, s, err)
				}
				all = append(all, made{m.name, s, m.want(s), got})
			}
		}
	}
	for _, m := range all {
		if got, ok := m.got.(string); !ok || got != m.want {
			t.Fatalf("%s(%q) = %q, want %q", m.name, m.in, m.got, m.want)
		}
	}
	if long < 1000 {
		t.Fatalf("only %d strings too long for the room", long)
	}
}
