package record

import (
	"math/rand"
	"strings"
	"testing"
	"unsafe"
)

// TestInternPlain: plain names are interned once, in the block, equal to
// what was asked; names that need escapes are not.
func TestInternPlain(t *testing.T) {
	for _, s := range []string{"user_name", "é", "a.b", "\xff", "k\x7f", strings.Repeat("x", 100)} {
		got := internPlain(s)
		if got != s || !knownPlain(got) {
			t.Errorf("%q: interned %q, known plain %v", s, got, knownPlain(got))
		}
		if again := internPlain(strings.Clone(s)); unsafe.StringData(again) != unsafe.StringData(got) {
			t.Errorf("%q interned twice", s)
		}
		if !knownPlain(got[1:]) || !knownPlain(got[:len(got)-1]) {
			t.Errorf("%q: a part of a plain name is plain", s)
		}
	}
	for _, s := range []string{"", `a"b`, `a\b`, "a\nb", "\x00", "\x1f", "tab\t"} {
		if got := internPlain(s); got != s || s != "" && knownPlain(got) {
			t.Errorf("%q: interned %q, known plain %v", s, got, knownPlain(got))
		}
	}
	if knownPlain("user_name") || knownPlain(strings.Clone("user_name")) {
		t.Error("a string outside the block is not known plain")
	}
}

// TestEncodeObjectsWithPathKeysAgreesWithSlow pins the encoder's writing
// of keys known plain (the keys of parsed paths, as a plan sets them)
// against the byte-by-byte encoder, with keys that need escapes among
// them.
func TestEncodeObjectsWithPathKeysAgreesWithSlow(t *testing.T) {
	pieces := []string{"a", "key", "é", `"`, `\`, "\n", "\x01", "\u2028", "\xff", "😀", "/", "long_key_name_here"}
	rng := rand.New(rand.NewSource(4))
	known := 0
	for i := 0; i < 20000; i++ {
		o := NewObject(8)
		for n := rng.Intn(8); n > 0; n-- {
			var sb strings.Builder
			for m := rng.Intn(3); m >= 0; m-- {
				sb.WriteString(pieces[rng.Intn(len(pieces))])
			}
			k := sb.String()
			if rng.Intn(2) == 0 {
				k = ParsePath(k).String() // interned when plain
			}
			if knownPlain(k) {
				known++
			}
			o.Set(k, k)
		}
		want := string(appendJSONSlow(nil, o))
		if got := string(AppendJSON(nil, o)); got != want {
			t.Fatalf("encoded\n%s\nwant\n%s", got, want)
		}
	}
	if known < 10000 {
		t.Fatalf("only %d keys were known plain", known)
	}
}

// TestInternPlainConcurrently: names interned while others are being
// written (go test -race).
func TestInternPlainConcurrently(t *testing.T) {
	done := make(chan string)
	for g := 0; g < 4; g++ {
		go func() {
			var b []byte
			for i := 0; i < 200; i++ {
				k := ParsePath(strings.Repeat("k", 1+(g*200+i)%13) + string(rune('a'+g))).String()
				o := NewObject(1)
				o.Set(k, float64(i))
				b = AppendJSON(b[:0], o)
			}
			done <- string(b)
		}()
	}
	for g := 0; g < 4; g++ {
		if got := <-done; !strings.HasPrefix(got, `{"k`) {
			t.Errorf("encoded %s", got)
		}
	}
}
