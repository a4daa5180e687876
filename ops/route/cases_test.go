package route_test

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/sluice-dev/sluice/job"
	"github.com/sluice-dev/sluice/ops/route"
	"github.com/sluice-dev/sluice/record"
)

// refCase is a case of processors-cases.json (copied to testdata).
type refCase struct {
	Processor string         `json:"processor"`
	Config    map[string]any `json:"config"`
	Input     map[string]any `json:"input"`
	Expected  map[string]any `json:"expected"`
	Source    string         `json:"source_test"`
}

// classMode reports whether a case tests a router class directly (the
// upstream router unit tests) rather than the processor.
func (c refCase) classMode() bool { return strings.Contains(c.Source, "standard-asset-apis") }

// records builds the case's input records.
func (c refCase) records(t *testing.T) []*record.Record {
	t.Helper()
	in := c.Input
	switch {
	case in["_key"] != nil:
		return []*record.Record{rec(t, map[string]any{}, map[string]any{"_key": in["_key"]})}
	case in["_keys"] != nil:
		var out []*record.Record
		for _, k := range in["_keys"].([]any) {
			out = append(out, rec(t, map[string]any{}, map[string]any{"_key": k}))
		}
		return out
	case in["record"] != nil:
		return []*record.Record{rec(t, in["record"], nil)}
	case in["records"] != nil:
		var out []*record.Record
		for _, x := range in["records"].([]any) {
			m := x.(map[string]any)
			if data, ok := m["data"]; ok {
				out = append(out, rec(t, data, m["meta"].(map[string]any)))
			} else {
				out = append(out, rec(t, m, nil))
			}
		}
		return out
	}
	return nil
}

var builders = map[string]func(*record.Object) (route.Router, error){
	"key_router":   func(o *record.Object) (route.Router, error) { return route.NewKeyRouter(o) },
	"hash_router":  func(o *record.Object) (route.Router, error) { return route.NewHashRouter(o) },
	"field_router": func(o *record.Object) (route.Router, error) { return route.NewFieldRouter(o) },
	"date_router":  func(o *record.Object) (route.Router, error) { return route.NewDateRouter(o) },
}

func TestReferenceCases(t *testing.T) {
	for i, c := range readJSONL[refCase](t, "testdata/reference-cases.jsonl") {
		t.Run(fmt.Sprintf("%d-%s", i, c.Processor), func(t *testing.T) {
			switch {
			case strings.HasSuffix(c.Processor, ".schema"):
				schemaCase(t, c)
			case c.classMode():
				classCase(t, c)
			default:
				processorCase(t, c)
			}
		})
	}
}

// classCase builds the router from the configuration and looks up each
// record, as the upstream router tests do.
func classCase(t *testing.T, c refCase) {
	rt, err := builders[c.Processor](obj(t, c.Config))
	if checkError(t, c, err) {
		return
	}
	var got []*record.Record
	for _, r := range c.records(t) {
		route, err := rt.Lookup(r)
		if err != nil {
			t.Fatalf("lookup: %v", err)
		}
		r.SetMeta("standard:route", route)
		got = append(got, r)
	}
	checkRoutes(t, c, got)
}

// processorCase runs the case's records through the processor.
func processorCase(t *testing.T, c refCase) {
	name := strings.SplitN(c.Processor, ".", 2)[0]
	outs, err := runOp(t, opJSON(t, name, c.Config), job.HarnessOptions{}, c.records(t))
	if checkError(t, c, err) {
		return
	}
	checkRoutes(t, c, outs[0])
}

// checkError compares an error with the case's expected error; it reports
// whether the case expected one.
func checkError(t *testing.T, c refCase, err error) bool {
	t.Helper()
	want, exact := c.Expected["error"].(string)
	if !exact {
		want, _ = c.Expected["error_matches"].(string)
	}
	switch {
	case want == "" && err != nil:
		t.Fatalf("unexpected error: %v", err)
	case want == "":
		return false
	case err == nil:
		t.Fatalf("no error, want %q", want)
	}
	msg := err.Error()
	if pe, ok := err.(*job.ParamError); ok && exact {
		msg = pe.Msg
	}
	if (exact && msg != want) || !strings.Contains(msg, want) {
		t.Fatalf("error %q, want %q", msg, want)
	}
	return true
}

func checkRoutes(t *testing.T, c refCase, got []*record.Record) {
	t.Helper()
	want := c.Expected["standard:route"]
	if s, ok := want.(string); ok {
		want = []any{s}
	}
	if !reflect.DeepEqual(routes(got), want) {
		t.Fatalf("routes %v, want %v", routes(got), want)
	}
}

// schemaCase validates configurations: each_rejected / rejected must fail,
// accepted must pass, defaults must be filled in.
func schemaCase(t *testing.T, c refCase) {
	name := strings.TrimSuffix(c.Processor, ".schema")
	for _, key := range []string{"each_rejected", "rejected"} {
		list, _ := c.Config[key].([]any)
		for _, cfg := range list {
			if _, err := job.ProcessorHarness(opJSON(t, name, cfg.(map[string]any)), "", job.HarnessOptions{}); err == nil {
				t.Errorf("accepted %v", cfg)
			}
		}
	}
	accepted, _ := c.Config["accepted"].([]any)
	for _, cfg := range accepted {
		if _, err := job.ProcessorHarness(opJSON(t, name, cfg.(map[string]any)), "", job.HarnessOptions{}); err != nil {
			t.Errorf("rejected %v: %v", cfg, err)
		}
	}
	if cfg, ok := c.Config["defaults_for"].(map[string]any); ok {
		h, err := job.ProcessorHarness(opJSON(t, name, cfg), "", job.HarnessOptions{})
		if err != nil {
			t.Fatal(err)
		}
		defer h.Close()
		for k, v := range c.Expected["defaults"].(map[string]any) {
			if got := h.Job().Operations[1].Get(k); got != v {
				t.Errorf("default %s = %v, want %v", k, got, v)
			}
		}
	}
}
