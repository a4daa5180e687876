package plan

import (
	"testing"

	"github.com/sluice-dev/sluice/record"
)

// An extraction from NewExtraction reads a one-key source through its
// record.Key; one built by hand reads it through the Path: both read the
// same values, on objects of different shapes one after the other (the
// key's cache remembering another object's position), dotted keys and
// missing keys included.
func TestKeyedSourceReadsAsPath(t *testing.T) {
	recs := []string{`{"a":1,"b":"x"}`, `{"b":"y","a":2}`, `{"b":"z"}`, `{"a.b":3,"a":{"b":4}}`, `{"a":null}`, `{}`, `{"":5}`}
	for _, src := range []string{"a", "b", "", "a.b"} {
		spec := ExtractionSpec{Source: src, Target: "t", HasSource: true}
		keyed, err := NewExtraction(RuleRef{}, spec, MultiUnset, false)
		if err != nil {
			t.Fatal(err)
		}
		hand := &Extraction{HasSource: true, Source: record.ParsePath(src), Direct: keyed.Direct, Target: record.ParsePath("t")}
		if keyed.Direct != !containsDot(src) || keyed.keyed != keyed.Direct {
			t.Fatalf("%q: direct %v, keyed %v", src, keyed.Direct, keyed.keyed)
		}
		for round := 0; round < 2; round++ {
			for _, rec := range recs {
				var st State
				o := obj(t, rec)
				k, h := record.NewObject(1), record.NewObject(1)
				ks, err1 := keyed.apply(o, k, o, &st)
				hs, err2 := hand.apply(o, h, o, &st)
				if ks != hs || err1 != nil || err2 != nil || record.JSON(k) != record.JSON(h) {
					t.Errorf("%q on %s: keyed %v %s, by hand %v %s", src, rec, ks, record.JSON(k), hs, record.JSON(h))
				}
			}
		}
	}
}
