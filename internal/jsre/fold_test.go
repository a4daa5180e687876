package jsre

import (
	"encoding/json"
	"os"
	"slices"
	"testing"
)

// caseChangedSinceGo are the characters that got an upper case after
// Go's Unicode version (15.0) and by node's (17.0).
var caseChangedSinceGo = []rune{0x019B, 0x0264, 0x1C8A, 0xA7CD, 0xA7CF, 0xA7D3, 0xA7D5, 0xA7DB}

// TestCanonicalizeAgreesWithJavaScript: jsCanonicalize changes exactly the
// BMP characters node's Canonicalize changes, to the same character
// (testdata/gen-js-fold.mjs), but for those whose case changed between
// Go's Unicode version and node's.
func TestCanonicalizeAgreesWithJavaScript(t *testing.T) {
	b, err := os.ReadFile("testdata/js-fold.json")
	if err != nil {
		t.Fatal(err)
	}
	var golden struct{ Pairs [][2]rune }
	if err := json.Unmarshal(b, &golden); err != nil {
		t.Fatal(err)
	}
	want := map[rune]rune{}
	for _, p := range golden.Pairs {
		want[p[0]] = p[1]
	}
	if len(want) < 1000 {
		t.Fatalf("only %d pairs", len(want))
	}
	bad := 0
	for r := rune(0); r <= 0xFFFF; r++ {
		if r >= 0xD800 && r <= 0xDFFF {
			continue
		}
		w, ok := want[r]
		if !ok {
			w = r
		}
		if got := jsCanonicalize(r); got != w && !slices.Contains(caseChangedSinceGo, r) {
			if bad++; bad <= 20 {
				t.Errorf("Canonicalize(U+%04X) = U+%04X, JavaScript U+%04X", r, got, w)
			}
		}
	}
	if bad > 0 {
		t.Errorf("%d characters disagree", bad)
	}
}
