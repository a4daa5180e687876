package selector

import (
	"strings"
	"testing"
	"time"

	"github.com/sluice-dev/sluice/internal/cputime"
	"github.com/sluice-dev/sluice/record"
)

// Deep parentheses and long AND/OR chains compile in time linear in their
// length (they were quadratic: every enclosing level re-parsed its inside,
// every AND copied the chain's tail), and the compiled matcher is right.
func TestLongSelectorsCompileLinearly(t *testing.T) {
	shapes := []struct {
		name  string
		build func(n int) string
		match bool // on {"a":1,"f":"v"}
	}{
		{"parens", func(n int) string { return strings.Repeat("(", n) + "a:1" + strings.Repeat(")", n) }, true},
		{"and", func(n int) string { return strings.TrimSuffix(strings.Repeat("f:v AND ", n), " AND ") }, true},
		{"or", func(n int) string { return strings.Repeat("f:x OR ", n) + "a:1" }, true},
		{"and-not", func(n int) string { return strings.Repeat("f:v AND NOT a:2 AND ", n) + "a:0" }, false},
		{"field-group", func(n int) string { return "f:(" + strings.Repeat("x OR ", n) + "v)" }, true},
	}
	rec, _ := record.ParseObject([]byte(`{"a":1,"f":"v"}`))
	for _, s := range shapes {
		elapsed := func(n int) time.Duration {
			q := s.build(n)
			var m *Matcher
			took := cputime.Best(3, func() {
				var err error
				if m, err = Compile(q, Options{}); err != nil {
					t.Fatalf("%s %d: %v", s.name, n, err)
				}
			})
			if m.Match(rec) != s.match {
				t.Fatalf("%s %d: match = %v", s.name, n, !s.match)
			}
			return took
		}
		small, big := elapsed(2000), elapsed(10000)
		if big > 12*small+50*time.Millisecond { // quadratic: 25x (CPU time: a loaded machine does not fail it)
			t.Errorf("%s: 5x the length took %v vs %v", s.name, big, small)
		}
	}
}
