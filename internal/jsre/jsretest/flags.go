package jsretest

import (
	"bufio"
	"encoding/json"
	"os"
	"strings"
	"testing"
	"unicode/utf8"
)

// FlagCase is one line of js-flags.jsonl (gen-js-flags.mjs): node's
// verdict on a pattern with flags ("" when valid) and, when valid, the
// text exec matched in each input (nil: no match).
type FlagCase struct {
	Pattern, Flags, Error string
	Matches               []*string
}

// ReadFlagCases reads the inputs and the cases of a js-flags.jsonl.
func ReadFlagCases(t testing.TB, path string) (inputs []string, cases []FlagCase) {
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	sc.Scan()
	var head struct{ Inputs []string }
	if err := json.Unmarshal(sc.Bytes(), &head); err != nil {
		t.Fatal(err)
	}
	for sc.Scan() {
		var c FlagCase
		if err := json.Unmarshal(sc.Bytes(), &c); err != nil {
			t.Fatal(err)
		}
		cases = append(cases, c)
	}
	if len(cases) < 1000 {
		t.Fatalf("only %d cases", len(cases))
	}
	return head.Inputs, cases
}

// UTF16Only reports whether JavaScript's result depends on strings being
// UTF-16 code units (docs/compat.md, "Strings compare by UTF-16 code
// unit"): no u flag and an astral character in the pattern or the input,
// or a match that is half of a surrogate pair.
func UTF16Only(c FlagCase, input string, want *string) bool {
	if want != nil && !utf8.ValidString(*want) {
		return true
	}
	return !strings.Contains(c.Flags, "u") && (hasAstral(input) || hasAstral(c.Pattern) || strings.Contains(c.Pattern, `\uD83D`))
}

func hasAstral(s string) bool {
	for _, r := range s {
		if r > 0xFFFF {
			return true
		}
	}
	return false
}

// UnsupportedProperty reports a property JavaScript knows and Go's
// unicode tables lack, which sluice rejects with "Invalid property name"
// (docs/compat.md, "Unicode property escapes").
func UnsupportedProperty(c FlagCase) bool {
	if !strings.Contains(c.Flags, "u") {
		return false
	}
	for _, p := range []string{`\p{Script_Extensions=`, `\p{scx=`, `\p{Emoji}`, `\p{XID_`} {
		if strings.Contains(c.Pattern, p) {
			return true
		}
	}
	return false
}

// KnownDifference reports the matches docs/compat.md lists (the row on
// back-references with the i flag): a back-reference on regexp2
// (backtracking true) compares by lower case, so K (U+212A), ſ (U+017F),
// ς (U+03C2) and µ (U+00B5) can fold otherwise than in JavaScript.
func KnownDifference(backtracking bool, c FlagCase, input string) bool {
	const odd = "\u212A\u017F\u03C2\u00B5"
	fold := strings.Contains(c.Flags, "i")
	backReference := strings.Contains(c.Pattern, `\k<`) || strings.ContainsAny(c.Pattern, "123456789") && strings.Contains(c.Pattern, `\`)
	return backtracking && fold && backReference && (strings.ContainsAny(input, odd) || strings.ContainsAny(c.Pattern, odd))
}

// Want is the error a compiler should give for c: node's, or the pinned
// "Invalid property name" of UnsupportedProperty.
func Want(c FlagCase) string {
	if UnsupportedProperty(c) && c.Error == "" {
		return "Invalid regular expression: /" + c.Pattern + "/" + c.Flags + ": Invalid property name"
	}
	return c.Error
}

// SameText reports whether two optional match texts are equal.
func SameText(a, b *string) bool { return a == nil && b == nil || a != nil && b != nil && *a == *b }

// MatchCase is one line of js-match.jsonl (gen-js-match.mjs): a pattern
// node accepts, inputs and, for each, the groups of node's first match
// (nil: no match; a nil group: undefined).
type MatchCase struct {
	Pattern, Flags string
	Inputs         []string
	Results        [][]*string
}

// ReadMatchCases reads a js-match.jsonl.
func ReadMatchCases(t testing.TB, path string) []MatchCase {
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var cases []MatchCase
	for _, line := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		var c MatchCase
		if err := json.Unmarshal([]byte(line), &c); err != nil {
			t.Fatal(err)
		}
		cases = append(cases, c)
	}
	if len(cases) < 1000 {
		t.Fatalf("only %d cases", len(cases))
	}
	return cases
}

// Skip reports whether the result of c on input k is one of the
// differences docs/compat.md lists (UTF16Only, KnownDifference).
func (c MatchCase) Skip(k int, backtracking bool) bool {
	for _, g := range c.Results[k] {
		if g != nil && !utf8.ValidString(*g) {
			return true
		}
	}
	fc := FlagCase{Pattern: c.Pattern, Flags: c.Flags}
	return UTF16Only(fc, c.Inputs[k], nil) || KnownDifference(backtracking, fc, c.Inputs[k])
}
