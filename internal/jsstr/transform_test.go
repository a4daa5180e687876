package jsstr

import (
	"math"
	"reflect"
	"testing"
)

// Edge cases of the data-mate wrappers beyond the conformance file; the
// expectations follow data-mate's field-transform.ts line by line.
func TestTransformEdges(t *testing.T) {
	obj := map[string]any{"a": 1.0}
	tests := []struct {
		name    string
		fn      func() (any, error)
		want    any
		wantErr bool
	}{
		{"upper nil", func() (any, error) { return ToUpperCase(nil) }, nil, false},
		{"upper number", func() (any, error) { return ToUpperCase(5.0) }, nil, true},
		{"upper array number", func() (any, error) { return ToUpperCase([]any{"a", 1.0}) }, nil, true},
		{"lower array", func() (any, error) { return ToLowerCase([]any{"ΑΣ", nil}) }, []any{"ας"}, false},
		{"trim number", func() (any, error) { return TrimValue(123.0, "", false) }, "123", false},
		{"trim bool", func() (any, error) { return TrimValue(true, "t", true) }, "rue", false},
		{"trim object", func() (any, error) { return TrimValue(obj, "", false) }, nil, true},
		{"trim empty char", func() (any, error) { return TrimValue(" x\t", "", true) }, "x\t", false},
		{"trimStart number scalar", func() (any, error) { return TrimStartValue(123.0, "", false) }, nil, true},
		{"trimStart number element", func() (any, error) { return TrimStartValue([]any{123.0}, "1", true) }, []any{"23"}, false},
		{"trimStart empty char", func() (any, error) { return TrimStartValue("  x", "", true) }, "  x", false},
		{"trimEnd default ws", func() (any, error) { return TrimEndValue("x \u00a0\n", "", false) }, "x", false},
		{"truncate float size", func() (any, error) { return Truncate("abcdef", 2.7) }, "ab", false},
		{"truncate inf", func() (any, error) { return Truncate("abc", math.Inf(1)) }, "abc", false},
		{"truncate nil input", func() (any, error) { return Truncate(nil, nil) }, nil, false},
		{"truncate string size", func() (any, error) { return Truncate("abc", "2") }, nil, true},
		{"truncate zero", func() (any, error) { return Truncate("abc", 0.0) }, nil, true},
		{"camel number", func() (any, error) { return ToCamelCase(123.0) }, "123", false},
		{"camel object", func() (any, error) { return ToCamelCase(obj) }, "objectObject", false},
		{"pascal array", func() (any, error) { return ToPascalCase([]any{"a_b", nil, true}) }, []any{"AB", "True"}, false},
		{"title", func() (any, error) { return ToTitleCase("--foo-bar--") }, "Foo Bar", false},
		{"kebab", func() (any, error) { return ToKebabCase("fooBar") }, "foo-bar", false},
		{"snake", func() (any, error) { return ToSnakeCase("Foo Bar") }, "foo_bar", false},
		{"replaceRegex bad pattern", func() (any, error) { return ReplaceRegex("x", "(", "", false, false) }, nil, true},
		{"replaceRegex empty array, bad pattern", func() (any, error) { return ReplaceRegex([]any{nil}, "(", "", false, false) }, []any{}, false},
		{"replaceRegex number", func() (any, error) { return ReplaceRegex(5.0, "5", "", false, false) }, nil, true},
		{"replaceLiteral element", func() (any, error) { return ReplaceLiteralValue([]any{"a", 1.0}, "a", "b") }, nil, true},
		{"split array", func() (any, error) { return SplitString([]any{"a,b", nil}, ",", true) }, []any{[]any{"a", "b"}}, false},
		{"split no delimiter", func() (any, error) { return SplitString("a,b", "", false) }, []any{"a,b"}, false},
		{"split number", func() (any, error) { return SplitString(5.0, ",", true) }, nil, true},
		{"encodeURL elements", func() (any, error) { return EncodeURL([]any{123.0, obj, []any{"a b", nil}}) }, []any{"123", "%5Bobject%20Object%5D", "a%20b%2C"}, false},
		{"encodeURL number", func() (any, error) { return EncodeURL(5.0) }, nil, true},
		{"decodeURL element error", func() (any, error) { return DecodeURL([]any{"%"}) }, nil, true},
		{"decodeURL number element", func() (any, error) { return DecodeURL([]any{1e21}) }, []any{"1e+21"}, false},
	}
	for _, tc := range tests {
		got, err := tc.fn()
		if tc.wantErr {
			if err == nil {
				t.Errorf("%s: got %#v, want an error", tc.name, got)
			}
			continue
		}
		if err != nil || !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s: got %#v, %v; want %#v", tc.name, got, err, tc.want)
		}
	}
}

func TestNumberString(t *testing.T) {
	tests := map[float64]string{
		0: "0", math.Copysign(0, -1): "0", 1: "1", -1.5: "-1.5", 1e21: "1e+21", 1.5e21: "1.5e+21",
		123456789012345680000: "123456789012345680000", 0.000001: "0.000001", 1e-7: "1e-7",
		1.2345e-10: "1.2345e-10", math.NaN(): "NaN",
		math.Inf(-1): "-Infinity", 79525554602: "79525554602",
	}
	for f, want := range tests {
		if got := numberString(f); got != want {
			t.Errorf("numberString(%v) = %q, want %q", f, got, want)
		}
	}
	a, b := 0.1, 0.2
	if got := numberString(a + b); got != "0.30000000000000004" {
		t.Errorf("numberString(0.1+0.2) = %q", got)
	}
	if got := lodashString([]any{nil, math.Copysign(0, -1), []any{2.0, nil}}); got != "null,-0,2,null" {
		t.Errorf("lodashString = %q", got)
	}
}
