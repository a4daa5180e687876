package jexl

import (
	"encoding/json"
	"math"
	"os"
	"testing"
)

// TestPowMatchesV8 checks pow against Math.pow results computed by Node
// (testdata/pow.json: [x, y, x**y] triples; non-finite values as strings).
func TestPowMatchesV8(t *testing.T) {
	data, err := os.ReadFile("testdata/pow.json")
	if err != nil {
		t.Fatal(err)
	}
	var rows [][3]any
	if err := json.Unmarshal(data, &rows); err != nil {
		t.Fatal(err)
	}
	bad := 0
	for _, r := range rows {
		x, y, want := num(r[0]), num(r[1]), num(r[2])
		got := pow(x, y)
		if math.Float64bits(got) != math.Float64bits(want) && !(math.IsNaN(got) && math.IsNaN(want)) {
			if bad++; bad <= 10 {
				t.Errorf("pow(%v, %v) = %v, want %v", x, y, got, want)
			}
		}
	}
	if bad > 0 || len(rows) < 5000 {
		t.Errorf("%d of %d differ", bad, len(rows))
	}
}

func num(v any) float64 {
	switch x := v.(type) {
	case float64:
		return x
	case string:
		switch x {
		case "NaN":
			return math.NaN()
		case "Infinity":
			return math.Inf(1)
		case "-Infinity":
			return math.Inf(-1)
		case "-0":
			return math.Copysign(0, -1)
		}
	}
	panic(v)
}
