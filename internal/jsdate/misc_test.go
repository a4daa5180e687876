package jsdate

import (
	"math"
	"testing"
	"time"
)

func TestBindCompare(t *testing.T) {
	now := time.Date(2025, 6, 1, 12, 0, 0, 500e6, time.UTC)
	clock := func() time.Time { return now }
	// expected values from validator.js 13.15.35 under Node 20
	cases := []struct {
		arg   any
		after bool
		in    string
		want  bool
	}{
		{map[string]any{}, true, "2100-01-01", true},
		{map[string]any{"comparisonDate": 5.0}, true, "2100-01-01", false}, // throws
		{[]any{}, true, "2100-01-01", true},
		{"", true, "2100-01-01", true},
		{0.0, true, "2100-01-01", true},
		{nil, true, "2100-01-01", false}, // null.comparisonDate throws
		{map[string]any{"comparisonDate": ""}, true, "2100-01-01", true},
		{map[string]any{"comparisonDate": "2200-01-01"}, true, "2100-01-01", false},
		{map[string]any{"comparisonDate": "2200-01-01"}, false, "2100-01-01", true},
		{true, true, "2100-01-01", false}, // assertString throws
		{"2011-08-03", true, "2011-08-03", false},
		{"invalid", false, "1999-01-01", false},
		{"2011-08-03", false, "invalid", false},
		// now is truncated to the second (Date().toString())
		{map[string]any{}, true, "2025-06-01T12:00:00.001Z", true},
		{map[string]any{}, false, "2025-06-01T12:00:00.000Z", false},
	}
	for _, c := range cases {
		if got := bindCompare(c.arg, c.after, clock)(c.in); got != c.want {
			t.Errorf("bind(%#v, after=%v)(%q) = %v, want %v", c.arg, c.after, c.in, got, c.want)
		}
	}
	if !BindAfter("1970-01-01")("2000-01-01") || !BindBefore(map[string]any{})("1970-01-01") {
		t.Error("BindAfter / BindBefore with the real clock")
	}
	if !IsAfter("2100-01-01", "", false, now) || IsBefore("2100-01-01", "", false, now) ||
		!IsBefore("2010-07-02", "08/04/2011", true, now) || IsAfter("x", "2000", true, now) {
		t.Error("IsAfter / IsBefore")
	}
}

func TestToISOString(t *testing.T) {
	cases := []struct {
		in   float64
		want string // "" = RangeError
	}{
		{0, "1970-01-01T00:00:00.000Z"},
		{-1, "1969-12-31T23:59:59.999Z"},
		{1709584156356, "2024-03-04T20:29:16.356Z"},
		{8.64e15, "+275760-09-13T00:00:00.000Z"},
		{-8.64e15, "-271821-04-20T00:00:00.000Z"},
		{253402300800000, "+010000-01-01T00:00:00.000Z"},
		{-62198755200000, "-000001-01-01T00:00:00.000Z"},
		{-62167219200000, "0000-01-01T00:00:00.000Z"},
		{1.5, "1970-01-01T00:00:00.001Z"},
		{8.64e15 + 1, ""},
		{math.NaN(), ""},
		{math.Inf(1), ""},
	}
	for _, c := range cases {
		got, ok := ToISOString(c.in)
		if got != c.want || ok != (c.want != "") {
			t.Errorf("ToISOString(%v) = %q, %v; want %q", c.in, got, ok, c.want)
		}
	}
}

func TestFormatNumber(t *testing.T) {
	cases := []struct {
		in   float64
		want string
	}{
		{1e21, "1e+21"}, {1.5e-7, "1.5e-7"}, {123.456, "123.456"}, {math.Copysign(0, -1), "0"},
		{1e-6, "0.000001"}, {123456789012345680000, "123456789012345680000"},
		{0.30000000000000004, "0.30000000000000004"}, {5e-324, "5e-324"}, {-1e21, "-1e+21"},
		{9007199254740992, "9007199254740992"}, {math.NaN(), "NaN"}, {math.Inf(-1), "-Infinity"},
	}
	for _, c := range cases {
		if got := FormatNumber(c.in); got != c.want {
			t.Errorf("FormatNumber(%v) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestJSStringToNumber(t *testing.T) {
	cases := []struct {
		in   string
		want float64
	}{
		{"0x1A", 26}, {"  12 ", 12}, {"1e3", 1000}, {".5", 0.5}, {"5.", 5}, {"-0x10", nan},
		{"Infinity", math.Inf(1)}, {"-Infinity", math.Inf(-1)}, {"+1", 1}, {"1_000", nan},
		{"0b101", 5}, {"0o17", 15}, {"", 0}, {" ", 0}, {"1e", nan}, {"e1", nan},
		{"12abc", nan}, {"\u00a012\u2003", 12},
	}
	for _, c := range cases {
		got, ok := jsStringToNumber(c.in)
		if ok == math.IsNaN(c.want) || (ok && got != c.want) {
			t.Errorf("Number(%q) = %v, %v; want %v", c.in, got, ok, c.want)
		}
	}
}

func TestMsDuration(t *testing.T) {
	cases := []struct {
		in   string
		want float64 // NaN = undefined
	}{
		{"2 days", 172800000}, {"1h", 3600000}, {"-3d", -259200000}, {"1.5 hours", 5400000},
		{"100", 100}, {"-.5s", -500}, {"1.5.5h", nan}, {"5 yrs", 157788000000},
		{"1 decade", nan}, {"1e3", nan}, {"2 DAYS", 172800000},
	}
	for _, c := range cases {
		got, ok := msDuration(c.in)
		if ok == math.IsNaN(c.want) || (ok && got != c.want) {
			t.Errorf("ms(%q) = %v, %v; want %v", c.in, got, ok, c.want)
		}
	}
}

func TestValidDateAndToString(t *testing.T) {
	if _, ok := ValidDate(true); ok {
		t.Error("ValidDate(true)")
	}
	if v, ok := ValidDate([]any{1.0, 60.0}); !ok || v != 1 {
		t.Error("ValidDate(date tuple)")
	}
	if v, ok := ValidDate(1e20); !ok || !math.IsNaN(v) {
		t.Error("ValidDate(1e20) should be 'valid' with a NaN time, like core-utils")
	}
	if got := ToString([]any{1.0, nil, "a", []any{true}}); got != "1,,a,true" {
		t.Errorf("ToString = %q", got)
	}
	if got := DateString(0); got != "Thu Jan 01 1970 00:00:00 GMT+0000 (Coordinated Universal Time)" {
		t.Errorf("DateString = %q", got)
	}
}
