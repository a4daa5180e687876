package jsre

import (
	"testing"

	"github.com/sluice-dev/sluice/internal/jsre/jsretest"
)

// TestMatchesAgreeWithJavaScript: on 4000 seeded random patterns (escapes,
// classes, properties, groups, back-references, look-arounds; flags "", i,
// u, iu, s, m, mu) every engine finds node's first match and groups.
func TestMatchesAgreeWithJavaScript(t *testing.T) {
	bad, checked := 0, 0
	for _, c := range jsretest.ReadMatchCases(t, "testdata/js-match.jsonl") {
		r, err := Compile(c.Pattern, c.Flags)
		if err != nil {
			if bad++; bad <= 40 {
				t.Errorf("/%s/%s: %v", c.Pattern, c.Flags, err)
			}
			continue
		}
		for _, engine := range engines(t, r) {
			for k, in := range c.Inputs {
				want := c.Results[k]
				if c.Skip(k, !engine.re.Linear()) {
					continue
				}
				checked++
				ms, err := engine.re.FindAll(in, 1)
				var got []*string
				if len(ms) == 1 {
					for _, g := range ms[0].Groups {
						got = append(got, groupText(g))
					}
				}
				if err != nil || show(got) != show(want) {
					if bad++; bad <= 40 {
						t.Errorf("/%s/%s (%s) on %q: %s, JavaScript %s (%v)", c.Pattern, c.Flags, engine.name, in, show(got), show(want), err)
					}
				}
			}
		}
	}
	if bad > 0 {
		t.Errorf("%d of %d disagree", bad, checked)
	}
	if checked < 15000 {
		t.Errorf("only %d matches checked", checked)
	}
}
