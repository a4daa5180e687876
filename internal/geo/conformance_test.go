package geo

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/sluice-dev/sluice/internal/ndjson"
)

type confCase struct {
	ID    int    `json:"id"`
	Fn    string `json:"fn"`
	Kind  string `json:"kind"`
	Input any    `json:"input"`
	Want  any    `json:"want"`
	Note  string `json:"note"`
}

func loadCases(t *testing.T, fns ...string) []confCase {
	t.Helper()
	want := map[string]bool{}
	for _, fn := range fns {
		want[fn] = true
	}
	out, err := ndjson.Read("../../conformance/testdata/validators.ndjson", func(c *confCase) bool { return want[c.Fn] })
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// validatorResult applies the rule wrappers' array handling: field
// validators filter elements (nil dropped); the built-in geolocation
// validation throws on a nil element, which removes the whole array.
func validatorResult(c confCase, fn func(any) bool) bool {
	a, ok := c.Input.([]any)
	if !ok {
		return c.Input != nil && fn(c.Input)
	}
	any := false
	for _, e := range a {
		if e == nil {
			if c.Kind == "builtin_validation" {
				return false
			}
			continue
		}
		any = any || fn(e)
	}
	return any
}

func TestConformanceValidators(t *testing.T) {
	fns := map[string]func(any) bool{
		"geolocation": ValidGeolocation, "isGeoPoint": IsGeoPoint, "isGeoJSON": IsGeoJSON,
		"isGeoShapePoint": IsGeoShapePoint, "isGeoShapePolygon": IsGeoShapePolygon,
		"isGeoShapeMultiPolygon": IsGeoShapeMultiPolygon,
	}
	counts := map[string][2]int{}
	for _, c := range loadCases(t, "geolocation", "isGeoPoint", "isGeoJSON", "isGeoShapePoint", "isGeoShapePolygon", "isGeoShapeMultiPolygon") {
		got := validatorResult(c, fns[c.Fn])
		n := counts[c.Fn]
		n[1]++
		if got == c.Want {
			n[0]++
		} else {
			t.Errorf("case %d %s(%v) = %v, want %v %s", c.ID, c.Fn, c.Input, got, c.Want, c.Note)
		}
		counts[c.Fn] = n
	}
	for fn, n := range counts {
		t.Logf("%s %d/%d", fn, n[0], n[1])
	}
}

func TestConformanceToGeoPoint(t *testing.T) {
	cases := loadCases(t, "toGeoPoint")
	pass := 0
	for _, c := range cases {
		got, err := ToGeoPoint(c.Input)
		if err != nil {
			t.Errorf("case %d ToGeoPoint(%v) error %v", c.ID, c.Input, err)
			continue
		}
		b, _ := json.Marshal(got)
		var norm any
		_ = json.Unmarshal(b, &norm)
		if reflect.DeepEqual(norm, c.Want) {
			pass++
		} else {
			t.Errorf("case %d ToGeoPoint(%v) = %s, want %v", c.ID, c.Input, b, c.Want)
		}
	}
	t.Logf("toGeoPoint %d/%d", pass, len(cases))
}
