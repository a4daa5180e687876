package geo

import (
	"math"
	"testing"
)

// Expected values were produced by Node (Number(s), String(n), toFixed).
func TestStrToNumber(t *testing.T) {
	nan := math.NaN()
	cases := []struct {
		in   string
		want float64
	}{
		{"", 0}, {" ", 0}, {"0x1F", 31}, {"0X1f", 31}, {"0b101", 5}, {"0o17", 15},
		{"-0x10", nan}, {"1e3", 1000}, {"1E-3", 0.001}, {".5", 0.5}, {"5.", 5}, {"+.5", 0.5},
		{"-", nan}, {"+", nan}, {".", nan}, {"e5", nan}, {"1e", nan}, {"1_000", nan},
		{"Infinity", math.Inf(1)}, {"-Infinity", math.Inf(-1)}, {"+Infinity", math.Inf(1)},
		{"infinity", nan}, {" \u00a012\ufeff ", 12}, {"\u200b1", nan}, {"\u00851", nan},
		{"12abc", nan}, {"0x", nan}, {"0x1g", nan}, {"00012", 12}, {"1e400", math.Inf(1)},
		{"1e-400", 0}, {"0x10000000000000001", 18446744073709552000}, {"\u20281\u3000", 1},
		{"1.5e+2", 150}, {"--1", nan}, {"0.0000001", 1e-7}, {"0x_1", nan},
	}
	for _, c := range cases {
		got := strToNumber(c.in)
		if !(got == c.want || (got != got && c.want != c.want)) {
			t.Errorf("Number(%q) = %v, want %v", c.in, got, c.want)
		}
	}
	if got := strToNumber("-0"); got != 0 || !math.Signbit(got) {
		t.Errorf("Number(-0) = %v", got)
	}
}

func TestToNumberValues(t *testing.T) {
	cases := []struct {
		in   any
		want float64
	}{
		{nil, 0}, {true, 1}, {false, 0}, {2.5, 2.5}, {"7", 7}, {[]any{}, 0},
		{[]any{"5"}, 5}, {[]any{nil}, 0}, {[]any{1.0, 2.0}, math.NaN()},
		{map[string]any{}, math.NaN()},
	}
	for _, c := range cases {
		got := toNumber(c.in)
		if !(got == c.want || (got != got && c.want != c.want)) {
			t.Errorf("toNumber(%v) = %v, want %v", c.in, got, c.want)
		}
	}
}

func TestFormatNumber(t *testing.T) {
	cases := []struct {
		in   float64
		want string
	}{
		{0, "0"}, {math.Copysign(0, -1), "0"}, {1e21, "1e+21"}, {1e-7, "1e-7"},
		{123.456, "123.456"}, {1e-6, "0.000001"}, {0.000001234, "0.000001234"},
		{1.5e300, "1.5e+300"}, {-2.5, "-2.5"}, {100, "100"}, {1e20, "100000000000000000000"},
		{123456789012345680000, "123456789012345680000"}, {5e-324, "5e-324"},
		{0.30000000000000004, "0.30000000000000004"}, {math.NaN(), "NaN"}, {math.Inf(-1), "-Infinity"},
	}
	for _, c := range cases {
		if got := formatNumber(c.in); got != c.want {
			t.Errorf("String(%v) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestToFixed(t *testing.T) {
	cases := []struct {
		x    float64
		d    int
		want string
	}{
		{22.5, 0, "23"}, {-22.5, 0, "-23"}, {0.125, 2, "0.13"}, {1.005, 2, "1.00"},
		{2.5, 0, "3"}, {1e21, 2, "1e+21"}, {0, 3, "0.000"}, {-0.0001, 2, "-0.00"},
		{123.456, 10, "123.4560000000"}, {0.5, 0, "1"}, {1.45, 1, "1.4"}, {8.345, 2, "8.35"},
		{0.0625, 3, "0.063"}, {40.71331787109375, 4, "40.7133"},
	}
	for _, c := range cases {
		if got := toFixed(c.x, c.d); got != c.want {
			t.Errorf("(%v).toFixed(%d) = %q, want %q", c.x, c.d, got, c.want)
		}
	}
}

func TestJSString(t *testing.T) {
	cases := []struct {
		in   any
		want string
	}{
		{nil, "null"}, {"a", "a"}, {1.0, "1"}, {true, "true"},
		{[]any{1.0, nil, []any{"x", 2.0}}, "1,,x,2"}, {map[string]any{}, "[object Object]"},
	}
	for _, c := range cases {
		if got := jsString(c.in); got != c.want {
			t.Errorf("String(%v) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestTrimJS(t *testing.T) {
	if got := trimJS("\u3000\t a b \u2029\ufeff"); got != "a b" {
		t.Errorf("trimJS = %q", got)
	}
	if got := trimJS("\u0085x\u200b"); got != "\u0085x\u200b" {
		t.Errorf("trimJS must keep U+0085 and U+200B: %q", got)
	}
}
