package record

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"
)

// TestDecoderSharesNothingVisible: records decoded one after another by one
// Decoder, all kept, read back (nested values first read only after later
// records were decoded) equal the same lines decoded whole and on their own,
// and encode to the same text.
func TestDecoderSharesNothingVisible(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	var dec Decoder
	const n = 3000 // more values than a chunk holds
	lines := make([]string, n)
	got := make([]*Object, n)
	for i := range lines {
		lines[i] = randomRecord(rng, i)
		v, err := dec.ParseRecord(lines[i])
		if err != nil {
			t.Fatalf("%s: %v", lines[i], err)
		}
		got[i] = v.(*Object)
		if i%3 == 0 { // some nested values are read at once, the rest later
			got[i].Get("nested")
		}
	}
	for i, l := range lines {
		want, err := ParseObject([]byte(l))
		if err != nil {
			t.Fatal(err)
		}
		if !DeepEqual(got[i], want) {
			t.Fatalf("record %d:\n got  %s\n want %s", i, JSON(got[i]), JSON(want))
		}
		if g, w := JSON(got[i]), JSON(want); g != w {
			t.Fatalf("record %d encodes as %s, want %s", i, g, w)
		}
	}
}

func TestDecoderErrors(t *testing.T) {
	var dec Decoder
	for _, bad := range []string{`{"a":}`, `{"a":1`, `{"a":[1,}`, `{"a":-}`, `{"a":"\x01"}`} {
		if _, err := dec.ParseRecord(bad); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
	v, err := dec.ParseRecord(`{"ok":[1e400,-0.5,"x\u00e9"]}`)
	if err != nil {
		t.Fatal(err)
	}
	if s := JSON(v); !strings.Contains(s, `"xé"`) {
		t.Errorf("got %s", s)
	}
}

func randomRecord(rng *rand.Rand, i int) string {
	var b strings.Builder
	fmt.Fprintf(&b, `{"id":%d,"s":"v%d\n","f":%g,"neg":-%d,"t":true,"z":null`, i, rng.Intn(100), rng.Float64()*1e6, rng.Intn(9))
	fmt.Fprintf(&b, `,"nested":{"a":"%x","n":[%d,"q",{"deep":%d}],"e":{}}`, rng.Int63(), rng.Intn(50), i)
	fmt.Fprintf(&b, `,"arr":[%d,"%d",[],[1.5]]`, rng.Intn(1000), rng.Intn(1000))
	if rng.Intn(2) == 0 {
		b.WriteString(`,"id":"dup"`) // the last value wins, the first position stays
	}
	b.WriteString("}")
	return b.String()
}

// TestParseRecordRaw: a record kept as text behaves like the decoded record
// under every method, and bad input gives the error decoding gives.
func TestParseRecordRaw(t *testing.T) {
	rng := rand.New(rand.NewSource(5))
	ops := []func(o *Object) string{
		func(o *Object) string { return fmt.Sprint(o.Len()) },
		func(o *Object) string { v, ok := o.Get("nested"); return JSON(v) + fmt.Sprint(ok) },
		func(o *Object) string { return fmt.Sprint(o.Has("id"), o.Has("nope")) },
		func(o *Object) string { o.Set("new", "v"); return JSON(o) },
		func(o *Object) string { o.Append("z2", 1.0); return JSON(o) },
		func(o *Object) string { return fmt.Sprint(o.Delete("s"), JSON(o)) },
		func(o *Object) string { return fmt.Sprint(o.Keys()) },
		func(o *Object) string { k, v := o.At(0); return k + JSON(v) },
		func(o *Object) string { o.SetAt(1, "x"); return JSON(o) },
		func(o *Object) string { return JSON(o.Values()) },
		func(o *Object) string { return JSON(o.Clone()) },
		func(o *Object) string { return JSON(o.DeepClone()) },
		func(o *Object) string { return fmt.Sprint(ToGo(o)) },
		func(o *Object) string { o.Compact(); return JSON(o) },
		func(o *Object) string { return fmt.Sprint(DeepEqual(o, o.Clone())) },
		func(o *Object) string { return string(AppendIndentJSON(nil, o, "  ")) },
	}
	for i := 0; i < 300; i++ {
		line := randomRecord(rng, i)
		op := ops[rng.Intn(len(ops))]
		raw, err := ParseRecordRaw(line)
		if err != nil {
			t.Fatal(err)
		}
		if o := raw.(*Object); o.raw == nil {
			t.Fatal("the object was decoded when read")
		}
		if i%10 == 0 { // loaded records are kept in slices: no spare room
			probe, _ := ParseRecordRaw(line)
			if o := probe.(*Object); o.Len() != cap(o.fields) {
				t.Fatalf("a loaded record has room for %d keys, holds %d", cap(o.fields), o.Len())
			}
		}
		whole, _ := ParseObject([]byte(line))
		if g, w := op(raw.(*Object)), op(whole); g != w {
			t.Fatalf("%s: got %s, want %s", line, g, w)
		}
	}
	for _, in := range []string{`{"a":}`, `{"a":1`, `{"a":1} x`, ` [1]`, `"s"`, `null`, `{"a":[1,}`, ` {"a":1} `} {
		gv, gerr := ParseRecordRaw(in)
		wv, werr := ParseRecordString(in)
		if fmt.Sprint(gerr) != fmt.Sprint(werr) || JSON(gv) != JSON(wv) {
			t.Errorf("%q: got %s %v, want %s %v", in, JSON(gv), gerr, JSON(wv), werr)
		}
	}
}

// TestDecoderRecordsDoNotOverlap: records that share a Decoder's chunks
// (members, escaped text, arrays) each change on their own: growing,
// shrinking and rewriting one record, nested values included, leaves
// every other record as it was read, whatever the records' widths and
// with failed lines in between.
func TestDecoderRecordsDoNotOverlap(t *testing.T) {
	rng := rand.New(rand.NewSource(11))
	var dec Decoder
	var lines []string
	var recs []*Object
	for i := 0; i < 2000; i++ {
		line := randomRecord(rng, i)
		if rng.Intn(5) == 0 { // wide records: more members than a chunk has room left
			line = wideRecord(rng.Intn(200))
		}
		if rng.Intn(7) == 0 {
			if _, err := dec.ParseRecord(line[:len(line)/2]); err == nil {
				t.Fatalf("%s: no error", line[:len(line)/2])
			}
		}
		v, err := dec.ParseRecord(line)
		if err != nil {
			t.Fatal(err)
		}
		lines = append(lines, line)
		recs = append(recs, v.(*Object))
	}
	want := make([]string, len(lines))
	for i, l := range lines {
		o, _ := ParseObject([]byte(l))
		want[i] = JSON(o)
	}
	for i, o := range recs {
		if JSON(o) != want[i] {
			t.Fatalf("record %d reads %s, want %s", i, JSON(o), want[i])
		}
		if i%2 == 0 {
			continue // the odd ones change
		}
		o.Set("added", "x")
		o.Delete("f")
		ParsePath("nested.n[5]").Set(o, 1.0)
		ParsePath("arr[0]").Set(o, "changed")
		ParsePath("arr[7]").Set(o, "grown")
		ParsePath("nested.extra").Set(o, true)
		want[i] = JSON(o)
	}
	for i, o := range recs {
		if got := JSON(o); got != want[i] {
			t.Fatalf("record %d: %s, want %s", i, got, want[i])
		}
	}
}

func wideRecord(n int) string {
	var b strings.Builder
	b.WriteString(`{"id":"w\"ide"`)
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, `,"k%d":"v\t%d"`, i, i)
	}
	b.WriteString(`,"arr":[1,2,3,4,5],"nested":{"n":[]}}`)
	return b.String()
}

// TestSharedChunksMutateApart: the objects and arrays one decoder makes
// share chunks; growing, shrinking and rewriting each of them, in random
// order, gives what the same changes give on a deep copy whose values
// were each allocated on their own.
func TestSharedChunksMutateApart(t *testing.T) {
	rng := rand.New(rand.NewSource(29))
	for n := 0; n < 300; n++ {
		doc := `{"a":[{"x":1},{"y":[1,2]},[3],{}],"b":{"c":{"d":[{"e":1}]},"f":[]},"g":` + randomRecord(rng, n) + `}`
		var dec Decoder
		got, _ := ParseObject([]byte(doc))
		lazy, _ := dec.ParseRecord(doc)
		want := got.DeepClone()
		mutateAll(rand.New(rand.NewSource(int64(n))), got)
		mutateAll(rand.New(rand.NewSource(int64(n))), lazy.(*Object))
		mutateAll(rand.New(rand.NewSource(int64(n))), want)
		if JSON(got) != JSON(want) || JSON(lazy) != JSON(want) {
			t.Fatalf("%s:\n got  %s\n lazy %s\n want %s", doc, JSON(got), JSON(lazy), JSON(want))
		}
	}
}

// mutateAll changes every object and array reachable from o, children
// first, in an order and way drawn from rng.
func mutateAll(rng *rand.Rand, o *Object) {
	for i := 0; i < o.Len(); i++ {
		k, v := o.At(i)
		switch x := v.(type) {
		case *Object:
			mutateAll(rng, x)
		case []any:
			for j, e := range x {
				if c, ok := e.(*Object); ok {
					mutateAll(rng, c)
				}
				if rng.Intn(3) == 0 {
					x[j] = "r"
				}
			}
			for m := rng.Intn(6); m > 0; m-- {
				x = append(x, float64(m))
			}
			o.Set(k, x)
		}
	}
	for m := rng.Intn(7); m > 0; m-- {
		o.Set(fmt.Sprintf("n%d", m), float64(m))
	}
	if rng.Intn(2) == 0 && o.Len() > 0 {
		k, _ := o.At(rng.Intn(o.Len()))
		o.Delete(k)
	}
}

// TestUnreadMembersEncodeAsDecoded: a record's nested members that were
// never read are written as they came only when that is what decoding and
// encoding them gives (white space, escapes, repeated keys, numbers not
// written the canonical way are decoded and encoded).
func TestUnreadMembersEncodeAsDecoded(t *testing.T) {
	members := []string{`{"a":1}`, `{ "a": 1 }`, `{"a":"\n"}`, `{"a":"\u00e9"}`, `{"a":1,"a":2}`, `{"a":1.0}`,
		`{"a":1e2}`, `{"a":-0}`, `[1,2, 3]`, `[]`, `{}`, `["x","y"]`, `{"a":{"b":[1,{"c":null}]}}`, "{\"a\":\"\xff\"}",
		`[1e400]`, `{"a":12345678901234567890}`, `{"é":true}`}
	var dec Decoder
	for _, m := range members {
		for _, n := range members {
			line := `{"id":1,"m":` + m + `,"n":` + n + `}`
			v, err := dec.ParseRecord(line)
			if err != nil {
				t.Fatal(err)
			}
			whole, _ := ParseObject([]byte(line))
			if g, w := JSON(v), JSON(whole); g != w {
				t.Fatalf("%s: unread members encode as %s, want %s", line, g, w)
			}
			b, ok := AppendJSONMax(nil, v, len(JSON(whole))-1)
			if ok {
				t.Fatalf("%s: %s passed a limit one byte shorter", line, b)
			}
		}
	}
}
