package ipx

import (
	"encoding/json"
	"testing"

	"github.com/sluice-dev/sluice/internal/ndjson"
)

type confCase struct {
	ID    int             `json:"id"`
	Fn    string          `json:"fn"`
	Args  json.RawMessage `json:"args"`
	Input any             `json:"input"`
	Want  any             `json:"want"`
	Note  string          `json:"note"`
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

// anyElem mimics the rule wrappers: arrays are filtered element by element
// and the function-level expectation is whether any element survived.
func anyElem(v any, fn func(string) bool) bool {
	switch x := v.(type) {
	case string:
		return fn(x)
	case []any:
		for _, e := range x {
			if s, ok := e.(string); ok && fn(s) {
				return true
			}
		}
	}
	return false
}

func TestConformance(t *testing.T) {
	fns := map[string]func(string) bool{
		"isIP": IsIP, "ip": IsIP, "isRoutableIP": IsRoutable,
		"isNonRoutableIP": IsNonRoutable, "isCIDR": IsCIDR,
	}
	counts := map[string][2]int{}
	for _, c := range loadCases(t, "isIP", "ip", "isRoutableIP", "isNonRoutableIP", "isCIDR", "inIPRange") {
		fn := fns[c.Fn]
		if c.Fn == "inIPRange" {
			var a struct{ Cidr, Min, Max string }
			if err := json.Unmarshal(c.Args, &a); err != nil {
				t.Fatal(err)
			}
			fn = func(s string) bool { return InIPRange(s, a.Cidr, a.Min, a.Max) }
		}
		got := anyElem(c.Input, fn)
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
