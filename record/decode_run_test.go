package record

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestMemberRunAgrees pins a Decoder's runs of plain members (memberRun)
// against decoding without them (ParseJSONString has no slab, so no runs):
// random records whose key lists repeat, so that keys are foreseen, with
// plain strings of every length up to the end of the text, strings with
// escapes, non-ASCII bytes, invalid UTF-8 and control characters, numbers
// at the edges of shortDecimalAt's and the grammar's, literals, nested
// objects wider than their room, white space, duplicate and unforeseen
// keys, and the texts cut short or with a byte changed: the same values,
// the same errors at the same offsets, and shapes that are the objects'
// keys. A Decoder recycled now and then, and one never recycled, run out
// of room in their chunks in the middle of runs.
func TestMemberRunAgrees(t *testing.T) {
	rng := rand.New(rand.NewPCG(10, 11))
	var recycled, fresh Decoder
	recycled.Recycle()
	decoders := []*Decoder{&recycled, &fresh}
	runs, texts := 0, 0
	for n := range 6000 {
		text := runRecord(rng, 0)
		switch rng.IntN(6) {
		case 0: // cut short
			text = text[:rng.IntN(len(text)+1)]
		case 1: // a byte changed
			at := rng.IntN(len(text))
			text = text[:at] + string(mutations[rng.IntN(len(mutations))]) + text[at+1:]
		}
		want, wantErr := ParseJSONString(text)
		for _, dec := range decoders {
			decodesAlike(t, dec, text)
		}
		if wantErr == nil {
			texts++
			if o, ok := want.(*Object); ok && o.Len() > 1 && o.shape != nil {
				runs++
			}
		}
		if n%50 == 49 {
			recycled.Recycle()
		}
	}
	if runs < texts/2 {
		t.Errorf("only %d of %d records had a shape: the keys are not foreseen", runs, texts)
	}
}

// decodesAlike fails unless dec decodes text as ParseJSONString does
// (without a Decoder: no runs, no remembered keys), the same value with
// every member read, or the same error, and the shapes of its objects are
// their keys. It returns the value dec decoded (nil for an error).
func decodesAlike(t *testing.T, dec *Decoder, text string) any {
	t.Helper()
	want, wantErr := ParseJSONString(text)
	got, err := dec.ParseRecord(text)
	if fmt.Sprint(err) != fmt.Sprint(wantErr) {
		t.Fatalf("%q: Decoder error %v, without a Decoder %v", text, err, wantErr)
	}
	if err != nil {
		return nil
	}
	readAll(got)
	if g, w := JSON(got), JSON(want); g != w {
		t.Fatalf("%q: Decoder decodes\n%s\nwithout a Decoder\n%s", text, g, w)
	}
	if msg := checkShapes(got); msg != "" {
		t.Fatalf("%q: %s", text, msg)
	}
	return got
}

// mutations are the bytes TestMemberRunAgrees puts in place of one.
const mutations = "\"\\,:}]{[0-e.\x01 a\xff"

// checkShapes is checkShape for o and the objects in it.
func checkShapes(v any) string {
	switch x := v.(type) {
	case *Object:
		if msg := checkShape(x); msg != "" {
			return msg
		}
		for _, f := range x.fields {
			if msg := checkShapes(f.val); msg != "" {
				return msg
			}
		}
	case []any:
		for _, e := range x {
			if msg := checkShapes(e); msg != "" {
				return msg
			}
		}
	}
	return ""
}

// runKeys are the keys of runRecord's objects, in their usual order:
// short ones, one of exactly 13 bytes (the longest a comma and its quoted
// key in 16 bytes leave) and a longer one.
var runKeys = []string{"id", "name", "count", "abcdefghijklm", "price", "note", "a_much_longer_key_name", "flag", "tags", "sub"}

// runRecord is a random object with runKeys in order, mostly: now and then
// a key left out, another key, a key twice, white space.
func runRecord(rng *rand.Rand, depth int) string {
	var b strings.Builder
	b.WriteByte('{')
	n := 0
	for i, k := range runKeys {
		switch r := rng.IntN(40); {
		case r == 0:
			continue
		case r == 1:
			k = "other"
		case r == 2 && i > 0:
			k = runKeys[i-1]
		case depth > 0 && i >= 6:
			continue // nested objects are narrower, but wider than their room of four
		}
		if n > 0 {
			b.WriteString(runSpace(rng) + ",")
		}
		n++
		b.WriteString(runSpace(rng) + `"` + k + `"` + runSpace(rng) + ":" + runSpace(rng) + runValue(rng, depth))
	}
	b.WriteString(runSpace(rng) + "}")
	return b.String()
}

func runSpace(rng *rand.Rand) string {
	if rng.IntN(30) == 0 {
		return []string{" ", "\n", "\t", "\r\n"}[rng.IntN(4)]
	}
	return ""
}

// runValue is a random member value, mostly a plain string or number.
func runValue(rng *rand.Rand, depth int) string {
	switch r := rng.IntN(20); {
	case r < 8:
		return `"` + strings.Repeat("x", rng.IntN(40)) + `"`
	case r < 13:
		return []string{"0", "-0", "7", "-12", "0.5", "55.96", "-4.42948", "123456789012345", "1234567890123456",
			"0.12345678901234", "1e5", "1E-7", "2.5e+3", "-0.0", "01", "-", "1.", ".5", "1e", "-a"}[rng.IntN(20)]
	case r < 16:
		return randomJSONString(rng)
	case r == 16:
		return []string{"true", "false", "null", "nul", `"a` + "\x01" + `b"`, `"é"`, "\"\xff\""}[rng.IntN(7)]
	case r == 17 && depth < 2:
		return runRecord(rng, depth+1)
	case r == 18:
		return randomJSON(rng, 3, false)
	}
	return `"` + strings.Repeat("y", rng.IntN(3)) + `"`
}

// TestFirstKeyHints pins the first keys a Decoder remembers for nested
// objects by the key holding them (firstKeyHint) against decoding without:
// objects under one key whose first key changes, objects in arrays, empty
// ones, white space, errors, and shape trees made anew between records
// (a remembered key of the old tree is not used: every nested object's
// shape is of the tree in use).
func TestFirstKeyHints(t *testing.T) {
	texts := []string{
		`{"a":{"x":1,"y":2},"b":[{"x":1},{"z":2},{},{"x":3}],"c":{}}`,
		`{"a":{"y":1},"b":[{"z":1},{"x":"s"}],"c":{"x":1}}`,
		`{"a":{"x":"s","y":[{"x":1},{"x":{"x":2}}]},"b":[],"c":{"y":{}}}`,
		`{"a":{ "x":1},"b":[ {"x":1} , {"x" :2}],"c":{"q":1,"q":2}}`,
		`{"a":{"abcdefghijklmnopq":1},"b":[{"abcdefghijklmnopq":2}],"c":{"x":1}}`,
		`{"a":{"x":1,"y":2},"b":[{"x":1},{"x":2}],"c":{"x":1,}}`,
		`{"a":{"x":1},"b":[{"x":1},{"y":2}],"c":{"x`,
		`{"a":{"y":1},"b":{"x":[{"y":1},{"y":2}]},"c":{"x":1}}`,
	}
	for _, text := range texts[:len(texts)-1] { // the same nested in a member, where every object has a parent key
		texts = append(texts, `{"w":`+text+`,"v":[`+text+`]}`)
	}
	var dec Decoder
	for round := range 4 {
		if round == 2 {
			freshShapeTree()
		}
		for _, text := range texts {
			for range 2 { // the second time with what the first remembered
				if got := decodesAlike(t, &dec, text); got != nil {
					if msg := nestedTrees(got.(*Object), recordShapes); msg != "" {
						t.Fatalf("round %d, %s: %s", round, text, msg)
					}
				}
			}
		}
	}
}

// nestedTrees fails unless the shapes of o and the objects in it are of
// the trees in use: o's of tree, the others' of nestedShapes.
func nestedTrees(o *Object, tree *shapeTree) string {
	if o.shape != nil && o.shape.tree != tree {
		return fmt.Sprintf("%s has a shape of another tree", JSON(o))
	}
	for _, f := range o.fields {
		switch x := f.val.(type) {
		case *Object:
			if msg := nestedTrees(x, nestedShapes); msg != "" {
				return msg
			}
		case []any:
			for _, e := range x {
				if eo, ok := e.(*Object); ok {
					if msg := nestedTrees(eo, nestedShapes); msg != "" {
						return msg
					}
				}
			}
		}
	}
	return ""
}
