package datamate

import (
	"testing"

	"github.com/sluice-dev/sluice/postprocess"
	"github.com/sluice-dev/sluice/record"
)

// runExample applies a spec's example through the real wrapper, as the
// registry's documentation promises.
func runExample(t *testing.T, s *postprocess.Spec, e postprocess.Example) string {
	t.Helper()
	rule := record.NewObject(4)
	rule.Append("source", "field")
	rule.Append("target", "field")
	if e.Args != "" {
		a := mustParse(t, []byte(e.Args)).(*record.Object)
		for i := 0; i < a.Len(); i++ {
			k, v := a.At(i)
			rule.Set(k, v)
		}
	}
	impl, err := s.Build(postprocess.NewArgs(rule))
	if err != nil {
		return "build error: " + err.Error()
	}
	op := &postprocess.Op{Spec: s, Impl: impl, Source: record.ParsePath("field"), Target: record.ParsePath("field"), InPlace: true, KeepScalars: true}
	input := mustParse(t, []byte(e.Input))
	var rec *record.Record
	if s.Kind == postprocess.RecordValidator || s.Kind == postprocess.RecordTransform {
		rec = record.New(input.(*record.Object))
	} else {
		data := record.NewObject(1)
		data.Append("field", input)
		rec = record.New(data)
	}
	res, _ := op.Run(rec)
	if s.Kind == postprocess.RecordValidator || s.Kind == postprocess.RecordTransform {
		if res == nil {
			return "null"
		}
		return record.JSON(res.Data)
	}
	if res == nil {
		return "removed"
	}
	if v, ok := res.Data.Get("field"); ok && v != record.Undefined {
		return record.JSON(v)
	}
	return "removed"
}

func TestExamples(t *testing.T) {
	for _, s := range Specs() {
		if s.Summary == "" || len(s.Examples) == 0 || len(s.Examples) > 3 {
			t.Errorf("%s: missing summary or examples", s.Name)
		}
		for _, e := range s.Examples {
			got := runExample(t, s, e)
			if got == e.Output {
				continue
			}
			if got == "removed" || got == "null" || e.Output == "removed" || e.Output == "null" ||
				!record.DeepEqual(mustParse(t, []byte(got)), mustParse(t, []byte(e.Output))) {
				t.Errorf("%s args=%s input=%s: got %s, example says %s", s.Name, e.Args, e.Input, got, e.Output)
			}
		}
	}
}

// TestRegistry checks the names, kinds and counts the brief lists.
func TestRegistry(t *testing.T) {
	count := map[postprocess.Kind]int{}
	seen := map[string]bool{}
	for _, s := range Specs() {
		if seen[s.Name] {
			t.Errorf("%s registered twice", s.Name)
		}
		seen[s.Name] = true
		count[s.Kind]++
	}
	want := map[postprocess.Kind]int{postprocess.FieldValidator: 43, postprocess.FieldTransform: 37,
		postprocess.RecordValidator: 3, postprocess.RecordTransform: 5}
	for k, n := range want {
		if count[k] != n {
			t.Errorf("%s: %d specs, want %d", k, count[k], n)
		}
	}
	for _, name := range []string{"contains", "isArray", "some", "every"} {
		if s := specByName(name); s == nil || !s.ArrayInput {
			t.Errorf("%s must take whole arrays", name)
		}
	}
}
