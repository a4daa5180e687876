package datamate

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/sluice-dev/sluice/postprocess"
	"github.com/sluice-dev/sluice/record"
)

// textInputs are edge strings for the string-to-string transforms: case
// mappings with special rules, escapes (valid, malformed, overlong,
// surrogates), base64 and hex with padding and stray characters, invalid
// UTF-8, line terminators and the empty string.
var textInputs = []string{
	"", " ", "a", "HeLLo", "straße", "İstanbul", "ΟΔΟΣ Σ", "ǅ", "ﬀ", "𝐀𝐁", "\u2028\u2029\n\r",
	"caf%C3%A9%20table", "%", "%E0%A4%A", "%ED%A0%80", "%C0%AF", "%F0%9F%98%80", "%25", "a+b%2B",
	"aGVsbG8gd29ybGQ=", "aGVs bG8=", "aGVsbG8", "-_-_", "====", "/w==", "gA", "4pyT",
	"68656c6c6f", "68zz6c", "zz", "6", "ff", "c3a9",
	"\xff\xfe", "a\x00b", "\xed\xa0\x80", "é✓😀",
}

// randomText mixes the characters the transforms treat specially.
func randomText(rng *rand.Rand) string {
	const alphabet = "aZ09+/=-_% \t\nßΣİé✓😀\xff\x00"
	var b strings.Builder
	for n := rng.IntN(12); n > 0; n-- {
		r := []rune(alphabet)
		b.WriteRune(r[rng.IntN(len(r))])
	}
	return b.String()
}

// TestTextAgreesWithTransform: every transform that has a string fast path
// (postprocess.Impl.Text) gives what its Transform gives on strings, alone
// and through the rule wrapper.
func TestTextAgreesWithTransform(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	inputs := append([]string(nil), textInputs...)
	for i := 0; i < 500; i++ {
		inputs = append(inputs, randomText(rng))
	}
	n := 0
	for _, s := range Specs() {
		impl, err := s.Build(postprocess.NewArgs(record.NewObject(0)))
		if err != nil || impl.Text == nil {
			continue
		}
		n++
		for _, in := range inputs {
			checkText(t, s, impl, in)
		}
	}
	if n < 5 {
		t.Fatalf("only %d transforms have a string fast path", n)
	}
}

func checkText(t *testing.T, s *postprocess.Spec, impl *postprocess.Impl, in string) {
	t.Helper()
	want, werr := impl.Transform(in, nil)
	got, gerr := impl.Text(in)
	if (werr != nil) != (gerr != nil) || werr == nil && want != got {
		t.Fatalf("%s(%q): Text gives %q (%v), Transform %v (%v)", s.Name, in, got, gerr, want, werr)
	}
	slow := *impl
	slow.Text = nil
	for _, target := range []string{"field", "out"} {
		rule := record.NewObject(0)
		fast, err := postprocess.NewOp(s, rule, "field", nil, target, false)
		if err != nil {
			t.Fatal(err)
		}
		plain := *fast
		plain.Impl = &slow
		var sc postprocess.Scratch
		a, errA := fast.RunIn(record.New(record.FromMap(map[string]any{"field": in})), &sc)
		b, errB := plain.Run(record.New(record.FromMap(map[string]any{"field": in})))
		if (errA != nil) != (errB != nil) || (a == nil) != (b == nil) || a != nil && record.JSON(a.Data) != record.JSON(b.Data) {
			t.Fatalf("%s(%q) -> %s: fast path %v (%v), plain %v (%v)", s.Name, in, target, a, errA, b, errB)
		}
	}
}
