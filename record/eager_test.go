package record

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// A record's nested member is kept as text until read; where the first
// records with that key in that place mostly had it read, later records
// decode it at once. A member no one reads stays text. Either way the
// values are the same.
func TestNestedMembersReadOftenAreDecodedAtOnce(t *testing.T) {
	freshShapeTree() // room for the test's places, whatever ran before
	read, unread := t.Name()+"-read", t.Name()+"-unread"
	var d Decoder
	for i := range 40 {
		line := fmt.Sprintf(`{"n":%d,%q:{"x":%d,"y":[%d]},%q:[1,{"z":2}]}`, i, read, i, i, unread)
		v, err := d.ParseRecord(line)
		if err != nil {
			t.Fatal(err)
		}
		o := v.(*Object)
		wantLazy := i < eagerReads // the 24th read makes the place eager
		if got := isLazy(o.fields[1].val); got != wantLazy {
			t.Fatalf("record %d: %s kept as text %v, want %v", i, read, got, wantLazy)
		}
		if !isLazy(o.fields[2].val) {
			t.Fatalf("record %d: %s was decoded though no record reads it", i, unread)
		}
		got, _ := o.Get(read)
		if want := fmt.Sprintf(`{"x":%d,"y":[%d]}`, i, i); JSON(got) != want {
			t.Fatalf("record %d: %s = %s, want %s", i, read, JSON(got), want)
		}
		if JSON(o) != line {
			t.Fatalf("record %d: %s, want %s", i, JSON(o), line)
		}
	}
}

// A record's nested member is validated by skipping it or read by decoding
// it, depending on what earlier records did (Shape.eager): a malformed one
// must give the same error either way, or a dead letter's reason would
// depend on the records before it. Mutations of valid nested values, read
// both ways.
func TestSkippedAndDecodedMembersFailAlike(t *testing.T) {
	seeds := []string{`{"a":[1,2.5,-3e2,{"b":"x\"y"}],"c":{"d":null,"e":true,"f":false}}`,
		`[{"k":"v"},["\u00e9",[]],{},"a\\b",0]`, `{"s":"tab\tx","u":"\ud83d\ude00","n":-0.0e+1}`}
	rng := rand.New(rand.NewPCG(7, 8))
	tokens := []string{",", "}", "]", "{", "[", ":", `"`, `\`, "0", "01", "-", ".", "e", "t", "n", " ", "\x01", "x", ""}
	tried := 0
	for _, seed := range seeds {
		for range 3000 {
			at := rng.IntN(len(seed) + 1)
			cut := min(len(seed), at+rng.IntN(3))
			bad := seed[:at] + tokens[rng.IntN(len(tokens))] + seed[cut:]
			line := `{"n":1,"r":` + bad + `}`
			lazy := decoder{s: line, lazy: true}
			_, lazyErr := lazy.top()
			eager := decoder{s: line}
			_, eagerErr := eager.top()
			if fmt.Sprint(lazyErr) != fmt.Sprint(eagerErr) {
				t.Fatalf("%s:\n skipped: %v\n decoded: %v", line, lazyErr, eagerErr)
			}
			if lazyErr != nil {
				tried++
			}
		}
	}
	if tried < 1000 {
		t.Fatalf("only %d of the mutations were malformed", tried)
	}
}
