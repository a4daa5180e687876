package jsdate

import (
	"bufio"
	"encoding/json"
	"math"
	"os"
	"testing"
	"time"
)

// Differential cases generated once with Node 20 (V8 11.3), TZ=UTC,
// date-fns 4.1.0, datemath-parser 1.0.6 (moment 2.x), ms 2.1.3: random
// token soups and realistic strings, see testdata/README.md.

func eachLine(t *testing.T, path string, fn func(line []byte)) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<22)
	n := 0
	for sc.Scan() {
		n++
		fn(sc.Bytes())
	}
	if err := sc.Err(); err != nil || n == 0 {
		t.Fatalf("%s: %d lines, %v", path, n, err)
	}
}

func sameTime(got float64, ok bool, want *float64) bool {
	if want == nil {
		return !ok && math.IsNaN(got)
	}
	return ok && got == *want
}

func TestOracleV8Parse(t *testing.T) {
	eachLine(t, "testdata/v8_parse.ndjson", func(line []byte) {
		var c struct {
			S string
			V *float64
		}
		if err := json.Unmarshal(line, &c); err != nil {
			t.Fatal(err)
		}
		if got, ok := Parse(c.S); !sameTime(got, ok, c.V) {
			t.Errorf("Parse(%q) = %v, %v; want %s", c.S, got, ok, line)
		}
	})
}

func TestOracleLenient(t *testing.T) {
	now := time.UnixMilli(1709737445123).UTC()
	eachLine(t, "testdata/lenient.ndjson", func(line []byte) {
		var c struct {
			S           string
			Lenient, DM *float64
		}
		if err := json.Unmarshal(line, &c); err != nil {
			t.Fatal(err)
		}
		if got, ok := ParseLenient(c.S, now); !sameTime(got, ok, c.Lenient) {
			t.Errorf("ParseLenient(%q) = %v, %v; want %s", c.S, got, ok, line)
		}
		if got, ok := DateMath(c.S, now); !sameTime(got, ok, c.DM) {
			t.Errorf("DateMath(%q) = %v, %v; want %s", c.S, got, ok, line)
		}
	})
}

func TestOracleFormat(t *testing.T) {
	eachLine(t, "testdata/format.ndjson", func(line []byte) {
		var c struct {
			F   string
			T   float64
			OK  *string
			Err *string
		}
		if err := json.Unmarshal(line, &c); err != nil {
			t.Fatal(err)
		}
		got, err := Format(c.T, c.F)
		if (c.Err != nil) != (err != nil) || (c.OK != nil && got != *c.OK) {
			t.Errorf("Format(%v, %q) = %q, %v; want %s", c.T, c.F, got, err, line)
		}
	})
}

func TestOracleParseFormat(t *testing.T) {
	const ref = 1709737445123.0
	eachLine(t, "testdata/parse_format.ndjson", func(line []byte) {
		var c struct {
			F, S string
			T    *float64
			Err  *string
		}
		if err := json.Unmarshal(line, &c); err != nil {
			t.Fatal(err)
		}
		got, err := ParseFormat(c.S, c.F, ref)
		if (c.Err != nil) != (err != nil) || (c.Err == nil && !sameTime(got, !math.IsNaN(got), c.T)) {
			t.Errorf("ParseFormat(%q, %q) = %v, %v; want %s", c.S, c.F, got, err, line)
		}
	})
}
