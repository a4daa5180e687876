package compiler

import (
	"strings"
	"testing"

	"github.com/sluice-dev/sluice/internal/ndjson"
	"github.com/sluice-dev/sluice/lang/diag"
	"github.com/sluice-dev/sluice/plan"
	"github.com/sluice-dev/sluice/record"
)

// TestExactnessCases runs testdata/exactness.ndjson: whole rule files whose
// output was computed with the reference ts-transforms (jexl `exp`,
// transformRecord with data-mate transforms, map with extract). Output
// records are compared as JSON with their key order. A case the reference
// fails with ("reference_error", the whole run throws) must be rejected when
// the rules are compiled, as must a case marked as a deviation.
func TestExactnessCases(t *testing.T) {
	cases, err := ndjson.Read[exactCase]("testdata/exactness.ndjson", nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		t.Run(c.ID, func(t *testing.T) { c.run(t) })
	}
	if len(cases) < 60 {
		t.Errorf("%d cases", len(cases))
	}
}

type exactCase struct {
	transformCase
	ReferenceError string `json:"reference_error"`
	Deviation      string `json:"deviation"` // sluice rejects the rules (docs/compat.md)
}

func (c *exactCase) run(t *testing.T) {
	p, diags := Compile([]*diag.Source{c.source()}, c.config())
	if c.ReferenceError != "" || c.Deviation != "" {
		if p != nil {
			t.Errorf("compiled; want a compile error (%s%s)", c.ReferenceError, c.Deviation)
		}
		return
	}
	if p == nil {
		t.Fatalf("compile failed:\n%v", diags)
	}
	var got []string
	for _, r := range parseRecords(t, c.Input) {
		out, d := p.RunOne(r, &plan.State{})
		if d != nil {
			t.Fatalf("dead letter: %v", d.Message)
		}
		if out != nil {
			got = append(got, record.JSON(out.Data))
		}
	}
	want, err := record.ParseJSON(c.Expected)
	if err != nil {
		t.Fatal(err)
	}
	var wantJSON []string
	for _, w := range want.([]any) {
		wantJSON = append(wantJSON, record.JSON(w))
	}
	if g, w := strings.Join(got, "\n"), strings.Join(wantJSON, "\n"); g != w {
		t.Errorf("%s:\n got  %s\n want %s", c.Name, g, w)
	}
}
