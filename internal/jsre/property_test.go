package jsre

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"
	"unicode"
)

// TestDerivedPropertiesAgreeWithJavaScript: the runes of every property
// sluice derives from Go's tables (and of a few it maps to one) are the
// ones node's \p{…} matches (testdata/gen-js-properties.mjs), on every
// code point Go's Unicode version has assigned (node's may be newer).
func TestDerivedPropertiesAgreeWithJavaScript(t *testing.T) {
	b, err := os.ReadFile("testdata/js-properties.json")
	if err != nil {
		t.Fatal(err)
	}
	var golden map[string]json.RawMessage
	if err := json.Unmarshal(b, &golden); err != nil {
		t.Fatal(err)
	}
	delete(golden, "unicode")
	if len(golden) < 10 {
		t.Fatalf("only %d properties", len(golden))
	}
	for name, raw := range golden {
		var want [][2]rune
		if err := json.Unmarshal(raw, &want); err != nil {
			t.Fatal(err)
		}
		got := propertyRanges(t, name)
		if got == nil {
			continue
		}
		assigned := complement(tables(unicode.Cn))
		if name == "Any" {
			assigned = []rune{0, unicode.MaxRune}
		}
		js, ours := intersect(union(flatten(want)), assigned), intersect(union(got), assigned)
		missing, extra := intersect(js, complement(ours)), intersect(ours, complement(js))
		if n := size(missing) + size(extra); n != unicodeVersionChanges[name] {
			t.Errorf(`\p{%s}: %d code points disagree (%d known to have changed since Unicode %s): sluice lacks %s, has more %s`,
				name, n, unicodeVersionChanges[name], unicode.Version, showRanges(missing), showRanges(extra))
		}
	}
}

// unicodeVersionChanges counts the assigned code points whose property
// changed between Go's Unicode version (15.0) and node's (17.0): U+0363–036F
// and others became Alphabetic, U+0295 stopped being Lowercase, U+200C,
// U+200D, U+30FB and U+FF65 became ID_Continue, some Kannada and other
// vowel signs Grapheme_Extend (so no longer Grapheme_Base).
var unicodeVersionChanges = map[string]int{"Alphabetic": 33, "Lowercase": 1, "Cased": 1, "ID_Continue": 4, "Grapheme_Extend": 27, "Grapheme_Base": 27}

func size(pairs []rune) int {
	n := 0
	for k := 0; k+1 < len(pairs); k += 2 {
		n += int(pairs[k+1]-pairs[k]) + 1
	}
	return n
}

func showRanges(pairs []rune) string {
	var b strings.Builder
	for k := 0; k+1 < len(pairs) && k < 16; k += 2 {
		fmt.Fprintf(&b, " U+%04X-%04X", pairs[k], pairs[k+1])
	}
	return "[" + b.String() + " ]"
}

// propertyRanges is the lo, hi pairs Normalize uses for \p{name}.
func propertyRanges(t *testing.T, name string) []rune {
	if g, ok := binaryProperties[name]; ok {
		return tableRanges(unicode.Properties[g])
	}
	derive, ok := derivedProperties[name]
	if !ok {
		t.Errorf(`\p{%s}: no table`, name)
		return nil
	}
	return derive()
}

func flatten(pairs [][2]rune) []rune {
	out := make([]rune, 0, 2*len(pairs))
	for _, p := range pairs {
		out = append(out, p[0], p[1])
	}
	return out
}
