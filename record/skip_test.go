package record

import (
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestQuickSkipAgrees pins quickSkip against skipValue, the exact
// validation: on random JSON (escapes, non-ASCII and invalid UTF-8,
// control characters, numbers at the grammar's edges, nesting around
// quickDepth, white space) and random mutations of it, whatever quickSkip
// accepts skipValue accepts and ends at the same place; and quickSkip
// decides most of the compact valid texts itself.
func TestQuickSkipAgrees(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	tokens := []string{",", "}", "]", "{", "[", ":", `"`, `\`, `\u12`, `\x`, "0", "01", "-", ".", "e", "e+", "t", "tru", "n", " ", "\x01", "\xff", "x", ""}
	var texts []string
	for range 4000 {
		texts = append(texts, randomJSON(rng, 0, rng.IntN(10) == 0))
	}
	for _, depth := range []int{quickDepth - 1, quickDepth, quickDepth + 1} {
		texts = append(texts, strings.Repeat("[", depth)+strings.Repeat("]", depth),
			strings.Repeat(`{"a":`, depth)+"1"+strings.Repeat("}", depth))
	}
	valid, quick := 0, 0
	for _, text := range texts {
		for m := range 6 {
			s := text
			if m > 0 { // a mutation
				at := rng.IntN(len(s) + 1)
				cut := min(len(s), at+rng.IntN(3))
				s = s[:at] + tokens[rng.IntN(len(tokens))] + s[cut:]
			}
			if rng.IntN(2) == 0 { // text after the value, as in a record: the word tests then read whole words
				s += `,"k":"v"}`[:rng.IntN(10)]
			}
			exact := decoder{s: s}
			err := exact.skipValue()
			end, ok := quickSkip(s, 0)
			if ok && (err != nil || end != exact.i) {
				t.Fatalf("%q: quickSkip ends at %d, skipValue at %d with %v", s, end, exact.i, err)
			}
			if m == 0 && err == nil && !strings.ContainsAny(s, " \t\n\r") {
				valid++
				if ok {
					quick++
				}
			}
		}
	}
	if quick < valid*9/10 {
		t.Errorf("quickSkip decided %d of %d compact valid texts", quick, valid)
	}
}

// randomJSON is a random JSON value (with white space now and then when
// spaced).
func randomJSON(rng *rand.Rand, depth int, spaced bool) string {
	sp := func() string {
		if spaced && rng.IntN(4) == 0 {
			return []string{" ", "\n", "\t", "\r"}[rng.IntN(4)]
		}
		return ""
	}
	kind := rng.IntN(8)
	if depth > 4 {
		kind = rng.IntN(5)
	}
	switch kind {
	case 0:
		return []string{"true", "false", "null"}[rng.IntN(3)]
	case 1, 2:
		return []string{"0", "-0", "7", "-12", "0.5", "55.96", "-4.42948", "1e5", "1E-7", "2.5e+3", "12345678901234567890", "-0.0"}[rng.IntN(12)]
	case 3, 4:
		return randomJSONString(rng)
	case 5, 6:
		var b strings.Builder
		b.WriteString("{" + sp())
		for i := range rng.IntN(4) {
			if i > 0 {
				b.WriteString("," + sp())
			}
			b.WriteString(randomJSONString(rng) + sp() + ":" + sp() + randomJSON(rng, depth+1, spaced) + sp())
		}
		b.WriteString("}")
		return b.String()
	}
	var b strings.Builder
	b.WriteString("[" + sp())
	for i := range rng.IntN(4) {
		if i > 0 {
			b.WriteString("," + sp())
		}
		b.WriteString(randomJSON(rng, depth+1, spaced) + sp())
	}
	b.WriteString("]")
	return b.String()
}

func randomJSONString(rng *rand.Rand) string {
	parts := []string{"a", "key", "é", "\xff", `\"`, `\\`, `\/`, `\b`, `\n`, `\u00e9`, `\ud83d\ude00`, `\ud800`, "plain text of some length", "0123456789abcdef0123"}
	var b strings.Builder
	b.WriteByte('"')
	for range rng.IntN(5) {
		b.WriteString(parts[rng.IntN(len(parts))])
	}
	b.WriteByte('"')
	return b.String()
}

// BenchmarkSkipMembers validates the nested members of web-log and orders
// records (what a Decoder skips and keeps as text) the exact way and with
// quickSkip first.
func BenchmarkSkipMembers(b *testing.B) {
	var members []string
	for _, f := range []string{"../testdata/weblog/weblogs-2k.ndjson", "../testdata/orders/orders-2k.ndjson"} {
		for _, l := range fileStrings(b, f)[:200] {
			v, err := ParseRecordString(l)
			if err != nil {
				b.Fatal(err)
			}
			for _, f := range v.(*Object).fields {
				if l, ok := f.val.(*lazyJSON); ok {
					members = append(members, l.text)
				}
			}
		}
	}
	for _, c := range []struct {
		name string
		skip func(*decoder) error
	}{{"exact", (*decoder).skipValue}, {"quick", (*decoder).skipAny}} {
		b.Run(c.name, func(b *testing.B) {
			var d decoder // not one per value: the call through c.skip would allocate it
			for i := 0; i < b.N; i++ {
				d = decoder{s: members[i%len(members)]}
				if err := c.skip(&d); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestEscapedStringsDecodeAsEncodingJSON pins string decoding (the
// escapes' fast paths included) against encoding/json on random strings
// of escapes, non-ASCII and invalid UTF-8, by every decoder.
func TestEscapedStringsDecodeAsEncodingJSON(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	var dec Decoder
	dec.Recycle()
	for range 20000 {
		s := randomJSONString(rng)
		var want string
		if err := json.Unmarshal([]byte(s), &want); err != nil {
			t.Fatalf("%q: %v", s, err)
		}
		for _, parse := range []func(string) (any, error){ParseJSONString, dec.ParseRecord} {
			got, err := parse(`{"k":` + s + `}`)
			if err != nil {
				t.Fatalf("%q: %v", s, err)
			}
			if v, _ := got.(*Object).Get("k"); v != want {
				t.Fatalf("%q decodes to %q, want %q", s, v, want)
			}
		}
	}
}
