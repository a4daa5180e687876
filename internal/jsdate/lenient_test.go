package jsdate

import (
	"bufio"
	"encoding/json"
	"math"
	"os"
	"testing"
	"time"
)

// lenientNow is the fixed "now" of the ParseLenient / DateMath tables.
var lenientNow = time.UnixMilli(1709737445123).UTC() // 2024-03-06T15:04:05.123Z (Wednesday)

// lenientTable: date strings of the selector conformance cases (fields
// typed "date": record values and query values) and date-math / duration
// examples. Expected values generated once with Node 20, TZ=UTC, running
// core-utils getValidDate (datemath-parser 1.0.6, ms 2.1.3) with the
// fixed now above.
var lenientTable = []struct {
	in   string
	want float64
}{
	{"2017-09-30T23:20:01Z", 1506813601000},
	{"2018-04-02", 1522627200000},
	{"2018-04-02T12:15:34.123Z", 1522671334123},
	{"2018-09-09T04:30:00Z", 1536467400000},
	{"2018-09-10T00:00:00Z", 1536537600000},
	{"2018-09-10T19:30:00Z", 1536607800000},
	{"2018-09-16T04:30:00Z", 1537072200000},
	{"2018-09-30T23:20:01Z", 1538349601000},
	{"2018-10-10", 1539129600000},
	{"2018-10-10T17:36:13Z", 1539192973000},
	{"2018-10-10T18:36:13Z", 1539196573000},
	{"2018-10-10T19:30:00Z", 1539199800000},
	{"2018-10-10T20:36:13Z", 1539203773000},
	{"2018-10-10T23:39:01Z", 1539214741000},
	{"2018-10-11T23:39:01Z", 1539301141000},
	{"2018-10-18T18:13:20.000Z", 1539886400000},
	{"2018-10-18T18:13:20.683Z", 1539886400683},
	{"2018-10-18T18:13:20.783Z", 1539886400783},
	{"2018-10-18T18:15:34.123Z", 1539886534123},
	{"2018-10-19", 1539907200000},
	{"2018-11-10T19:30:00Z", 1541878200000},
	{"2018-11-16T15:16:09.076Z", 1542381369076},
	{"2018-11-18T18:13:20.683Z", 1542564800683},
	{"2018-12-16T15:16:09.076Z", 1544973369076},
	{"2048-09-30T23:20:01Z", 2485120801000},
	{"Thu Oct 18 2018 11:13:20 GMT-0700", 1539886400000},
	{"Thu Oct 18 2018 22:13:20 GMT-0700", 1539926000000},
	{"Thu, 13 Oct 2018 18:13:20 GMT", 1539454400000},
	{"Thu, 18 Oct 2018 18:13:20 GMT", 1539886400000},
	{"Thu, 18 Oct 2018 18:15:20 GMT", 1539886520000},
	{"Thu, 18 Oct 2020 18:13:20 GMT", 1603044800000},
	{"[\"2018-10-10T17:36:13Z\" TO \"2018-10-10T17:36:13Z\"]", nan},
	{"asdfiuyasdf8yhkjlasdf", nan},
	{"now", 1709737445123},
	{"now-1d", 1709651045123},
	{"now/y", 1704067200000},
	{"now/w", 1709510400000},
	{"NOW+1h/h", 1709740800000},
	{"nO W+  1d ", 1709823845123},
	{"2021-01-02||+4d", 1609891200000},
	{"2021-01-02||/M", 1609459200000},
	{"1577836800||+1d", 1577923200000},
	{"1577836800000||-1M", 1575158400000},
	{"2 days", 1709910245123},
	{"1h", 1709741045123},
	{"-3d", 1709478245123},
	{"1.5 hours", 1709742845123},
	{"10 minutes", 1709738045123},
	{"2021-13-02", nan},
	{"now+1q", nan},
	{"now+", nan},
	{"10-10-2018", 1539129600000},
	{"2018-10-10 10:10", 1539166200000},
}

func TestParseLenientTable(t *testing.T) {
	for _, c := range lenientTable {
		got, ok := ParseLenient(c.in, lenientNow)
		if math.IsNaN(c.want) {
			if ok {
				t.Errorf("ParseLenient(%q) = %v, want invalid", c.in, got)
			}
			continue
		}
		if !ok || got != c.want {
			t.Errorf("ParseLenient(%q) = %v, %v; want %v", c.in, got, ok, c.want)
		}
	}
}

// TestSelectorDateCases checks that every record value of a date-typed
// field in the selector cases is covered by lenientTable (and so parses
// to the instant V8 + core-utils give).
func TestSelectorDateCases(t *testing.T) {
	f, err := os.Open("../../lang/selector/testdata/cases.ndjson")
	if err != nil {
		t.Fatalf("open selector cases: %v", err)
	}
	defer f.Close()
	known := map[string]bool{}
	for _, c := range lenientTable {
		known[c.in] = true
	}
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<22)
	n := 0
	for sc.Scan() {
		var c struct {
			Types  map[string]string `json:"types"`
			Record any               `json:"record"`
		}
		if err := json.Unmarshal(sc.Bytes(), &c); err != nil {
			t.Fatal(err)
		}
		rec, _ := c.Record.(map[string]any)
		for field, typ := range c.Types {
			if s, ok := rec[field].(string); ok && typ == "date" {
				n++
				if !known[s] {
					t.Errorf("selector date value %q not in lenientTable", s)
				}
			}
		}
	}
	if n == 0 {
		t.Fatal("no date values found in selector cases")
	}
}

func TestDateMath(t *testing.T) {
	cases := []struct {
		in   string
		want string // "" = invalid
	}{
		{"now", "2024-03-06T15:04:05.123Z"},
		{"now+1d", "2024-03-07T15:04:05.123Z"},
		{"now-0d", "2024-03-05T15:04:05.123Z"}, // N of 0 means 1
		{"now+d", "2024-03-07T15:04:05.123Z"},
		{"now+1dd", "2024-03-08T15:04:05.123Z"}, // the amount is reused
		{"nowd", "2024-03-06T15:04:05.123Z"},
		{"now/", "2024-03-06T15:04:05.123Z"},
		{"now/x", "2024-03-06T15:04:05.123Z"},
		{"now/d", "2024-03-06T00:00:00.000Z"},
		{"now/w", "2024-03-04T00:00:00.000Z"},
		{"2024-03-10||/w", "2024-03-11T00:00:00.000Z"}, // Sunday: next Monday
		{"now/M", "2024-03-01T00:00:00.000Z"},
		{"now/y", "2024-01-01T00:00:00.000Z"},
		{"now/H", "2024-03-06T15:00:00.000Z"},
		{"now/m", "2024-03-06T15:04:00.000Z"},
		{"now/s", "2024-03-06T15:04:05.000Z"},
		{"now+1w", "2024-03-13T15:04:05.123Z"},
		{"now-1y", "2023-03-06T15:04:05.123Z"},
		{"2020-02-29||+1y", "2021-02-28T00:00:00.000Z"},
		{"2020-01-31||+1M", "2020-02-29T00:00:00.000Z"},
		{"2021-01-02T10:11:12+02:00||+1h", "2021-01-02T09:11:12.000Z"},
		{"2021-032", "2021-03-02T00:00:00.000Z"},
		{"21-01-02", "2021-01-02T00:00:00.000Z"},
		{"+002021-01-02", "2021-01-02T00:00:00.000Z"},
		{"1577836800", "2020-01-01T00:00:00.000Z"},
		{"12345", "1970-01-01T00:00:12.345Z"},
		{"10:11", "2024-03-06T10:11:00.000Z"},
		{"now+1", ""},
		{"now+", ""},
		{"now+1q", ""},
		{"now+1.5d", ""},
		{"99999999999999", ""},
		{"abc", ""},
		{"2021-13-02", ""},
		{"2021-02-30", ""},
		{"||+1d", ""},
	}
	for _, c := range cases {
		ms, ok := DateMath(c.in, lenientNow)
		got := ""
		if ok {
			got, _ = ToISOString(ms)
		}
		if got != c.want {
			t.Errorf("DateMath(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
