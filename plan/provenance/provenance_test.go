package provenance_test

import (
	"os"
	"strings"
	"testing"

	"github.com/sluice-dev/sluice/compiler"
	"github.com/sluice-dev/sluice/lang/diag"
	"github.com/sluice-dev/sluice/plan"
	"github.com/sluice-dev/sluice/plan/provenance"
	"github.com/sluice-dev/sluice/postprocess"
	"github.com/sluice-dev/sluice/record"
)

const testdata = "../../internal/cli/testdata/authoring/"

func compile(t *testing.T, file string) *plan.Plan {
	t.Helper()
	p, diags := compiler.CompileFiles([]string{testdata + file}, compiler.Config{})
	if p == nil {
		t.Fatal(diags.Error())
	}
	return p
}

func load(t *testing.T) []*record.Record {
	t.Helper()
	b, err := os.ReadFile(testdata + "users.ndjson")
	if err != nil {
		t.Fatal(err)
	}
	var out []*record.Record
	for _, l := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		v, err := record.ParseJSON([]byte(l))
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, record.New(v.(*record.Object)))
	}
	return out
}

// history renders the events that touched a field as "kind@line".
func history(evs []*provenance.Event) string {
	var parts []string
	for _, e := range evs {
		parts = append(parts, string(e.Kind)+"@"+itoa(e.Rule.Line))
	}
	return strings.Join(parts, " ")
}

func itoa(n int) string { return record.FormatNumber(float64(n)) }

// TestTraceExplainsFields: each output field is attributed to the rules
// that wrote, changed and removed it; dropped records name the rule.
func TestTraceExplainsFields(t *testing.T) {
	p := compile(t, "users.rules")
	traces := provenance.Run(p, load(t))
	if len(traces) != 4 {
		t.Fatalf("%d traces", len(traces))
	}
	ann := traces[0]
	if got := record.JSON(ann.Output); got != `{"name":"ANN","email":"ann@example.com","id":1,"age_text":"30"}` {
		t.Errorf("ann output %s", got)
	}
	want := map[string]string{
		"name":      "extract@2 step@3",
		"email":     "extract@4 step@5", // isEmail checked it and kept it
		"age_text":  "step@8",
		"adult_age": "extract@7 restrict@7",
		"id":        "extract@9",
	}
	for field, w := range want {
		if got := history(ann.Field(field)); got != w {
			t.Errorf("ann %s: %q, want %q", field, got, w)
		}
	}
	if ev := ann.Field("email")[1]; len(ev.Kept) != 1 || ev.Changes() {
		t.Errorf("ann email kept by isEmail: %+v", ev)
	}
	if got := history(traces[1].Field("email")); got != "extract@4 step@5" {
		t.Errorf("bob email (removed by isEmail): %q", got)
	}
	if ev := traces[1].Field("email")[1]; len(ev.Removed) != 1 || ev.What != "isEmail email" {
		t.Errorf("bob email removal: %+v", ev)
	}
	guest := traces[2]
	if d := guest.DroppedBy(); guest.Output != nil || d == nil || d.Kind != provenance.Unmet || d.Rule.Line != 9 {
		t.Errorf("guest: output %v, dropped by %+v", guest.Output, d)
	}
	other := traces[3]
	if other.Output != nil || other.DroppedBy() != nil || len(other.Matched) != 1 {
		t.Errorf("other: output %v, matched %v", other.Output, other.Matched)
	}
}

// TestCoverageCounts: counts per element and the gaps.
func TestCoverageCounts(t *testing.T) {
	p := compile(t, "users.rules")
	c := provenance.NewCoverage(p)
	for _, tr := range provenance.Run(p, load(t)) {
		c.Add(p, tr)
	}
	if c.Records != 4 || c.Output != 2 {
		t.Errorf("records %d, output %d", c.Records, c.Output)
	}
	var gaps []string
	for _, g := range c.Gaps() {
		gaps = append(gaps, g.Kind+"@"+itoa(g.Rule.Line)+": never "+g.Branch)
	}
	if got := strings.Join(gaps, "; "); got != "selector@6: never matched; extraction@6: never reached" {
		t.Errorf("gaps: %s", got)
	}
	for _, e := range c.Elements {
		if e.Kind == "validation" && (e.Reached != 2 || e.Yes != 1 || e.No != 1) {
			t.Errorf("isEmail: %+v", e)
		}
		if e.Kind == "other_match_required" && e.Yes != 1 {
			t.Errorf("other_match_required: %+v", e)
		}
	}
}

// TestTracerOff: without a tracer the plan gives the same results.
func TestTracerOff(t *testing.T) {
	p := compile(t, "users.rules")
	out, _ := p.Run(load(t))
	var traced []string
	for _, tr := range provenance.Run(p, load(t)) {
		if tr.Output != nil {
			traced = append(traced, record.JSON(tr.Output))
		}
	}
	var plain []string
	for _, r := range out {
		plain = append(plain, record.JSON(r.Data))
	}
	if strings.Join(plain, "\n") != strings.Join(traced, "\n") {
		t.Errorf("traced %v, plain %v", traced, plain)
	}
}

// TestSelectorStepBranches: a post-process selector step counts both
// branches, and a record it rejects is reported as dropped by it.
func TestSelectorStepBranches(t *testing.T) {
	rules := `{"selector": "*", "source": "a", "target": "a", "tag": "t"}
{"follow": "t", "post_process": "selector", "selector": "a:1", "tag": "s"}
{"follow": "s", "post_process": "toString", "target": "b"}
`
	p, diags := compiler.Compile([]*diag.Source{diag.NewSource("sel.rules", []byte(rules))}, compiler.Config{})
	if p == nil {
		t.Fatal(diags.Error())
	}
	var in []*record.Record
	for _, a := range []float64{1, 2, 1} {
		o := record.NewObject(1)
		o.Set("a", a)
		in = append(in, record.New(o))
	}
	c := provenance.NewCoverage(p)
	traces := provenance.Run(p, in)
	for _, tr := range traces {
		c.Add(p, tr)
	}
	for _, e := range c.Elements {
		if e.Kind == "selector_step" && (e.Reached != 3 || e.Yes != 2 || e.No != 1) {
			t.Errorf("selector step: %+v", e)
		}
	}
	if got := traces[1].Explain(); got != `dropped by sel.rules:2 selector "a:1"` {
		t.Errorf("second record: %s", got)
	}
	if len(c.Gaps()) != 0 {
		t.Errorf("gaps: %+v", c.Gaps())
	}
}

// TestPanicEndsOneTrace: a panic inside an operation ends that record's
// trace with the panic and the rule; the next records are traced as usual.
func TestPanicEndsOneTrace(t *testing.T) {
	postprocess.Register(&postprocess.Spec{Name: "testPanicOnB", Kind: postprocess.FieldTransform, Summary: "panics on \"b\"",
		Build: func(*postprocess.Args) (*postprocess.Impl, error) {
			return &postprocess.Impl{Transform: func(v any, _ *record.Object) (any, error) {
				if v == "b" {
					panic("boom")
				}
				return v, nil
			}}, nil
		}})
	rules := "{\"selector\": \"*\", \"source\": \"a\", \"target\": \"a\", \"tag\": \"t\"}\n{\"follow\": \"t\", \"post_process\": \"testPanicOnB\"}\n"
	p, diags := compiler.Compile([]*diag.Source{diag.NewSource("p.rules", []byte(rules))}, compiler.Config{})
	if p == nil {
		t.Fatal(diags.Error())
	}
	var in []*record.Record
	for _, a := range []string{"a", "b", "c"} {
		o := record.NewObject(1)
		o.Set("a", a)
		in = append(in, record.New(o))
	}
	traces := provenance.Run(p, in)
	if len(traces) != 3 {
		t.Fatalf("%d traces", len(traces))
	}
	if got := traces[1].Explain(); got != "internal error while the rule at p.rules:2 ran: boom" || traces[1].Output != nil {
		t.Errorf("panicking record: %q", got)
	}
	if record.JSON(traces[2].Output) != `{"a":"c"}` || traces[2].Panic != "" {
		t.Errorf("record after the panic: %s %q", record.JSON(traces[2].Output), traces[2].Panic)
	}
}

// Every node of plan.Graph shows exactly one coverage element, and every
// element names nodes of the graph: coverage annotates the graph by these
// IDs, so a node never shows another element's counts. Two rules carry the
// same field with other_match_required: one element, two nodes.
func TestCoverageNodeIDs(t *testing.T) {
	rules := `{"selector": "a:1", "source": "a", "target": "x", "tag": "t", "output": false}
{"follow": "t", "post_process": "toUpperCase", "target": "y"}
{"selector": "b:2", "source": "b", "target": "z", "tag": "v"}
{"follow": "v", "validation": "isString"}
{"source": "id", "target": "id", "other_match_required": true}
{"source": "id", "target": "id", "other_match_required": true}
{"source": "ts", "target": "ts", "other_match_required": true}`
	p, diags := compiler.Compile([]*diag.Source{diag.NewSource("ids.rules", []byte(rules))}, compiler.Config{})
	if p == nil {
		t.Fatal(diags)
	}
	c := provenance.NewCoverage(p)
	shown := map[string]*provenance.Element{}
	for _, e := range c.Elements {
		if len(e.NodeIDs) == 0 {
			t.Errorf("element %s %q names no graph node", e.Kind, e.What)
		}
		for _, id := range e.NodeIDs {
			if shown[id] != nil {
				t.Errorf("node %s shows two elements", id)
			}
			shown[id] = e
		}
	}
	nodes, _ := p.Graph()
	for _, n := range nodes {
		e := shown[n.ID]
		if e == nil {
			t.Errorf("graph node %s (%s) shows no element", n.ID, n.Title)
			continue
		}
		if e.Kind == "other_match_required" { // one element per field, a node per rule
			if field := strings.TrimPrefix(e.What, "other_match_required "); !strings.HasPrefix(n.Title, field+" ") {
				t.Errorf("node %s (%s) shows the element of field %s", n.ID, n.Title, field)
			}
		} else if e.Rule.ID != n.Rule.ID {
			t.Errorf("node %s is rule %d, its element is rule %d", n.ID, n.Rule.ID, e.Rule.ID)
		}
		delete(shown, n.ID)
	}
	for id := range shown {
		t.Errorf("element node %s is not in the graph", id)
	}
}
