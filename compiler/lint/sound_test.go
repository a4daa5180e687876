package lint_test

import (
	"strings"
	"testing"

	"github.com/sluice-dev/sluice/compiler"
	"github.com/sluice-dev/sluice/lang/diag"
	"github.com/sluice-dev/sluice/plan"
	"github.com/sluice-dev/sluice/record"
)

// atoms are selector pieces on one field; records are scalar values around
// their bounds (arrays are the documented exception to RUL103).
var (
	atoms = []string{"a:1", "a:2", "a:>1", "a:<2", "a:>=2", "a:<=1", "a:[1 TO 3]", "a:{1 TO 3}", "NOT a:1",
		"_exists_:a", "NOT _exists_:a", "a:x", "b:1"}
	scalars = []string{`{}`, `{"a": -1}`, `{"a": 0}`, `{"a": 1}`, `{"a": 1.5}`, `{"a": 2}`, `{"a": 2.5}`, `{"a": 3}`,
		`{"a": 4}`, `{"a": "1"}`, `{"a": "x"}`, `{"a": 1, "b": 1}`, `{"a": 2, "b": 1}`, `{"b": 1}`}
)

// TestUnreachableIsSound: every selector RUL103 flags matches none of the
// records, over all pairs and OR-ed pairs of pairs of atoms.
func TestUnreachableIsSound(t *testing.T) {
	flagged := 0
	for _, x := range atoms {
		for _, y := range atoms {
			for _, q := range []string{x + " AND " + y, "(" + x + " AND " + y + ") OR (a:1 AND a:2)"} {
				if flags(t, q) {
					flagged++
					if m := matches(t, q); m != "" {
						t.Errorf("%q is flagged as never matching, but matches %s", q, m)
					}
				}
			}
		}
	}
	if flagged < 20 {
		t.Errorf("only %d selectors flagged: the analysis found almost nothing", flagged)
	}
}

func flags(t *testing.T, q string) bool {
	_, diags := compileSelector(t, q, plan.Transform)
	for _, d := range diags.Items {
		if d.Code == "RUL103" {
			return true
		}
	}
	return false
}

func matches(t *testing.T, q string) string {
	p, _ := compileSelector(t, q, plan.Matcher)
	var hit []string
	for _, s := range scalars {
		v, err := record.ParseJSON([]byte(s))
		if err != nil {
			t.Fatal(err)
		}
		if out, _ := p.Run([]*record.Record{record.New(v.(*record.Object))}); len(out) > 0 {
			hit = append(hit, s)
		}
	}
	return strings.Join(hit, " ")
}

func compileSelector(t *testing.T, q string, mode plan.Mode) (*plan.Plan, *diag.List) {
	t.Helper()
	rule := `{"selector": "` + q + `", "source": "a", "target": "c"}` + "\n"
	p, diags := compiler.Compile([]*diag.Source{diag.NewSource("q.rules", []byte(rule))}, compiler.Config{Mode: mode})
	if p == nil {
		t.Fatalf("%s: %s", q, diags.Error())
	}
	return p, diags
}
