package compiler

import (
	"encoding/json"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/sluice-dev/sluice/internal/ndjson"

	"github.com/sluice-dev/sluice/lang/diag"
	"github.com/sluice-dev/sluice/plan"
	"github.com/sluice-dev/sluice/postprocess"
	"github.com/sluice-dev/sluice/record"
)

// transformCase is one line of testdata/transforms.ndjson: the reference's
// own ts-transforms test expectations (transforms.md §21).
type transformCase struct {
	ID               string            `json:"id"`
	Name             string            `json:"name"`
	Level            string            `json:"level"`
	Mode             string            `json:"mode"`
	Phase            string            `json:"phase"`
	Op               string            `json:"op"`
	Rules            []json.RawMessage `json:"rules"`
	Notification     string            `json:"notification_rules"`
	Config           json.RawMessage   `json:"config"`
	Types            map[string]string `json:"type_config"`
	Variables        map[string]any    `json:"variables"`
	Input            []json.RawMessage `json:"input"`
	Expected         json.RawMessage   `json:"expected"`
	ExpectedError    string            `json:"expected_error"`
	ExpectedCompiled map[string]any    `json:"expected_compiled"`
	ExpectedLoaded   []map[string]any  `json:"expected_loaded"`
	ExpectedParsed   []map[string]any  `json:"expected_parsed"`
	Ordered          bool              `json:"ordered"`
	ExpectedCount    *int              `json:"expected_count"`
	ExpectedMetadata struct {
		Selectors []any `json:"selectors"`
	} `json:"expected_metadata"`
}

// caseDeviations: cases where sluice deliberately differs (docs/compat.md).
var caseDeviations = map[string]string{}

func loadTransformCases(t *testing.T) []transformCase {
	out, err := ndjson.Read[transformCase]("testdata/transforms.ndjson", nil)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func init() {
	// The test plugins of the reference's suite (transforms.md §14).
	postprocess.Register(
		&postprocess.Spec{Name: "noop", Kind: postprocess.RecordTransform, Summary: "test plugin",
			Build: func(*postprocess.Args) (*postprocess.Impl, error) {
				return &postprocess.Impl{RecordTx: func(r *record.Record) (*record.Record, error) { return r, nil }}, nil
			}},
		&postprocess.Spec{Name: "double", Kind: postprocess.RecordTransform, Summary: "test plugin",
			Build: func(a *postprocess.Args) (*postprocess.Impl, error) {
				src, _ := a.String("source", "")
				tgt, _ := a.String("target", "")
				return &postprocess.Impl{RecordTx: func(r *record.Record) (*record.Record, error) {
					if v, ok := r.Data.Get(src); ok && record.Truthy(v) {
						r.Data.Set(tgt, record.ToNumber(v)*2)
					}
					return r, nil
				}}, nil
			}},
	)
}

func (c *transformCase) source() *diag.Source {
	if c.Notification != "" {
		return diag.NewSource(c.ID+".txt", []byte(c.Notification))
	}
	var b strings.Builder
	for _, r := range c.Rules {
		b.Write(r)
		b.WriteByte('\n')
	}
	return diag.NewSource(c.ID+".txt", []byte(b.String()))
}

func (c *transformCase) config() Config {
	cfg := Config{Types: c.Types, Variables: c.Variables, Now: time.Date(2026, 11, 21, 0, 0, 0, 0, time.UTC)}
	if c.Mode == "matcher" {
		cfg.Mode = plan.Matcher
	}
	return cfg
}

func TestTransformCases(t *testing.T) {
	counts := map[string]int{}
	for _, c := range loadTransformCases(t) {
		c := c
		t.Run(c.ID, func(t *testing.T) {
			if why, ok := caseDeviations[c.ID]; ok {
				t.Skipf("deviation: %s", why)
			}
			switch c.Level {
			case "pipeline":
				runPipelineCase(t, &c)
			case "init-error":
				runInitErrorCase(t, &c)
			case "compile":
				runCompileCase(t, &c)
			case "operation":
				runOperationCase(t, &c)
			case "phase":
				runPhaseCase(t, &c)
			case "cli":
				t.Skip("CLI cases run in internal/cli")
			}
		})
		counts[c.Level]++
	}
	t.Logf("transform cases by level: %v", counts)
}

func parseRecords(t *testing.T, raws []json.RawMessage) []*record.Record {
	var out []*record.Record
	for _, raw := range raws {
		o, err := record.ParseObject(raw)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, record.New(o))
	}
	return out
}

func runPipelineCase(t *testing.T, c *transformCase) {
	p, diags := Compile([]*diag.Source{c.source()}, c.config())
	if p == nil {
		t.Fatalf("compile failed:\n%v", diags)
	}
	st := &plan.State{KeepSelectors: true}
	var got []*record.Record
	for _, r := range parseRecords(t, c.Input) {
		out, d := p.RunOne(r, st)
		if d != nil {
			t.Fatalf("dead letter: %v", d.Message)
		}
		if out != nil {
			got = append(got, out)
		}
	}
	if c.ExpectedCount != nil {
		if len(got) != *c.ExpectedCount {
			t.Errorf("%d records, want %d", len(got), *c.ExpectedCount)
		}
		if want := c.ExpectedMetadata.Selectors; want != nil && len(got) > 0 {
			sel, _ := got[0].GetMeta("selectors")
			if !record.DeepEqual(sel, want) {
				t.Errorf("selectors metadata %v, want %v", sel, want)
			}
		}
		return
	}
	compareRecords(t, got, c.Expected, c.Ordered)
}

func compareRecords(t *testing.T, got []*record.Record, expected json.RawMessage, ordered bool) {
	t.Helper()
	wantV, err := record.ParseJSON(expected)
	if err != nil {
		t.Fatal(err)
	}
	want, _ := wantV.([]any)
	gotJSON, wantJSON := make([]string, len(got)), make([]string, len(want))
	for i, r := range got {
		gotJSON[i] = canonical(r.Data)
	}
	for i, w := range want {
		wantJSON[i] = canonical(w)
	}
	if !ordered {
		sort.Strings(gotJSON)
		sort.Strings(wantJSON)
	}
	if strings.Join(gotJSON, "\n") != strings.Join(wantJSON, "\n") {
		t.Errorf("records differ:\n got:\n  %s\n want:\n  %s", strings.Join(gotJSON, "\n  "), strings.Join(wantJSON, "\n  "))
	}
}

// canonical renders a value as JSON with keys sorted, for comparison.
func canonical(v any) string { return record.JSON(sortedKeys(v)) }

func sortedKeys(v any) any {
	switch x := v.(type) {
	case *record.Object:
		m := map[string]any{}
		for i := 0; i < x.Len(); i++ {
			k, e := x.At(i)
			if e != record.Undefined {
				m[k] = sortedKeys(e)
			}
		}
		return record.FromMap(m)
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = sortedKeys(e)
		}
		return out
	}
	return v
}

func runInitErrorCase(t *testing.T, c *transformCase) {
	if c.Op != "" {
		// each config of an operation case must be rejected on its own
		for i, raw := range c.Rules {
			src := opRules(c.Op, raw)
			if p, _ := Compile([]*diag.Source{src}, c.config()); p != nil {
				t.Errorf("config %d (%s) compiled; want an error (%s)", i, raw, c.ExpectedError)
			}
		}
		return
	}
	p, diags := Compile([]*diag.Source{c.source()}, c.config())
	if p != nil {
		t.Fatalf("compiled; want error %q", c.ExpectedError)
	}
	t.Logf("diagnostics (want %q):\n%v", c.ExpectedError, diags)
}

// opRules wraps one operation config as a rule following a catch-all
// selector rule, so the operation runs on whole input records.
func opRules(op string, config json.RawMessage) *diag.Source {
	cfg, _ := record.ParseObject(config)
	if cfg == nil {
		cfg = record.NewObject(0)
	}
	rule := record.NewObject(cfg.Len() + 2)
	if m, ok := cfg.Get("mutate"); op == "extraction" && ok && m == false {
		// an extraction that builds a new record is a primary extraction
		rule.Set("selector", "*")
		for i := 0; i < cfg.Len(); i++ {
			k, v := cfg.At(i)
			if k != "mutate" {
				rule.Set(k, v)
			}
		}
		return diag.NewSource(op+".txt", []byte(record.JSON(rule)+"\n"))
	}
	rule.Set("follow", "__all")
	rule.Set("post_process", op)
	if op == "selector" {
		rule.Set("source", "__record") // a one-to-one op needs source and target fields
		rule.Set("target", "__record")
	}
	for i := 0; i < cfg.Len(); i++ {
		k, v := cfg.At(i)
		rule.Set(k, v)
	}
	text := `{"selector":"*","tag":"__all"}` + "\n" + record.JSON(rule) + "\n"
	return diag.NewSource(op+".txt", []byte(text))
}

func runOperationCase(t *testing.T, c *transformCase) {
	if strings.HasPrefix(c.Op, "trim(") {
		t.Skip("the core trim class is shadowed by data-mate trim in the reference registry")
	}
	p, diags := Compile([]*diag.Source{opRules(c.Op, c.Config)}, c.config())
	if p == nil {
		t.Fatalf("compile failed:\n%v", diags)
	}
	if c.Op == "selector" {
		runSelectorOpCase(t, c, p)
		return
	}
	var got []*record.Record
	st := &plan.State{}
	for _, r := range parseRecords(t, c.Input) {
		out, d := p.RunOne(r, st)
		if d != nil {
			t.Fatalf("dead letter: %s", d.Message)
		}
		if out != nil {
			got = append(got, out)
		}
	}
	compareOperation(t, got, c)
}

// compareOperation: operation cases list one expected value per input (null
// for an eliminated record).
func compareOperation(t *testing.T, got []*record.Record, c *transformCase) {
	wantV, _ := record.ParseJSON(c.Expected)
	want, _ := wantV.([]any)
	var kept []any
	for _, w := range want {
		if w != nil {
			kept = append(kept, w)
		}
	}
	raw, _ := json.Marshal(record.ToGo(kept))
	if kept == nil {
		raw = []byte("[]")
	}
	compareRecords(t, got, raw, true)
}

func runCompileCase(t *testing.T, c *transformCase) {
	src := c.source()
	if c.ExpectedLoaded != nil || c.ExpectedParsed != nil {
		var l diag.List
		rules := load(src, 0, &l)
		if c.ExpectedParsed != nil {
			for _, r := range rules {
				normalize(r, &l)
			}
		}
		want := c.ExpectedLoaded
		if want == nil {
			want = c.ExpectedParsed
		}
		if len(rules) != len(want) {
			t.Fatalf("%d rules, want %d", len(rules), len(want))
		}
		for i, w := range want {
			assertSubset(t, record.ToGo(rules[i].Obj).(map[string]any), w, "rule "+record.Index(i))
		}
		return
	}
	p, diags := Compile([]*diag.Source{src}, c.config())
	if p == nil {
		t.Fatalf("compile failed:\n%v", diags)
	}
	assertSubset(t, compiledView(p), c.ExpectedCompiled, "compiled")
}

// compiledView renders a plan in the shape of the reference's compiled
// configuration (transforms.md §5.6).
func compiledView(p *plan.Plan) map[string]any {
	ex, post := map[string]any{}, map[string]any{}
	var sels []any
	groups, pipes := 0, 0
	for _, s := range p.Selectors {
		sels = append(sels, s.Query)
		if len(s.Extractions) > 0 {
			groups++
			var list []any
			for _, e := range s.Extractions {
				m := map[string]any{"target": e.Spec.Target, "mutate": e.Mutate}
				if e.Spec.HasSource {
					m["source"] = e.Spec.Source
				}
				if e.Spec.Exp != "" {
					m["exp"] = e.Spec.Exp
				}
				list = append(list, m)
			}
			ex[s.Query] = list
		}
		if len(s.Pipeline) > 0 {
			pipes++
			var list []any
			for _, st := range s.Pipeline {
				m := map[string]any{"op": st.Name, "source": st.Source, "target": st.TargetAs}
				if st.Sources != nil {
					srcs := make([]any, len(st.Sources))
					for i, x := range st.Sources {
						srcs[i] = x
					}
					m["sources"] = srcs
				}
				if st.Extraction != nil {
					m["mutate"] = st.Extraction.Mutate
				}
				list = append(list, m)
			}
			post[s.Query] = list
		}
	}
	restrict, require := map[string]any{}, map[string]any{}
	for _, r := range p.Restrict {
		restrict[r.Path.String()] = true
	}
	for _, r := range p.Require {
		require[r.Field] = r.Selector
	}
	phases := []any{"selection"}
	if p.Extracting {
		phases = append(phases, "extraction")
	}
	if p.Processing {
		phases = append(phases, "post_process")
	}
	phases = append(phases, "output")
	return map[string]any{"extractions": ex, "post_processing": post, "restrict_output": restrict,
		"match_requirements": require, "selectors": sels, "extraction_group_count": float64(groups),
		"post_processing_group_count": float64(pipes), "output_has_requirements": len(p.Require) > 0,
		"output_has_restrictions": len(p.Restrict) > 0, "phases": phases}
}

// assertSubset checks that every key of want is in got with an equal value
// (recursively for maps; lists must match element-wise as subsets).
func assertSubset(t *testing.T, got, want any, path string) {
	t.Helper()
	switch w := want.(type) {
	case map[string]any:
		g, ok := got.(map[string]any)
		if !ok {
			t.Errorf("%s: got %v, want an object %v", path, got, w)
			return
		}
		if len(w) == 0 && len(g) != 0 {
			t.Errorf("%s: got %v, want empty", path, g)
		}
		for k, wv := range w {
			assertSubset(t, g[k], wv, path+"."+k)
		}
	case []any:
		g, ok := got.([]any)
		if !ok || len(g) != len(w) {
			t.Errorf("%s: got %v, want %v", path, got, w)
			return
		}
		for i := range w {
			assertSubset(t, g[i], w[i], path+"["+record.Index(i)+"]")
		}
	default:
		if !record.DeepEqual(record.FromGo(got), record.FromGo(want)) {
			t.Errorf("%s: got %#v, want %#v", path, got, want)
		}
	}
}

type phaseInput struct {
	Data     json.RawMessage `json:"data"`
	Metadata struct {
		Selectors []string `json:"selectors"`
	} `json:"metadata"`
}

func runPhaseCase(t *testing.T, c *transformCase) {
	p, diags := Compile([]*diag.Source{c.source()}, c.config())
	if p == nil {
		t.Fatalf("compile failed:\n%v", diags)
	}
	var got []*record.Record
	for _, raw := range c.Input {
		var in phaseInput
		if err := json.Unmarshal(raw, &in); err != nil {
			t.Fatal(err)
		}
		o, _ := record.ParseObject(in.Data)
		r := record.New(o)
		var out *record.Record
		var err error
		switch c.Phase {
		case "extraction":
			out, err = p.ExtractPhase(r, in.Metadata.Selectors)
		case "post_process":
			out, err = p.PostProcessPhase(r, in.Metadata.Selectors)
		case "output":
			out = p.OutputPhase(r)
		}
		if err != nil {
			t.Fatal(err)
		}
		if out != nil {
			got = append(got, out)
		}
	}
	compareRecords(t, got, c.Expected, c.Ordered)
}

// runSelectorOpCase: the selector operation's cases give records as
// {data, metadata}; the operation keeps matching records and appends its
// query to their selectors.
func runSelectorOpCase(t *testing.T, c *transformCase, p *plan.Plan) {
	wantV, _ := record.ParseJSON(c.Expected)
	want := wantV.([]any)
	for i, raw := range c.Input {
		var in phaseInput
		if err := json.Unmarshal(raw, &in); err != nil {
			t.Fatal(err)
		}
		o, _ := record.ParseObject(in.Data)
		st := &plan.State{KeepSelectors: true}
		out, _ := p.RunOne(record.New(o), st)
		if want[i] == nil {
			if out != nil {
				t.Errorf("input %d: kept %s, want it dropped", i, record.JSON(out.Data))
			}
			continue
		}
		w := want[i].(*record.Object)
		wd, _ := w.Get("data")
		if out == nil || !record.DeepEqual(out.Data, wd) {
			t.Errorf("input %d: got %v, want %s", i, out, record.JSON(wd))
			continue
		}
		sel, _ := out.GetMeta("selectors")
		names := sel.([]any)
		wm, _ := record.ParsePath("metadata.selectors").Get(w)
		wl := wm.([]any)
		if names[len(names)-1] != wl[len(wl)-1] {
			t.Errorf("input %d: selectors %v, want the query appended last (%v)", i, names, wl)
		}
	}
}
