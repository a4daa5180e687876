package jsdate

import (
	"math"
	"reflect"
	"testing"
	"time"
)

// Expected values produced once by @terascope/data-mate 1.8.2 (same
// field-transform code as HEAD) or date-fns 4.1.0 directly, under
// Node 20, TZ=UTC.

const protectedMsg = "; see: https://github.com/date-fns/date-fns/blob/master/docs/unicodeTokens.md"

func TestToUnixTimeEdges(t *testing.T) {
	cases := []struct {
		in   any
		ms   bool
		want any // error string as errMsg
	}{
		{"2020-01-01-05:00", false, 1577854800.0}, // valid only after dashes→slashes
		{true, false, errMsg("Not a valid date, cannot transform true to unix time")},
		{1.5, false, errMsg("Not a valid date, cannot transform 1.5 to unix time")},
		{1e20, false, nan},
		{[]any{1580418907000.0, 0.0}, false, []any{1580418907.0, 0.0}},
		{[]any{nil, "2020-01-01", 5.0}, true, []any{1577836800000.0, 5.0}},
		{[]any{[]any{"2020-01-01"}}, false, []any{1577836800.0}},
		{[]any{[]any{"2020-01-01", "2020-01-02"}}, false, []any{false}},
		{nil, false, nil},
		{[]any{}, false, []any{}},
		{"Jan 1, 2020 UTC", true, 1577836800000.0},
		{-1.0, false, -1.0},
		{[]any{true}, false, errMsg("Not a valid date, cannot transform true to unix time")},
		{map[string]any{}, false, errMsg("Not a valid date, cannot transform [object Object] to unix time")},
	}
	for _, c := range cases {
		got, err := ToUnixTimeValue(c.in, c.ms)
		checkResult(t, "ToUnixTime", c.in, got, err, c.want)
	}
}

func TestToISO8601Edges(t *testing.T) {
	cases := []struct {
		in, res any
		want    any
	}{
		{"2020-01-01-05:00", nil, errMsg("Invalid time value")},
		{1580418907.0, "seconds", "2020-01-30T21:15:07.000Z"},
		{1e20, nil, errMsg("Invalid time value")},
		{8.64e12, 1.0, "+275760-09-13T00:00:00.000Z"},
		{[]any{[]any{1580418907.0}}, "x", []any{"2020-01-30T21:15:07.000Z"}},
		{[]any{1580418907000.0, 0.0}, nil, []any{"2020-01-30T21:15:07.000Z", "1970-01-01T00:00:00.000Z"}},
		{map[string]any{}, nil, errMsg("Input is not valid date, received [object Object]")},
		{"x", nil, errMsg("Input is not valid date, received x")},
		{1580418907000.0, "", "2020-01-30T21:15:07.000Z"}, // falsy resolution
	}
	for _, c := range cases {
		got, err := ToISO8601Value(c.in, c.res)
		checkResult(t, "ToISO8601", c.in, got, err, c.want)
	}
}

func TestFormatDateEdges(t *testing.T) {
	cases := []struct {
		in          any
		format, res string
		want        any
	}{
		{"2020-01-01-05:00", "yyyy", "", errMsg("Invalid time value")},
		{1581013130856.0, "D", "", errMsg("Use `d` instead of `D` (in `D`) for formatting days of the month to the input `1581013130856`" + protectedMsg)},
		{"2020-01-01", "DD", "", errMsg("Use `dd` instead of `DD` (in `DD`) for formatting days of the month to the input `Wed Jan 01 2020 00:00:00 GMT+0000 (Coordinated Universal Time)`" + protectedMsg)},
		{1581013130.0, "DD", "seconds", errMsg("Use `dd` instead of `DD` (in `DD`) for formatting days of the month to the input `1581013130000`" + protectedMsg)},
		{1581013130856.0, "PPPPpppp", "", "Thursday, February 6th, 2020 at 6:18:50 PM GMT+00:00"},
		{1581013130856.0, "EEEE 'the' do 'of' MMMM yyyy, h:mm:ss.SSS a xxx", "", "Thursday the 6th of February 2020, 6:18:50.856 PM +00:00"},
		{1581013130856.0, "foo", "", errMsg("Format string contains an unescaped latin alphabet character `f`")},
		{1581013130856.0, "", "", errMsg("Cannot read properties of null (reading 'map')")},
		{true, "yyyy", "", errMsg("Input is not valid date")},
		{1581013130856.0, "T t X x xx O zzzz", "", "1581013130856 1581013130 Z +00 +0000 GMT+0 GMT+00:00"},
		{1581013130856.0, "yy yyy Q QQQ QQQQ LLLL E EEEEE EEEEEE DDD Do", "", "20 2020 1 Q1 1st quarter February Thu T Th 037 37th"},
		{1581013130856.0, "h hh H K k m s S SS SSSS a aaa aaaa aaaaa b B", "", "6 06 18 6 18 18 50 8 85 8560 PM pm p.m. p PM in the evening"},
		{1581013130856.0, "G GGGG R I w Y u", "", "AD Anno Domini 2020 6 6 2020 2020"},
	}
	for _, c := range cases {
		got, err := FormatDateValue(c.in, c.format, c.res)
		checkResult(t, "FormatDate", c.in, got, err, c.want)
	}
}

func TestParseDateEdges(t *testing.T) {
	now := time.Date(2026, 11, 21, 23, 17, 0, 0, time.UTC)
	cases := []struct {
		in     any
		format string
		want   any
	}{
		{"2020-01-10", "yyyy-MM-dd", "2020-01-10T00:00:00.000Z"},
		{"10/01/2020 13:45", "dd/MM/yyyy HH:mm", "2020-01-10T13:45:00.000Z"},
		{"x", "yyyy", errMsg("Cannot parse date")},
		{"2020", "YYYY", errMsg("Use `yyyy` instead of `YYYY` (in `YYYY`) for formatting years to the input `2020`" + protectedMsg)},
		{true, "yyyy", errMsg("Cannot parse date")},
		{2020.0, "yyyy", "2020-01-01T00:00:00.000Z"},
		{"12 pm", "h a", "2026-11-21T12:00:00.000Z"},
		{"Jan 10, 2020-00:00", "MMM dd, yyyyxxx", "2020-01-10T00:00:00.000Z"},
		{"2020-01-10+05:30", "yyyy-MM-ddxxx", "2020-01-09T18:30:00.000Z"},
		{"Friday, 10th of Jan 20", "EEEE, do 'of' MMM yy", "2020-01-10T00:00:00.000Z"},
		{"2020 045", "yyyy DDD", "2020-02-14T00:00:00.000Z"},
		{"-1581025950", "t", "1919-11-26T02:07:30.000Z"},
		{"1581025950 x", "t", errMsg("Cannot parse date")},
		{"2020 1581025950", "yyyy t", errMsg("The format string mustn't contain `t` and any other token at the same time")},
		{"2020 2020", "yyyy yyyy", errMsg("The format string mustn't contain `yyyy` and `yyyy` at the same time")},
		{"2020-W01-3", "RRRR-'W'II-i", "2020-01-01T00:00:00.000Z"},
		{"2021 w10 Mon", "Y 'w'w eee", "2021-03-01T00:00:00.000Z"},
		{[]any{"1581025950", nil}, "t", []any{"2020-02-06T21:52:30.000Z"}},
	}
	for _, c := range cases {
		r, err := ParseDateValue(c.in, c.format, now)
		checkResult(t, "ParseDate", c.in, isoStrings(r), err, c.want)
	}
}

type errMsg string

func checkResult(t *testing.T, fn string, in, got any, err error, want any) {
	t.Helper()
	if msg, ok := want.(errMsg); ok {
		if err == nil || err.Error() != string(msg) {
			t.Errorf("%s(%#v) = %#v, %v; want error %q", fn, in, got, err, msg)
		}
		return
	}
	if err != nil {
		t.Errorf("%s(%#v) error %v, want %#v", fn, in, err, want)
		return
	}
	if w, ok := want.(float64); ok && math.IsNaN(w) {
		if g, ok := got.(float64); !ok || !math.IsNaN(g) {
			t.Errorf("%s(%#v) = %#v, want NaN", fn, in, got)
		}
		return
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("%s(%#v) = %#v, want %#v", fn, in, got, want)
	}
}
