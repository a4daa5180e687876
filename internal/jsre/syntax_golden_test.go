package jsre

import (
	"bufio"
	"encoding/json"
	"os"
	"testing"

	"github.com/sluice-dev/sluice/internal/jsre/jsretest"
)

// TestSyntaxAgreesWithJavaScript: every random pattern of
// testdata/js-syntax.jsonl (gen-js-syntax.mjs) compiles exactly when
// node's RegExp accepts it, and fails with node's message.
func TestSyntaxAgreesWithJavaScript(t *testing.T) {
	f, err := os.Open("testdata/js-syntax.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	n, bad := 0, 0
	for sc.Scan() {
		var c jsretest.FlagCase
		if err := json.Unmarshal(sc.Bytes(), &c); err != nil {
			t.Fatal(err)
		}
		n++
		_, err := Compile(c.Pattern, c.Flags)
		if got := errText(err); got != jsretest.Want(c) {
			if bad++; bad <= 60 {
				t.Errorf("/%s/%s: %q, JavaScript %q", c.Pattern, c.Flags, got, jsretest.Want(c))
			}
		}
	}
	if n < 5000 {
		t.Fatalf("only %d cases", n)
	}
	if bad > 0 {
		t.Errorf("%d of %d disagree", bad, n)
	}
}
