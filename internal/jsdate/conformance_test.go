package jsdate

import (
	"reflect"
	"testing"
	"time"

	"github.com/sluice-dev/sluice/internal/ndjson"
)

// confCase is one line of conformance/testdata/validators.ndjson.
type confCase struct {
	ID       int            `json:"id"`
	Fn       string         `json:"fn"`
	Args     map[string]any `json:"args"`
	Input    any            `json:"input"`
	Want     any            `json:"want"`
	FnResult any            `json:"fn_result"`
}

// confNow is the fixed "now" of the conformance tests (cases comparing
// with now use years far from it).
var confNow = time.Date(2025, 6, 1, 12, 0, 0, 0, time.UTC)

func loadConformance(t *testing.T, fns ...string) []confCase {
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

// pluginArg is what the validator.js plugin passes: `value || config`.
func pluginArg(args map[string]any) any {
	if v, ok := args["value"]; ok && Truthy(v) {
		return v
	}
	return args
}

func TestConformanceAfterBefore(t *testing.T) {
	cases := loadConformance(t, "after", "before")
	counts := map[string]int{}
	clock := func() time.Time { return confNow }
	for _, c := range cases {
		fn := bindCompare(pluginArg(c.Args), c.Fn == "after", clock)
		s, isString := c.Input.(string)
		got := isString && fn(s) // validator's assertString throws otherwise
		if got != c.Want {
			t.Errorf("case %d %s(%#v, %v) = %v, want %v", c.ID, c.Fn, c.Input, c.Args, got, c.Want)
			continue
		}
		counts[c.Fn]++
	}
	t.Logf("after %d, before %d of %d", counts["after"], counts["before"], len(cases))
}

// wantResult is a case's function-level result: fn_result, else want.
func wantResult(c confCase) (want any, throws bool) {
	r := c.FnResult
	if r == nil {
		r = c.Want
	}
	if m, ok := r.(map[string]any); ok {
		if _, ok := m["throws"]; ok {
			return m["throws"], true
		}
	}
	return r, false
}

func TestConformanceTransforms(t *testing.T) {
	cases := loadConformance(t, "toUnixTime", "toISO8601", "formatDate", "parseDate")
	counts := map[string]int{}
	for _, c := range cases {
		got, err := runTransform(c)
		want, throws := wantResult(c)
		switch {
		case throws && err == nil:
			t.Errorf("case %d %s(%#v) = %#v, want throw %v", c.ID, c.Fn, c.Input, got, want)
		case throws && err.Error() != want:
			t.Errorf("case %d %s(%#v) error %q, want %q", c.ID, c.Fn, c.Input, err, want)
		case !throws && err != nil:
			t.Errorf("case %d %s(%#v) error %v, want %#v", c.ID, c.Fn, c.Input, err, want)
		case !throws && !reflect.DeepEqual(got, want):
			t.Errorf("case %d %s(%#v) = %#v, want %#v", c.ID, c.Fn, c.Input, got, want)
		default:
			counts[c.Fn]++
		}
	}
	t.Logf("passed %v of %d", counts, len(cases))
}

func runTransform(c confCase) (any, error) {
	switch c.Fn {
	case "toUnixTime":
		ms, _ := c.Args["ms"].(bool)
		return ToUnixTimeValue(c.Input, ms)
	case "toISO8601":
		return ToISO8601Value(c.Input, c.Args["resolution"])
	case "formatDate":
		format, _ := c.Args["format"].(string)
		res, _ := c.Args["resolution"].(string)
		return FormatDateValue(c.Input, format, res)
	}
	format, _ := c.Args["format"].(string)
	r, err := ParseDateValue(c.Input, format, confNow)
	return isoStrings(r), err
}

// isoStrings renders parseDate's Date results as JSON does (ISO strings).
func isoStrings(v any) any {
	switch x := v.(type) {
	case float64:
		s, _ := ToISOString(x)
		return s
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = isoStrings(e)
		}
		return out
	}
	return v
}
