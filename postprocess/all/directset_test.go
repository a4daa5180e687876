package all_test

import (
	"testing"

	"github.com/sluice-dev/sluice/postprocess"
	"github.com/sluice-dev/sluice/record"
)

// TestDirectSetAgreesWithPathSet: an operation whose source or destination
// is one key reads it or writes its result straight into the record; every operation of the
// registry, on its examples' inputs and on values that reach into the
// record (nested objects and arrays), in place and to other targets, with
// and without output:false and a Scratch, gives what writing through the
// destination path gives.
func TestDirectSetAgreesWithPathSet(t *testing.T) {
	layouts := []struct{ source, target, wrap string }{
		{"f", "f", `{"f":%s,"o":1}`},
		{"f", "f", `{"o":1,"f":%s,"p":2}`}, // in place at a key that is not the first
		{"f", "out", `{"f":%s,"o":1}`},
		{"f", "o", `{"f":%s,"o":1}`},         // over an existing key
		{"x.y", "x", `{"x":{"y":%s},"o":1}`}, // over the source's parent
		{"f", `["q"]`, `{"f":%s}`},           // one key, not written as one
		{"f", "a.b", `{"f":%s}`},
		{"f", "out", `{"o":1}`},          // missing
		{`["f"]`, "out", `{"f":%s}`},     // one key, not read as one
		{"x.y", "out", `{"x.y":%s}`},     // a path that is a key
		{"x.y", "x.y", `{"x":{"y":%s}}`}, // in place at a path
	}
	inputs := []string{`{"a":{"b":[1,{"c":2}]}}`, `[[1,2],{"a":"B"},"C"]`, `"x"`}
	var sc postprocess.Scratch
	n := 0
	for _, s := range postprocess.All() {
		if s.Kind == postprocess.Structural || s.Kind == postprocess.RecordValidator || s.Kind == postprocess.RecordTransform {
			continue
		}
		for _, ex := range s.Examples {
			for _, in := range append([]string{ex.Input}, inputs...) {
				for _, l := range layouts {
					for _, invert := range []bool{false, true} {
						n += checkDirectSet(t, s, ex.Args, in, l.source, l.target, l.wrap, invert, &sc)
					}
				}
			}
		}
	}
	if n < 2000 {
		t.Fatalf("only %d runs", n)
	}
}

func checkDirectSet(t *testing.T, s *postprocess.Spec, args, input, source, target, wrap string, invert bool, sc *postprocess.Scratch) int {
	t.Helper()
	rule := record.NewObject(0)
	if args != "" {
		var err error
		if rule, err = record.ParseObject([]byte(args)); err != nil {
			t.Fatal(err)
		}
	}
	fast, err := postprocess.NewOp(s, rule, source, nil, target, invert)
	if err != nil {
		return 0 // arguments that do not build here
	}
	slow := throughPath(fast)
	for _, scratch := range []*postprocess.Scratch{sc, nil} {
		a, errA := fast.RunIn(layoutRecord(t, wrap, input), scratch)
		b, errB := slow.RunIn(layoutRecord(t, wrap, input), scratch)
		if (errA != nil) != (errB != nil) || (a == nil) != (b == nil) || a != nil && record.JSON(a.Data) != record.JSON(b.Data) {
			t.Errorf("%s %s on %s, %s -> %s (invert %v): direct %v (%v), through the path %v (%v)",
				s.Name, args, input, source, target, invert, a, errA, b, errB)
		}
	}
	return 1
}

// throughPath is op as a literal of its exported fields: without what NewOp
// adds, it reads its source and writes every result through their paths
// (Path.Get, Path.Set), the slow paths the direct ones are tested against.
func throughPath(op *postprocess.Op) *postprocess.Op {
	return &postprocess.Op{Spec: op.Spec, Impl: op.Impl, Source: op.Source, Sources: op.Sources, Target: op.Target,
		InPlace: op.InPlace, Invert: op.Invert, KeepScalars: op.KeepScalars}
}

// TestTransformAnswerHoldingTheRecord: a field transform is handed the
// record, and an answer that holds it is copied, not written into the
// record itself (which would then contain itself), also at a one-key
// destination.
func TestTransformAnswerHoldingTheRecord(t *testing.T) {
	spec := &postprocess.Spec{Name: "holdRecord", Kind: postprocess.FieldTransform,
		Build: func(*postprocess.Args) (*postprocess.Impl, error) {
			return &postprocess.Impl{Transform: func(_ any, doc *record.Object) (any, error) {
				return []any{doc}, nil
			}}, nil
		}}
	op, err := postprocess.NewOp(spec, record.NewObject(0), "f", nil, "out", false)
	if err != nil {
		t.Fatal(err)
	}
	r, err := op.RunIn(layoutRecord(t, `{"f":%s}`, `1`), &postprocess.Scratch{})
	if err != nil || r == nil {
		t.Fatalf("got %v, %v", r, err)
	}
	if got, want := record.JSON(r.Data), `{"f":1,"out":[{"f":1}]}`; got != want {
		t.Fatalf("got %s, want %s", got, want)
	}
}
