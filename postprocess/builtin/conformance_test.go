package builtin

import (
	"encoding/json"
	"errors"
	"sort"
	"strings"
	"testing"

	"github.com/sluice-dev/sluice/internal/ndjson"

	"github.com/sluice-dev/sluice/postprocess"
	"github.com/sluice-dev/sluice/record"
)

const casesFile = "../../conformance/testdata/validators.ndjson"

// confCase is one line of validators.ndjson.
type confCase struct {
	ID       int             `json:"id"`
	Fn       string          `json:"fn"`
	Kind     string          `json:"kind"`
	Args     json.RawMessage `json:"args"`
	Input    json.RawMessage `json:"input"`
	RuleWant json.RawMessage `json:"rule_want"`
	Kept     *bool           `json:"kept"`
}

var ownKinds = map[string]bool{"builtin_validation": true, "builtin_transform": true, "validator_plugin": true}

func loadCases(t testing.TB) []confCase {
	t.Helper()
	out, err := ndjson.Read(casesFile, func(c *confCase) bool { return ownKinds[c.Kind] })
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func specByName(name string) *postprocess.Spec {
	for _, s := range Specs() {
		if s.Name == name {
			return s
		}
	}
	return nil
}

func mustParse(t testing.TB, raw json.RawMessage) any {
	t.Helper()
	v, err := record.ParseJSON(raw)
	if err != nil {
		t.Fatalf("parse %s: %v", raw, err)
	}
	return v
}

// ruleFor is the harness's rule {source:'field', target:'field', follow:'tag', ...args}.
func ruleFor(t testing.TB, args json.RawMessage) *record.Object {
	t.Helper()
	rule := record.NewObject(4)
	rule.Set("source", "field")
	rule.Set("target", "field")
	rule.Set("follow", "tag")
	if len(args) > 0 {
		extra, err := record.ParseObject(args)
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; i < extra.Len(); i++ {
			k, v := extra.At(i)
			rule.Set(k, v)
		}
	}
	return rule
}

// newOp binds spec to the rule the way the compiler does for source and
// target "field".
func newOp(spec *postprocess.Spec, rule *record.Object) (*postprocess.Op, error) {
	impl, err := spec.Build(postprocess.NewArgs(rule))
	if err != nil {
		return nil, err
	}
	out, isBool := rule.Get("output")
	invert := isBool && out == false && spec.Kind.IsValidation()
	src, tgt := "field", "field"
	if spec.RewritePaths != nil {
		src, tgt = spec.RewritePaths(src, tgt)
	}
	return &postprocess.Op{Spec: spec, Impl: impl, Source: record.ParsePath(src), Target: record.ParsePath(tgt),
		InPlace: src == tgt, Invert: invert, KeepScalars: true}, nil
}

// runField runs op on {"field": input, "keep": 1} and renders the field
// afterwards: its JSON, or "removed".
func runField(op *postprocess.Op, input any) string {
	data := record.NewObject(2)
	data.Set("field", input)
	data.Set("keep", 1.0)
	out, err := op.Run(record.New(data))
	if err != nil {
		return "error: " + err.Error()
	}
	if out == nil {
		return "dropped"
	}
	v, ok := out.Data.Get("field")
	if !ok {
		return "removed"
	}
	return record.JSON(v)
}

// wantOf renders a case's expected field the way runField does.
func wantOf(t testing.TB, c confCase) string {
	want := mustParse(t, c.RuleWant)
	if (c.Kept != nil && !*c.Kept) || (c.Kept == nil && want == nil) {
		return "removed"
	}
	return record.JSON(want)
}

// outcome runs one case: the field's rendering or "param error (key)".
func outcome(t testing.TB, c confCase) string {
	spec := specByName(c.Fn)
	if spec == nil {
		return "unregistered"
	}
	op, err := newOp(spec, ruleFor(t, c.Args))
	if err != nil {
		var pe *postprocess.ParamError
		if errors.As(err, &pe) {
			return "param error (" + pe.Param + ")"
		}
		return "build error: " + err.Error()
	}
	return runField(op, mustParse(t, c.Input))
}

func TestConformance(t *testing.T) {
	cases := loadCases(t)
	pass, total := map[string]int{}, map[string]int{}
	for _, c := range cases {
		total[c.Fn]++
		want := wantOf(t, c)
		if d, ok := deviations[c.ID]; ok {
			want = d.sluice
		}
		got := outcome(t, c)
		if got != want {
			t.Errorf("case %d %s args=%s input=%s: got %s, want %s", c.ID, c.Fn, c.Args, c.Input, got, want)
			continue
		}
		pass[c.Fn]++
	}
	names := make([]string, 0, len(total))
	for n := range total {
		names = append(names, n)
	}
	sort.Strings(names)
	var sb strings.Builder
	for _, n := range names {
		sb.WriteString(n + " " + itoa(pass[n]) + "/" + itoa(total[n]) + "  ")
	}
	t.Log(sb.String())
}

func itoa(n int) string { return string(record.AppendNumber(nil, float64(n))) }

// TestDeviationsAreCases keeps the deviation table honest.
func TestDeviationsAreCases(t *testing.T) {
	ids := map[int]bool{}
	for _, c := range loadCases(t) {
		ids[c.ID] = true
	}
	for id, d := range deviations {
		if !ids[id] {
			t.Errorf("deviation %d is not a case of this package", id)
		}
		if d.reason == "" {
			t.Errorf("deviation %d has no reason", id)
		}
	}
}
