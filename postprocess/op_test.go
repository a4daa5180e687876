package postprocess

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"unsafe"

	"github.com/sluice-dev/sluice/internal/jsre"
	"github.com/sluice-dev/sluice/record"
)

// TestAbortingFailures: a regex timeout or a value too large, returned by
// any function of an Impl under any wrapper, aborts the operation with that
// error (the record is dead-lettered), while any other error is the
// reference's throw (the wrapper's removal or drop, no error).
func TestAbortingFailures(t *testing.T) {
	type fail = func(error) *Impl
	cases := []struct {
		kind  Kind
		input string
		impl  fail
	}{
		{BuiltinValidation, `"x"`, func(e error) *Impl { return &Impl{Validate: func(any) (bool, error) { return false, e }} }},
		{BuiltinValidation, `["x"]`, func(e error) *Impl { return &Impl{Validate: func(any) (bool, error) { return false, e }} }},
		{BuiltinValidation, `"x"`, func(e error) *Impl {
			return &Impl{Normalize: func(any) (any, error) { return nil, e }, Validate: func(any) (bool, error) { return true, nil }}
		}},
		{BuiltinValidation, `["x"]`, func(e error) *Impl {
			return &Impl{Normalize: func(any) (any, error) { return nil, e }, Validate: func(any) (bool, error) { return true, nil }}
		}},
		{BuiltinTransform, `"x"`, func(e error) *Impl { return &Impl{String: func(string) (string, error) { return "", e }} }},
		{BuiltinTransform, `["x"]`, func(e error) *Impl { return &Impl{String: func(string) (string, error) { return "", e }} }},
		{FieldValidator, `"x"`, func(e error) *Impl { return &Impl{Validate: func(any) (bool, error) { return false, e }} }},
		{FieldValidator, `["x"]`, func(e error) *Impl { return &Impl{Validate: func(any) (bool, error) { return false, e }} }},
		{FieldTransform, `1`, func(e error) *Impl {
			return &Impl{Transform: func(any, *record.Object) (any, error) { return nil, e }}
		}},
		{FieldTransform, `"x"`, func(e error) *Impl {
			return &Impl{FromString: func(*Scratch, string) (any, error) { return nil, e }, Transform: func(any, *record.Object) (any, error) { return "y", nil }}
		}},
		{BuiltinSpecial, `"x"`, func(e error) *Impl {
			return &Impl{Transform: func(any, *record.Object) (any, error) { return nil, e }}
		}},
		{RecordValidator, `"x"`, func(e error) *Impl { return &Impl{Record: func(*record.Record) (bool, error) { return true, e }} }},
		{RecordTransform, `"x"`, func(e error) *Impl {
			return &Impl{RecordTx: func(*record.Record) (*record.Record, error) { return nil, e }}
		}},
	}
	for i, c := range cases {
		throw := errors.New("a throw")
		for _, e := range []error{jsre.ErrTimeout, fmt.Errorf("wrapped: %w", record.ErrTooLarge), throw} {
			op := &Op{Spec: &Spec{Name: "t", Kind: c.kind}, Impl: c.impl(e), Source: record.ParsePath("f"), Target: record.ParsePath("f"), InPlace: true}
			v, err := record.ParseJSONString(c.input)
			if err != nil {
				t.Fatal(err)
			}
			o := record.NewObject(2)
			o.Set("f", v)
			o.Set("other", 1.0)
			_, got := op.RunIn(record.New(o), &Scratch{})
			if aborts := e != throw; aborts && !errors.Is(got, e) || !aborts && got != nil {
				t.Errorf("case %d (%s on %s) with %q: error %v", i, c.kind, c.input, e, got)
			}
		}
	}
}

// TestScratchParseJSONIsDecoded: Scratch.ParseJSON gives what
// record.ParseJSONString gives, fully decoded: a value handed to another
// goroutine is read there while the Scratch goes on parsing (go test -race
// catches a nested value left to decode into the Scratch's memory).
func TestScratchParseJSONIsDecoded(t *testing.T) {
	docs := []string{`{"a":{"b":[1,{"c":"d"}]},"e":[{"f":null}],"g":"h"}`, `[{"a":1},[2]]`, `"s"`, `{}`, `{"a":1,"a":{"b":2}}`, `{bad`}
	var sc Scratch
	done := make(chan bool)
	for round := 0; round < 50; round++ {
		for _, doc := range docs {
			want, werr := record.ParseJSONString(doc)
			got, gerr := sc.ParseJSON(doc)
			if (werr != nil) != (gerr != nil) {
				t.Fatalf("%s: error %v, want %v", doc, gerr, werr)
			}
			if werr != nil {
				continue
			}
			go func() {
				done <- record.JSON(got) == record.JSON(want) && record.DeepEqual(got, want)
			}()
			sc.ParseJSON(docs[0]) // the Scratch is in use meanwhile
			if !<-done {
				t.Fatalf("%s: got %s", doc, record.JSON(got))
			}
		}
	}
}

// TestScratchCopiesShareChunks: a copy of a Scratch (a plan.State copied
// by value) never writes over the values the original boxed, or the
// reverse.
func TestScratchCopiesShareChunks(t *testing.T) {
	var sc Scratch
	a := sc.Box("a")
	c := sc
	b := c.Box("b")
	d := sc.Box("d")
	if a != "a" || b != "b" || d != "d" {
		t.Fatalf("boxed a, b, d; read %v, %v, %v", a, b, d)
	}
}

// TestScratchAppend: Append gives s itself when the text is s, else the
// text, which later Appends (reusing the buffer) leave alone; with a
// Scratch a short text takes no allocation of its own, without one it is
// still right.
func TestScratchAppend(t *testing.T) {
	upper := func(b []byte, s string) ([]byte, error) {
		for i := 0; i < len(s); i++ {
			c := s[i]
			if c == '!' {
				return b, errors.New("no !")
			}
			if 'a' <= c && c <= 'z' {
				c -= 'a' - 'A'
			}
			b = append(b, c)
		}
		return b, nil
	}
	for _, sc := range []*Scratch{{}, nil} {
		same := "ABC"
		if got, _ := sc.Append(same, upper); got != same || unsafe.StringData(got) != unsafe.StringData(same) {
			t.Errorf("Append(%q) = %q, not the input itself", same, got)
		}
		first, _ := sc.Append("abc", upper)
		if _, err := sc.Append("a!", upper); err == nil || err.Error() != "no !" {
			t.Errorf("Append of a failing function: %v", err)
		}
		second, _ := sc.Append("xyz", upper)
		if first != "ABC" || second != "XYZ" {
			t.Errorf("Append gave %q, %q; want ABC, XYZ", first, second)
		}
	}
	var sc Scratch
	sc.Append("warm up", upper)
	if n := testing.AllocsPerRun(100, func() { sc.Append("hello", upper) }); n > 0.05 {
		t.Errorf("Append with a Scratch: %v allocations per text", n)
	}
}

// TestScratchBoxText: a text built in Buffer and boxed by BoxText keeps
// its value while later texts are built in the same buffer; with a Scratch
// a short text takes no allocation of its own, without one it is still
// right.
func TestScratchBoxText(t *testing.T) {
	for _, sc := range []*Scratch{{}, nil} {
		first := sc.BoxText(append(sc.Buffer(), "first"...))
		b := append(sc.Buffer(), "SECOND"...)
		second := sc.BoxText(b)
		third := sc.BoxText(append(sc.Buffer(), "3"...))
		if first != "first" || second != "SECOND" || third != "3" {
			t.Errorf("BoxText gave %v, %v, %v; want first, SECOND, 3", first, second, third)
		}
	}
	var sc Scratch
	sc.BoxText(append(sc.Buffer(), "warm up"...))
	if n := testing.AllocsPerRun(100, func() { sc.BoxText(append(sc.Buffer(), "hello"...)) }); n > 0.05 {
		t.Errorf("BoxText with a Scratch: %v allocations per text", n)
	}
}

// TestScratchTextsOverManyChunks: texts of every length built in Buffer
// and kept by BoxText (short ones in the chunks, long ones on their own)
// keep their values over several chunks and, once the Scratch is
// recycled, texts kept in the reused chunks are right too.
func TestScratchTextsOverManyChunks(t *testing.T) {
	checkTextsOverChunks(t, func(sc *Scratch, text string) any { return sc.BoxText(append(sc.Buffer(), text...)) })
}

// checkTextsOverChunks keeps texts of every length with keep, three
// rounds of 400 with a recycle after each, and checks every text of a
// round after the round.
func checkTextsOverChunks(t *testing.T, keep func(sc *Scratch, text string) any) {
	t.Helper()
	var sc Scratch
	for round := 0; round < 3; round++ {
		var got []any
		var want []string
		for i := 0; i < 400; i++ {
			text := strings.Repeat(string(rune('a'+(i+round)%26)), (i*37)%700)
			got = append(got, keep(&sc, text))
			want = append(want, text)
		}
		for i := range got {
			if got[i] != want[i] {
				t.Fatalf("round %d: text %d is %q, want %q", round, i, got[i], want[i])
			}
		}
		sc.Recycle()
	}
}

// TestScratchRoom: texts built in Room and boxed by BoxRoom (where they
// were built; no room, nil, only for more than a chunk keeps) keep
// their values over several chunks and recycles, interleaved with texts
// kept by BoxText; a BoxRoom of a text built elsewhere, or without a
// Scratch, is right too.
func TestScratchRoom(t *testing.T) {
	checkTextsOverChunks(t, func(sc *Scratch, text string) any {
		n := len(text)
		room := sc.Room(n)
		if room == nil && n > 0 && n <= 512 || room != nil && (len(room) != 0 || cap(room) < n) {
			t.Fatalf("Room(%d): len %d cap %d", n, len(room), cap(room))
		}
		if room == nil {
			return sc.BoxText(append(sc.Buffer(), text...))
		}
		return sc.BoxRoom(append(room, text...))
	})
	var fresh Scratch
	for _, sc := range []*Scratch{&fresh, nil} {
		elsewhere := []byte("elsewhere")
		v := sc.BoxRoom(elsewhere)
		copy(elsewhere, "XXXX")
		if v != "elsewhere" {
			t.Errorf("BoxRoom of a text not built in the room gave %v", v)
		}
		if sc.Room(3) == nil && sc != nil {
			t.Errorf("no room for 3 bytes")
		}
	}
}
