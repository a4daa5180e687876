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

// An extraction from NewExtraction writes a one-key target with Set; one
// built by hand goes through setNew: both write the same, into an empty
// output and into one that has the key, or keys the path goes through,
// already.
func TestOneKeyTargetSetsAsPath(t *testing.T) {
	outs := []string{`{}`, `{"t":0,"u":1}`, `{"a":{"b":0}}`, `{"a.b":0,"a":1}`, `{"":0}`, `{"x.y":0}`}
	for _, target := range []string{"t", "u", "", "a.b", `["x.y"]`, "a[0]", "[a]", "a..b"} {
		spec := ExtractionSpec{Source: "s", Target: target, HasSource: true}
		oneKey, err := NewExtraction(RuleRef{}, spec, MultiUnset, false)
		if err != nil {
			t.Fatal(err)
		}
		hand := &Extraction{HasSource: true, Source: record.ParsePath("s"), Direct: true, Target: record.ParsePath(target)}
		if oneKey.oneKeyTarget != (len(oneKey.Target.Segments()) == 1) {
			t.Fatalf("%q: one key %v, segments %q", target, oneKey.oneKeyTarget, oneKey.Target.Segments())
		}
		src := obj(t, `{"s":"v"}`)
		for _, out := range outs {
			var st State
			a, b := obj(t, out), obj(t, out)
			as, err1 := oneKey.apply(src, a, src, &st)
			bs, err2 := hand.apply(src, b, src, &st)
			if as != bs || err1 != nil || err2 != nil || record.JSON(a) != record.JSON(b) {
				t.Errorf("%q into %s: one key %v %s, by hand %v %s", target, out, as, record.JSON(a), bs, record.JSON(b))
			}
		}
	}
}

// A plain copy (one key to one key, nothing applied) copies a nested member
// still kept as text undecoded (record.Object.SetFrom): into a fork it
// writes, and reports, what reading the value and setting it does, on
// records decoded lazily, for members of every kind (canonical text or
// not, null, missing).
func TestPlainCopyAgreesWithGetSet(t *testing.T) {
	recs := []string{`{"items":[{"a":1},{"b":"x"}],"n":1}`, `{"items": [ {"a" : 1.0} ] }`, `{"items":{"k":1,"k":2}}`,
		`{"items":["\u00e9","\ud800"]}`, `{"items":[]}`, `{"items":null}`, `{"items":"s"}`, `{"n":1}`}
	fast, err := NewExtraction(RuleRef{}, ExtractionSpec{Source: "items", Target: "big", HasSource: true}, MultiUnset, false)
	if err != nil || !fast.plain {
		t.Fatalf("not a plain copy: %v", err)
	}
	slow := &Extraction{HasSource: true, Source: record.ParsePath("items"), Direct: true, Target: record.ParsePath("big")}
	for _, rec := range recs {
		var st State
		a, b := lazyObj(t, rec), lazyObj(t, rec)
		fa, fb := record.NewObject(1), record.NewObject(1)
		sa, err1 := fast.apply(a, fa, a, &st)
		sb, err2 := slow.apply(b, fb, b, &st)
		if sa != sb || err1 != nil || err2 != nil || record.JSON(fa) != record.JSON(fb) || record.JSON(a) != record.JSON(b) {
			t.Errorf("%s: plain copy %v %s (source %s), by hand %v %s (source %s)", rec, sa, record.JSON(fa), record.JSON(a), sb, record.JSON(fb), record.JSON(b))
		}
	}
}

func lazyObj(t *testing.T, s string) *record.Object {
	t.Helper()
	v, err := record.ParseRecordString(s)
	if err != nil {
		t.Fatal(err)
	}
	return v.(*record.Object)
}
