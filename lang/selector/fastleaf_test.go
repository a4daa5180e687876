package selector

import (
	"math/rand"
	"testing"

	"github.com/sluice-dev/sluice/record"
)

// TestKeyStringAgreesWithKeyLeaf pins the string-term leaf against the
// general leaf with the same predicate, on values of every kind under the
// key: strings (equal, longer, empty, non-ASCII), numbers, booleans, null,
// objects, arrays mixing them (nested arrays too), a missing key.
func TestKeyStringAgreesWithKeyLeaf(t *testing.T) {
	values := []string{`"GET"`, `"get"`, `"GETS"`, `""`, `"é"`, `1`, `0`, `true`, `null`, `{"a":"GET"}`,
		`["GET"]`, `["x","GET"]`, `[]`, `[1,"GET",null]`, `[["GET"]]`, `[null]`, `["é",""]`, `"1"`}
	rng := rand.New(rand.NewSource(4))
	for _, want := range []string{"GET", "", "é", "1"} {
		fast := &keyString{key: record.NewKey("k"), want: want}
		slow := &keyLeaf{key: record.NewKey("k"), p: termString(want)}
		for i := 0; i < 2000; i++ {
			text := `{"a":1}`
			if i%len(values) != 0 || rng.Intn(2) == 0 { // now and then no "k" at all
				text = `{"a":1,"k":` + values[rng.Intn(len(values))] + `}`
			}
			o, err := record.ParseObject([]byte(text))
			if err != nil {
				t.Fatal(err)
			}
			if got, want := fast.match(o, nil), slow.match(o, nil); got != want {
				t.Fatalf("term %q on %s: fast %v, general %v", fast.want, text, got, want)
			}
		}
	}
}

// TestStringTermsUseKeyString: a plain string term on a key is built as
// the fast leaf (the test above pins it), other terms as the general one.
func TestStringTermsUseKeyString(t *testing.T) {
	for q, want := range map[string]bool{`host:www.example.com`: true, `host:"a b"`: true, `n:1`: false,
		`a.b:x`: false, `b:true`: false, `ip:"10.0.0.1"`: false} {
		m, err := Compile(q, Options{Types: map[string]string{"ip": "ip"}})
		if err != nil {
			t.Fatal(err)
		}
		if _, got := m.root.(*keyString); got != want {
			t.Errorf("%s: built as %T", q, m.root)
		}
	}
}
