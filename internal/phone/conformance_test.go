package phone

import (
	"encoding/json"
	"reflect"
	"sort"
	"testing"

	"github.com/sluice-dev/sluice/internal/ndjson"
)

const casesFile = "../../conformance/testdata/validators.ndjson"

type confCase struct {
	ID       int             `json:"id"`
	Fn       string          `json:"fn"`
	Kind     string          `json:"kind"`
	Args     map[string]any  `json:"args"`
	Input    any             `json:"input"`
	Want     any             `json:"want"`
	FnResult json.RawMessage `json:"fn_result"`
}

// expected returns the function-level expectation: fn_result when present
// (throws ⇒ wantErr), otherwise want.
func (c confCase) expected(t *testing.T) (want any, wantErr bool) {
	if len(c.FnResult) == 0 {
		return c.Want, false
	}
	var v any
	if err := json.Unmarshal(c.FnResult, &v); err != nil {
		t.Fatalf("case %d: fn_result: %v", c.ID, err)
	}
	if m, ok := v.(map[string]any); ok {
		if _, ok := m["throws"]; ok {
			return nil, true
		}
	}
	return v, false
}

func loadCases(t *testing.T, fns ...string) []confCase {
	t.Helper()
	want := map[string]bool{}
	for _, fn := range fns {
		want[fn] = true
	}
	out, err := ndjson.Read(casesFile, func(c *confCase) bool { return want[c.Fn] })
	if err != nil {
		t.Fatal(err)
	}
	if len(out) == 0 {
		t.Fatalf("no cases for %v", fns)
	}
	return out
}

// isdnRule emulates the built-in validation wrapper for isdn: whether the
// field survives (for arrays: whether any element survives).
func isdnRule(v any) bool {
	switch x := v.(type) {
	case nil:
		return false
	case []any:
		for _, e := range x {
			if e != nil && isdnRule(e) {
				return true
			}
		}
		return false
	}
	_, err := NormalizeISDN(v)
	return err == nil
}

func runCase(c confCase) (any, error) {
	switch c.Fn {
	case "isISDN":
		return IsISDN(c.Input), nil
	case "toISDN":
		return ToISDN(c.Input)
	case "isdn":
		return isdnRule(c.Input), nil
	}
	panic("unknown fn " + c.Fn)
}

func TestConformance(t *testing.T) {
	pass, total := map[string]int{}, map[string]int{}
	for _, c := range loadCases(t, "isISDN", "toISDN", "isdn") {
		want, wantErr := c.expected(t)
		got, err := runCase(c)
		total[c.Fn]++
		switch {
		case wantErr && err == nil:
			t.Errorf("case %d %s(%#v): got %#v, want an error", c.ID, c.Fn, c.Input, got)
		case !wantErr && err != nil:
			t.Errorf("case %d %s(%#v): error %v, want %#v", c.ID, c.Fn, c.Input, err, want)
		case !wantErr && !reflect.DeepEqual(got, want):
			t.Errorf("case %d %s(%#v) = %#v, want %#v", c.ID, c.Fn, c.Input, got, want)
		default:
			pass[c.Fn]++
		}
	}
	names := make([]string, 0, len(total))
	for n := range total {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		t.Logf("%s %d/%d", n, pass[n], total[n])
	}
}

// TestNormalizeISDNOutput checks the normalized digits of the isdn cases
// whose rule output is a string.
func TestNormalizeISDNOutput(t *testing.T) {
	tests := []struct{ in, want string }{
		{"1-808-915-6800", "18089156800"},
		{"1(480)384-7362", "14803847362"},
		{"14803847362", "14803847362"},
	}
	for _, tc := range tests {
		if got, err := NormalizeISDN(tc.in); err != nil || got != tc.want {
			t.Errorf("NormalizeISDN(%q) = %q, %v; want %q", tc.in, got, err, tc.want)
		}
	}
}
