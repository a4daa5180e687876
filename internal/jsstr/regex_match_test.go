package jsstr

import (
	"encoding/json"
	"testing"

	"github.com/sluice-dev/sluice/internal/jsre/jsretest"
)

// TestRegexMatchesAgreeWithJavaScript runs jsre's seeded random patterns
// (internal/jsre/testdata/js-match.jsonl) through Regex: node's first
// match and groups, numbered as JavaScript numbers them.
func TestRegexMatchesAgreeWithJavaScript(t *testing.T) {
	bad, checked := 0, 0
	for _, c := range jsretest.ReadMatchCases(t, "../jsre/testdata/js-match.jsonl") {
		re, err := Regex(c.Pattern, c.Flags)
		if err != nil {
			bad++
			t.Errorf("/%s/%s: %v", c.Pattern, c.Flags, err)
			continue
		}
		for k, in := range c.Inputs {
			if c.Skip(k, true) {
				continue
			}
			checked++
			m, err := re.FindStringMatch(in)
			var got []*string
			if m != nil {
				for _, g := range m.Groups() {
					var s *string
					if len(g.Captures) > 0 {
						text := g.String()
						s = &text
					}
					got = append(got, s)
				}
			}
			if a, b := jsonText(got), jsonText(c.Results[k]); err != nil || a != b {
				if bad++; bad <= 40 {
					t.Errorf("/%s/%s on %q: %s, JavaScript %s (%v)", c.Pattern, c.Flags, in, a, b, err)
				}
			}
		}
	}
	if bad > 0 || checked < 10000 {
		t.Errorf("%d of %d disagree", bad, checked)
	}
}

func jsonText(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}
