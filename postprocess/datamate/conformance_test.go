package datamate

import (
	"encoding/json"
	"errors"
	"sort"
	"testing"

	"github.com/sluice-dev/sluice/internal/ndjson"

	"github.com/sluice-dev/sluice/postprocess"
	"github.com/sluice-dev/sluice/record"
)

// confCase is one line of conformance/testdata/validators.ndjson.
type confCase struct {
	ID       int             `json:"id"`
	Fn       string          `json:"fn"`
	Kind     string          `json:"kind"`
	Args     json.RawMessage `json:"args"`
	Input    json.RawMessage `json:"input"`
	RuleWant json.RawMessage `json:"rule_want"`
	Want     json.RawMessage `json:"want"`
	FnResult json.RawMessage `json:"fn_result"`
	Note     string          `json:"note"`
}

var ourKinds = map[string]bool{"field_validator": true, "field_transform": true, "record_validator": true, "record_transform": true}

func loadCases(t testing.TB) []confCase {
	t.Helper()
	out, err := ndjson.Read("../../conformance/testdata/validators.ndjson", func(c *confCase) bool { return ourKinds[c.Kind] })
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

func mustParse(t testing.TB, raw []byte) any {
	t.Helper()
	v, err := record.ParseJSON(raw)
	if err != nil {
		t.Fatalf("parse %s: %v", raw, err)
	}
	return v
}

// ruleArgs is the rule object the reference harness built:
// {source:"field", target:"field", follow:"tag", ...args}.
func ruleArgs(t testing.TB, raw []byte) *record.Object {
	rule := record.NewObject(8)
	rule.Append("source", "field")
	rule.Append("target", "field")
	rule.Append("follow", "tag")
	args := mustParse(t, raw).(*record.Object)
	for i := 0; i < args.Len(); i++ {
		k, v := args.At(i)
		rule.Set(k, v)
	}
	return rule
}

var errSkip = errors.New("function-level only")

// runCase runs one case through Build and the real wrapper; it returns the
// JSON of what sluice gives ("build error" when Build fails).
func runCase(t testing.TB, c confCase) (string, error) {
	s := specByName(c.Fn)
	if s == nil {
		t.Fatalf("case %d: %s not registered", c.ID, c.Fn)
	}
	rule := ruleArgs(t, c.Args)
	impl, err := s.Build(postprocess.NewArgs(rule))
	if err != nil {
		return "build error", err
	}
	out, _ := rule.Get("output")
	op := &postprocess.Op{Spec: s, Impl: impl, Source: record.ParsePath("field"), Target: record.ParsePath("field"),
		InPlace: true, Invert: out == false && s.Kind.IsValidation(), KeepScalars: true}
	input := mustParse(t, c.Input)
	var rec *record.Record
	switch s.Kind {
	case postprocess.RecordValidator, postprocess.RecordTransform:
		obj, ok := input.(*record.Object)
		if !ok {
			return "", errSkip
		}
		rec = record.New(obj)
	default:
		data := record.NewObject(2)
		data.Append("field", input)
		data.Append("keep", 1.0)
		rec = record.New(data)
	}
	res, err := op.Run(rec)
	if err != nil {
		return "", err
	}
	return result(s, res), nil
}

func result(s *postprocess.Spec, res *record.Record) string {
	if res == nil {
		return "null"
	}
	if s.Kind == postprocess.RecordValidator || s.Kind == postprocess.RecordTransform {
		return record.JSON(res.Data)
	}
	v, ok := res.Data.Get("field")
	if !ok || v == record.Undefined {
		return "null"
	}
	return record.JSON(v)
}

func sameJSON(t testing.TB, got string, want []byte) bool {
	if got == "build error" {
		return false
	}
	return record.DeepEqual(mustParse(t, []byte(got)), mustParse(t, want))
}

func TestConformance(t *testing.T) {
	pass, dev, skip := map[string]int{}, map[string]int{}, map[string]int{}
	total := map[string]int{}
	for _, c := range loadCases(t) {
		total[c.Fn]++
		got, err := runCase(t, c)
		if errors.Is(err, errSkip) {
			skip[c.Fn]++
			continue
		}
		if d, ok := deviations[c.ID]; ok {
			if got != d.got && !(d.got != "build error" && sameJSON(t, got, []byte(d.got))) {
				t.Errorf("case %d %s args=%s input=%s: got %s, deviation table says %s", c.ID, c.Fn, c.Args, c.Input, got, d.got)
				continue
			}
			dev[c.Fn]++
			continue
		}
		if !sameJSON(t, got, c.RuleWant) {
			t.Errorf("case %d %s args=%s input=%s: got %s (%v), want %s", c.ID, c.Fn, c.Args, c.Input, got, err, c.RuleWant)
			continue
		}
		pass[c.Fn]++
	}
	names := make([]string, 0, len(total))
	for n := range total {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		t.Logf("%-24s %3d/%-3d pass, %d deviation, %d function-level only", n, pass[n], total[n], dev[n], skip[n])
	}
}
