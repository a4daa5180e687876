package jsre

import (
	"bufio"
	"encoding/json"
	"os"
	"testing"
)

// TestNothingToRepeatAgreesWithJavaScript: every pattern of
// testdata/js-repeat.jsonl (atoms, assertions, lookarounds and nothing,
// each under every quantifier, at the start, after an atom, in a group,
// after |; no flags and the i flag) compiles exactly when node's RegExp
// accepts it (gen-js-repeat.mjs).
func TestNothingToRepeatAgreesWithJavaScript(t *testing.T) {
	f, err := os.Open("testdata/js-repeat.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	n, bad := 0, 0
	for sc.Scan() {
		var c struct {
			Pattern, Flags string
			Valid          bool
		}
		if err := json.Unmarshal(sc.Bytes(), &c); err != nil {
			t.Fatal(err)
		}
		n++
		_, err := Compile(c.Pattern, c.Flags)
		if (err == nil) != c.Valid {
			bad++
			if bad <= 40 {
				t.Errorf("/%s/%s: compiled %v (%v), JavaScript valid %v", c.Pattern, c.Flags, err == nil, err, c.Valid)
			}
		}
	}
	if n < 2000 {
		t.Fatalf("only %d cases", n)
	}
	if bad > 0 {
		t.Errorf("%d of %d disagree", bad, n)
	}
}
