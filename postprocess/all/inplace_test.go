package all_test

import (
	"strings"
	"testing"

	"github.com/sluice-dev/sluice/postprocess"
	"github.com/sluice-dev/sluice/record"
)

// TestInPlaceValidationWritesNothing: a validation in place leaves a value
// that passes where it is, which is what writing it back gives: every
// validation of the registry, on its examples' inputs, at a top-level key,
// a nested path, a key with a dot in it and an array element, with and
// without output:false, agrees with the same operation writing its result
// back through the target path.
func TestInPlaceValidationWritesNothing(t *testing.T) {
	layouts := []struct{ path, wrap string }{
		{"f", `{"f":%s,"o":1}`},
		{"x.y", `{"x":{"y":%s,"z":2},"o":1}`},
		{"x.y", `{"x.y":%s,"o":1}`},
		{"a[1]", `{"a":[0,%s],"o":1}`},
		{"f", `{"o":1}`}, // missing
		{"f", `{}`},      // missing from an empty record
	}
	n := 0
	for _, s := range postprocess.All() {
		if !s.Kind.IsValidation() || s.Kind == postprocess.RecordValidator {
			continue
		}
		for _, ex := range s.Examples {
			for _, l := range layouts {
				for _, invert := range []bool{false, true} {
					rule, err := exampleArgs(ex.Args)
					if err != nil {
						t.Fatal(err)
					}
					fast, err := postprocess.NewOp(s, rule, l.path, nil, l.path, invert)
					if err != nil {
						continue // examples whose arguments do not build here
					}
					slow := *fast
					slow.InPlace = false // writes back through Target, the same path
					a, errA := fast.Run(layoutRecord(t, l.wrap, ex.Input))
					b, errB := slow.Run(layoutRecord(t, l.wrap, ex.Input))
					if (errA != nil) != (errB != nil) || (a == nil) != (b == nil) || a != nil && record.JSON(a.Data) != record.JSON(b.Data) {
						t.Errorf("%s %s on %s at %s (invert %v): in place %v (%v), written back %v (%v)",
							s.Name, ex.Args, ex.Input, l.path, invert, a, errA, b, errB)
					}
					n++
				}
			}
		}
	}
	if n < 500 {
		t.Fatalf("only %d runs", n)
	}
}

func exampleArgs(args string) (*record.Object, error) {
	if args == "" {
		return record.NewObject(0), nil
	}
	return record.ParseObject([]byte(args))
}

func layoutRecord(t *testing.T, wrap, input string) *record.Record {
	t.Helper()
	text := strings.Replace(wrap, "%s", input, 1)
	o, err := record.ParseObject([]byte(text))
	if err != nil {
		t.Fatalf("%s: %v", text, err)
	}
	return record.New(o)
}
