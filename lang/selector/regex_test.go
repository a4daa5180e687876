package selector

import (
	"testing"

	"github.com/sluice-dev/sluice/record"
)

// A Lucene regex is the whole value, and JavaScript's `.` stops at line
// terminators, but the middle of /.*X.*/ may match one itself.
func TestRegexTermsAndLineTerminators(t *testing.T) {
	for _, c := range []struct {
		query, value string
		want         bool
	}{
		{`m:/.*\s.*/`, "line1\nline2", true},
		{`m:/.*\s.*/`, "line1line2", false},
		{`m:/.*b.*/`, "a\nb", false},
		{`m:/.*b.*/`, "abc", true},
		{`m:/.*[^a].*/`, "aa\n", true},
		{`m:*b*`, "a\nb", false},
	} {
		m, err := Compile(c.query, Options{})
		if err != nil {
			t.Fatal(err)
		}
		o := record.NewObject(1)
		o.Set("m", c.value)
		if got := m.Match(o); got != c.want {
			t.Errorf("%s on %q: %v, want %v", c.query, c.value, got, c.want)
		}
	}
}
