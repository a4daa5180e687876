package record

import (
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
)

// setFromTexts are records whose "m" member is copied: nested values kept
// as text (canonical or not: spaces, escapes, duplicate keys, numbers
// written another way), scalars, null and a missing key.
var setFromTexts = []string{
	`{"m":[{"a":1},{"b":"x"}],"n":1}`,
	`{"n":1,"m":{"a":[1,2,{"c":null}]}}`,
	`{"m": [ {"a" : 1} ] , "n":2}`,
	`{"m":["\u00e9\n","\ud800","a\u2028b"]}`,
	`{"m":{"k":null,"k":2}}`,
	`{"m":[1.0,-0,1e21,0.1e1,123456789012345678901]}`,
	`{"m":[],"o":{}}`,
	`{"m":{}}`,
	`{"m":"s"}`,
	`{"m":5}`,
	`{"m":null}`,
	`{"n":1}`,
	"{\"m\":[\"\xff\xfe\"]}",
}

// TestSetFromAgreesWithGetSet: SetFrom stores and reports what Get and Set
// of the value store and report (a value of null or undefined is not
// stored), writes the same JSON, and leaves the source writing what it
// did; the records are decoded lazily, with and without a Decoder's memory.
func TestSetFromAgreesWithGetSet(t *testing.T) {
	var dec Decoder
	parsers := map[string]func(string) (any, error){"plain": ParseRecordString, "decoder": dec.ParseRecord}
	for name, parse := range parsers {
		k := freshKey()
		key := NewKey(k)
		for round := 0; round < 2; round++ { // the second with the key's cache set
			for _, text := range setFromTexts {
				text = strings.ReplaceAll(text, `"m"`, strconv.Quote(k))
				fast, slow := parseObj(t, parse, text), parseObj(t, parse, text)
				want := JSON(slow)
				dst, ref := NewObject(2), NewObject(2)
				dst.Set("x", 1.0)
				ref.Set("x", 1.0)
				v, ok := slow.Get(k)
				okRef := ok && !IsNil(v)
				if okRef {
					ref.Set("t", v)
				}
				if got := dst.SetFrom("t", fast, key); got != okRef || JSON(dst) != JSON(ref) || JSON(fast) != want {
					t.Errorf("%s %s: SetFrom %v %s (source %s), want %v %s (%s)", name, text, got, JSON(dst), JSON(fast), okRef, JSON(ref), want)
				}
			}
		}
	}
}

// TestSetFromSharesOneValue: a nested member copied undecoded is one value
// in both objects, as in JavaScript: changed in place through either
// holder, both write the change, and both read the same value, whichever
// holder decodes it first.
func TestSetFromSharesOneValue(t *testing.T) {
	for _, text := range []string{`{"m":[{"a":1}]}`, `{"m": {"a" : 1}}`} {
		for _, first := range []string{"source", "copy"} {
			k := freshKey()
			key := NewKey(k)
			src := parseObj(t, ParseRecordString, strings.Replace(text, `"m"`, strconv.Quote(k), 1))
			if !isLazy(src.fields[0].val) {
				t.Fatalf("%s: the member was decoded at once", text)
			}
			dst := NewObject(1)
			if !dst.SetFrom("t", src, key) {
				t.Fatalf("%s: not copied", text)
			}
			holder, name := src, k
			if first == "copy" {
				holder, name = dst, "t"
			}
			v, _ := holder.Get(name)
			var changed string
			switch x := v.(type) {
			case []any:
				x[0] = "changed"
				changed = `["changed"]`
			case *Object:
				x.Set("a", "changed")
				changed = `{"a":"changed"}`
			}
			if JSON(src) != `{"`+k+`":`+changed+`}` || JSON(dst) != `{"t":`+changed+`}` {
				t.Errorf("%s, changed through the %s: source %s, copy %s", text, first, JSON(src), JSON(dst))
			}
			a, _ := src.Get(k)
			b, _ := dst.Get("t")
			if !sameValue(a, b) {
				t.Errorf("%s, decoded through the %s: the holders read two values", text, first)
			}
		}
	}
}

// sameValue reports whether a and b are one object or array.
func sameValue(a, b any) bool {
	ida, idb := identity(a), identity(b)
	return ida != nil && ida == idb
}

func parseObj(t *testing.T, parse func(string) (any, error), s string) *Object {
	t.Helper()
	v, err := parse(s)
	if err != nil {
		t.Fatalf("%s: %v", s, err)
	}
	return v.(*Object)
}

var freshKeys atomic.Int64

// freshKey is a key no record had before: records with it get a new shape,
// whose nested member is kept as text (not yet eager, Shape.eager).
func freshKey() string { return "setFrom" + strconv.FormatInt(freshKeys.Add(1), 10) }
