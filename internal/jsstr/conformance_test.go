package jsstr

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

// builtinB emulates the deprecated built-in transform wrapper on a
// per-string function: strings are transformed, arrays keep the strings
// whose transform succeeded (nil when none), anything else is removed.
func builtinB(v any, fn func(string) (string, error)) any {
	switch x := v.(type) {
	case string:
		r, err := fn(x)
		if err != nil {
			return nil
		}
		return r
	case []any:
		var out []any
		for _, e := range x {
			if s, ok := e.(string); ok {
				if r, err := fn(s); err == nil {
					out = append(out, r)
				}
			}
		}
		if len(out) == 0 {
			return nil
		}
		return out
	}
	return nil
}

func noErr(fn func(string) string) func(string) (string, error) {
	return func(s string) (string, error) { return fn(s), nil }
}

// charArg reads a rule's char key: (value, true) for a string.
func charArg(args map[string]any) (string, bool) {
	s, ok := args["char"].(string)
	return s, ok
}

func strArg(args map[string]any, k string) string {
	s, _ := args[k].(string)
	return s
}

func boolArg(args map[string]any, k string) bool {
	b, _ := args[k].(bool)
	return b
}

func runCase(c confCase) (any, error) {
	a := c.Args
	switch c.Fn {
	case "toUpperCase":
		return ToUpperCase(c.Input)
	case "toLowerCase":
		return ToLowerCase(c.Input)
	case "trim":
		ch, ok := charArg(a)
		return TrimValue(c.Input, ch, ok)
	case "trimStart":
		ch, ok := charArg(a)
		return TrimStartValue(c.Input, ch, ok)
	case "trimEnd":
		ch, ok := charArg(a)
		return TrimEndValue(c.Input, ch, ok)
	case "truncate":
		return Truncate(c.Input, a["size"])
	case "toCamelCase":
		return ToCamelCase(c.Input)
	case "toKebabCase":
		return ToKebabCase(c.Input)
	case "toPascalCase":
		return ToPascalCase(c.Input)
	case "toSnakeCase":
		return ToSnakeCase(c.Input)
	case "toTitleCase":
		return ToTitleCase(c.Input)
	case "replaceRegex":
		return ReplaceRegex(c.Input, strArg(a, "regex"), strArg(a, "replace"), boolArg(a, "global"), boolArg(a, "ignoreCase"))
	case "replaceLiteral":
		return ReplaceLiteralValue(c.Input, strArg(a, "search"), strArg(a, "replace"))
	case "splitString":
		d, ok := a["delimiter"].(string)
		return SplitString(c.Input, d, ok)
	case "encodeURL":
		return EncodeURL(c.Input)
	case "decodeURL":
		return DecodeURL(c.Input)
	case "urlencode":
		return builtinB(c.Input, noErr(EncodeURIComponent)), nil
	case "urldecode":
		return builtinB(c.Input, DecodeURIComponent), nil
	case "lowercase":
		return builtinB(c.Input, noErr(ToLower)), nil
	case "uppercase":
		return builtinB(c.Input, noErr(ToUpper)), nil
	}
	panic("unknown fn " + c.Fn)
}

func TestConformance(t *testing.T) {
	fns := []string{"toUpperCase", "toLowerCase", "trim", "trimStart", "trimEnd", "truncate",
		"toCamelCase", "toKebabCase", "toPascalCase", "toSnakeCase", "toTitleCase", "replaceRegex",
		"replaceLiteral", "splitString", "encodeURL", "decodeURL", "urlencode", "urldecode",
		"lowercase", "uppercase"}
	pass, total := map[string]int{}, map[string]int{}
	for _, c := range loadCases(t, fns...) {
		want, wantErr := c.expected(t)
		got, err := runCase(c)
		total[c.Fn]++
		switch {
		case wantErr && err == nil:
			t.Errorf("case %d %s(%#v, %v): got %#v, want an error", c.ID, c.Fn, c.Input, c.Args, got)
		case !wantErr && err != nil:
			t.Errorf("case %d %s(%#v, %v): error %v, want %#v", c.ID, c.Fn, c.Input, c.Args, err, want)
		case !wantErr && !reflect.DeepEqual(got, want):
			t.Errorf("case %d %s(%#v, %v) = %#v, want %#v", c.ID, c.Fn, c.Input, c.Args, got, want)
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
