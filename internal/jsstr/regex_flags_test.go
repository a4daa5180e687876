package jsstr

import (
	"testing"

	"github.com/sluice-dev/sluice/internal/jsre/jsretest"
)

// TestRegexFlagsAgreeWithJavaScript runs jsre's node-generated cases
// (internal/jsre/testdata/js-flags.jsonl) through Regex: the same verdict
// and error message as node, and the same first match.
func TestRegexFlagsAgreeWithJavaScript(t *testing.T) {
	inputs, cases := jsretest.ReadFlagCases(t, "../jsre/testdata/js-flags.jsonl")
	bad, checked := 0, 0
	for _, c := range cases {
		re, err := Regex(c.Pattern, c.Flags)
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != jsretest.Want(c) {
			bad++
			t.Errorf("/%s/%s: error %q, want %q", c.Pattern, c.Flags, got, jsretest.Want(c))
			continue
		}
		if err != nil {
			continue
		}
		for k, in := range inputs {
			if jsretest.UTF16Only(c, in, c.Matches[k]) || jsretest.KnownDifference(true, c, in) {
				continue
			}
			checked++
			m, err := re.FindStringMatch(in)
			var text *string
			if m != nil {
				s := m.String()
				text = &s
			}
			if err != nil || !jsretest.SameText(text, c.Matches[k]) {
				bad++
				if bad <= 40 {
					t.Errorf("/%s/%s on %q: %v, JavaScript %v (%v)", c.Pattern, c.Flags, in, show(text), show(c.Matches[k]), err)
				}
			}
		}
	}
	if bad > 0 || checked < 40000 {
		t.Errorf("%d of %d disagree", bad, checked)
	}
}

func show(s *string) string {
	if s == nil {
		return "null"
	}
	return `"` + *s + `"`
}
