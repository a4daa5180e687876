package all_test

import (
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/sluice-dev/sluice/postprocess"
	_ "github.com/sluice-dev/sluice/postprocess/all"
)

// seedRow is one row of the seed's "Deprecated transforms" or "Validations"
// table (testdata/seed-tables.md, copied from the seed).
type seedRow struct {
	name, replacement, params string
}

var (
	nameRe  = regexp.MustCompile("^`([^`]+)`")
	paramRe = regexp.MustCompile("`([a-z][a-z_]*)`(?::| \\(| number| boolean| string| false| true| array| `)")
)

func seedRows(t *testing.T) []seedRow {
	t.Helper()
	data, err := os.ReadFile("testdata/seed-tables.md")
	if err != nil {
		t.Fatal(err)
	}
	var rows []seedRow
	for _, line := range strings.Split(string(data), "\n") {
		cells := strings.Split(line, "|") // "", name, replacement, notes, ""
		if len(cells) != 5 || !nameRe.MatchString(strings.TrimSpace(cells[1])) {
			continue
		}
		cells = cells[1:4]
		cells[0] = strings.TrimSpace(cells[0])
		row := seedRow{name: nameRe.FindStringSubmatch(cells[0])[1], params: cells[2]}
		if m := nameRe.FindStringSubmatch(strings.TrimSpace(cells[1])); m != nil {
			row.replacement = m[1]
		}
		rows = append(rows, row)
	}
	return rows
}

// TestSeedNamesRegistered fails on any name of the seed's tables, deprecated
// or replacement, that cannot be used as a validation or post_process, and
// on a replacement without documentation (examples, a row in
// docs/operations.md).
func TestSeedNamesRegistered(t *testing.T) {
	rows := seedRows(t)
	if len(rows) != 59 {
		t.Fatalf("read %d rows of the seed's tables, want 59", len(rows))
	}
	doc, err := os.ReadFile("../../docs/operations.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rows {
		for _, name := range []string{r.name, r.replacement} {
			if name == "" {
				continue
			}
			s, ok := postprocess.Lookup(name)
			if !ok || s.Kind == postprocess.Structural {
				t.Errorf("%s (seed row %s) is not a registered operation", name, r.name)
				continue
			}
			if len(s.Examples) == 0 || !strings.Contains(string(doc), "| `"+name+"`") {
				t.Errorf("%s: no examples or no row in docs/operations.md", name)
			}
		}
	}
}

// TestSeedParams checks that the deprecated validator.js names, and the
// replacement names sluice adds for them, take the parameters the seed
// lists.
func TestSeedParams(t *testing.T) {
	for _, r := range seedRows(t) {
		names := []string{r.name}
		if s, ok := postprocess.Lookup(r.replacement); ok && s.Kind == postprocess.ValidatorPlugin {
			names = append(names, r.replacement)
		}
		for _, name := range names {
			s, ok := postprocess.Lookup(name)
			if !ok || s.Kind != postprocess.ValidatorPlugin {
				continue
			}
			for _, m := range paramRe.FindAllStringSubmatch(r.params, -1) {
				if !hasParam(s, m[1]) {
					t.Errorf("%s: the seed lists parameter %q", name, m[1])
				}
			}
		}
	}
}

func hasParam(s *postprocess.Spec, name string) bool {
	for _, p := range s.Params {
		if p.Name == name {
			return true
		}
	}
	return false
}
