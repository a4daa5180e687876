package l10n

import (
	"math"
	"testing"
)

var point1, point2 = 0.1, 0.2
var point3 = point1 + point2

func TestJSNumberToString(t *testing.T) {
	tests := []struct {
		in   float64
		want string
	}{
		{1, "1"}, {1.5, "1.5"}, {-2.25, "-2.25"}, {100, "100"}, {1e20, "100000000000000000000"},
		{1e21, "1e+21"}, {1.5e300, "1.5e+300"}, {1e-6, "0.000001"}, {1e-7, "1e-7"}, {5e-7, "5e-7"},
		{1.23e-20, "1.23e-20"}, {point3, "0.30000000000000004"}, {math.Copysign(0, -1), "0"},
		{math.NaN(), "NaN"}, {math.Inf(1), "Infinity"}, {math.Inf(-1), "-Infinity"}, {123456.789, "123456.789"},
	}
	for _, tt := range tests {
		if got := jsNumberToString(tt.in); got != tt.want {
			t.Errorf("jsNumberToString(%v) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestJSStringToNumber(t *testing.T) {
	nan := math.NaN()
	tests := []struct {
		in   string
		want float64
	}{
		{"", 0}, {"  ", 0}, {" 12 ", 12}, {"\u00a01\u2028", 1}, {"0x10", 16}, {"0X1f", 31}, {"-0x10", nan},
		{"0b101", 5}, {"0o17", 15}, {"0x", nan}, {"0x1_0", nan}, {"1e3", 1000}, {".5", 0.5}, {"5.", 5},
		{"+.5e1", 5}, {"1e", nan}, {"abc", nan}, {"Infinity", math.Inf(1)}, {"-Infinity", math.Inf(-1)},
		{"infinity", nan}, {"1_000", nan}, {"007", 7}, {"1e400", math.Inf(1)}, {"--1", nan}, {".", nan},
	}
	for _, tt := range tests {
		got := jsStringToNumber(tt.in)
		if got != tt.want && !(math.IsNaN(got) && math.IsNaN(tt.want)) {
			t.Errorf("jsStringToNumber(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
}

func TestJSParseFloat(t *testing.T) {
	nan := math.NaN()
	tests := []struct {
		in   string
		want float64
	}{
		{"1.5abc", 1.5}, {"-.5e3x", -500}, {"e5", nan}, {"  3", 3}, {"Infinityx", math.Inf(1)},
		{"1e", 1}, {"1e+", 1}, {".", nan}, {"-.", nan}, {"+e5", nan}, {"1٫5", 1}, {"1.2.3", 1.2},
		{"1undefined5", 1}, {"", nan},
	}
	for _, tt := range tests {
		got := jsParseFloat(tt.in)
		if got != tt.want && !(math.IsNaN(got) && math.IsNaN(tt.want)) {
			t.Errorf("jsParseFloat(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
}

func TestJSToStringAndTruthy(t *testing.T) {
	tests := []struct {
		in     any
		want   string
		truthy bool
	}{
		{nil, "null", false}, {true, "true", true}, {false, "false", false}, {0.0, "0", false},
		{math.NaN(), "NaN", false}, {"", "", false}, {"x", "x", true}, {[]any{}, "", true},
		{[]any{"a", nil, 1.0, []any{2.0, 3.0}}, "a,,1,2,3", true}, {map[string]any{}, "[object Object]", true},
		{5, "5", true},
	}
	for _, tt := range tests {
		if got := jsToString(tt.in); got != tt.want {
			t.Errorf("jsToString(%#v) = %q, want %q", tt.in, got, tt.want)
		}
		if got := jsTruthy(tt.in); got != tt.truthy {
			t.Errorf("jsTruthy(%#v) = %v, want %v", tt.in, got, tt.truthy)
		}
	}
}

func TestJSStrings(t *testing.T) {
	if got := jsTrim("\ufeff\u3000 a b\u2029\t"); got != "a b" {
		t.Errorf("jsTrim = %q", got)
	}
	if got := jsTrim("\u0085a\u180e"); got != "\u0085a\u180e" {
		t.Errorf("jsTrim must keep U+0085/U+180E, got %q", got)
	}
	if got := utf16Len("a😀é"); got != 4 {
		t.Errorf("utf16Len = %d", got)
	}
	for in, want := range map[string]string{"ßa": "SSA", "ſ1": "S1", "ı": "I", "ﬃx": "FFIX", "abc": "ABC"} {
		if got := jsUpper(in); got != want {
			t.Errorf("jsUpper(%q) = %q, want %q", in, got, want)
		}
	}
}
