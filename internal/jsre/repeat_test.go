package jsre

import (
	"bufio"
	"encoding/json"
	"os"
	"testing"

	"github.com/sluice-dev/sluice/internal/jsre/jsretest"
)

// TestNothingToRepeatAgreesWithJavaScript: every pattern of
// testdata/js-repeat.jsonl (atoms, assertions, lookarounds and nothing,
// each under every quantifier, at the start, after an atom, in a group,
// after |; no flags and the i flag) compiles exactly when node's RegExp
// accepts it (gen-js-repeat.mjs).
func TestNothingToRepeatAgreesWithJavaScript(t *testing.T) {
	agreeOnVerdicts(t, "testdata/js-repeat.jsonl", 2000)
}

// TestSyntaxAgreesWithJavaScript: every random pattern of
// testdata/js-syntax.jsonl (gen-js-syntax.mjs) compiles exactly when
// node's RegExp accepts it, and fails with node's message.
func TestSyntaxAgreesWithJavaScript(t *testing.T) {
	agreeOnVerdicts(t, "testdata/js-syntax.jsonl", 5000)
}

// agreeOnVerdicts compiles the pattern of each line of a node-generated
// file and compares the outcome with node's: its error message, or only
// whether it is valid where the file records no message.
func agreeOnVerdicts(t *testing.T, path string, min int) {
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	n, bad := 0, 0
	for sc.Scan() {
		var c struct {
			jsretest.FlagCase
			Valid *bool
		}
		if err := json.Unmarshal(sc.Bytes(), &c); err != nil {
			t.Fatal(err)
		}
		n++
		_, err := Compile(c.Pattern, c.Flags)
		got, want := errText(err), jsretest.Want(c.FlagCase)
		if c.Valid != nil {
			got, want = okText(err == nil), okText(*c.Valid)
		}
		if got != want {
			if bad++; bad <= 40 {
				t.Errorf("/%s/%s: %q, JavaScript %q", c.Pattern, c.Flags, got, want)
			}
		}
	}
	if n < min {
		t.Fatalf("only %d cases", n)
	}
	if bad > 0 {
		t.Errorf("%d of %d disagree", bad, n)
	}
}

func okText(valid bool) string {
	if valid {
		return "valid"
	}
	return "invalid"
}
