package datamate

import (
	"testing"

	"github.com/sluice-dev/sluice/internal/jsdate"
	"github.com/sluice-dev/sluice/postprocess"
	"github.com/sluice-dev/sluice/record"
)

// TestFunctionLevel checks the bound functions themselves (no rule
// wrapper) against `want` (validators: the data-mate result, a throw being
// false) and `fn_result` (transforms: the value returned, or a throw).
func TestFunctionLevel(t *testing.T) {
	n := 0
	for _, c := range loadCases(t) {
		s := specByName(c.Fn)
		if s.Kind != postprocess.FieldValidator && s.Kind != postprocess.FieldTransform {
			continue
		}
		impl, err := s.Build(postprocess.NewArgs(ruleArgs(t, c.Args)))
		if err != nil {
			if d, ok := deviations[c.ID]; !ok || d.got != "build error" {
				t.Errorf("case %d %s: build: %v", c.ID, c.Fn, err)
			}
			continue
		}
		input := mustParse(t, c.Input)
		if s.Kind == postprocess.FieldValidator {
			ok, err := impl.Validate(input)
			if want := string(c.Want) == "true"; (ok && err == nil) != want {
				t.Errorf("case %d %s args=%s input=%s: got %v (%v), want %v", c.ID, c.Fn, c.Args, c.Input, ok, err, want)
			}
			n++
			continue
		}
		checkTransform(t, c, impl, input)
		n++
	}
	t.Logf("%d function-level cases", n)
}

func checkTransform(t *testing.T, c confCase, impl *postprocess.Impl, input any) {
	t.Helper()
	got, err := impl.Transform(input, nil)
	want := mustParse(t, c.FnResult)
	if o, ok := want.(*record.Object); ok && o.Has("throws") {
		if err == nil {
			t.Errorf("case %d %s input=%s: got %s, want a throw (%s)", c.ID, c.Fn, c.Input, record.JSON(got), c.FnResult)
		}
		return
	}
	if c.Fn == "parseDate" {
		got = isoDates(got)
	}
	if err != nil || !record.DeepEqual(got, want) {
		t.Errorf("case %d %s args=%s input=%s: got %s (%v), want %s", c.ID, c.Fn, c.Args, c.Input, record.JSON(got), err, c.FnResult)
	}
}

// isoDates turns parseDate's epoch milliseconds into the ISO strings the
// reference's Date objects serialise to.
func isoDates(v any) any {
	switch x := v.(type) {
	case float64:
		s, _ := jsdate.ToISOString(x)
		return s
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = isoDates(e)
		}
		return out
	}
	return v
}
