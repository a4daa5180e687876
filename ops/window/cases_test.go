package window_test

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/sluice-dev/sluice/job"
	"github.com/sluice-dev/sluice/record"
)

type refCase struct {
	Processor string          `json:"processor"`
	Config    map[string]any  `json:"config"`
	Input     json.RawMessage `json:"input"`
	Expected  map[string]any  `json:"expected"`
}

// The window cases of processors-cases.json. Cases whose input is
// described in words (3000 clock docs, the docs' 10 s example) are the
// scenarios of testdata/scenarios.jsonl with the same configuration: the
// case's expectations are checked against that scenario's outputs, which
// the scenario tests reproduce.
func TestReferenceCases(t *testing.T) {
	scenarios := readJSONL[scenario](t, "testdata/scenarios.jsonl")
	for i, c := range readJSONL[refCase](t, "testdata/reference-cases.jsonl") {
		t.Run(fmt.Sprintf("%d-%s", i, c.Processor), func(t *testing.T) {
			if c.Processor == "window.schema" {
				schemaCase(t, c)
				return
			}
			var in struct {
				Slices []json.RawMessage `json:"slices"`
			}
			_ = json.Unmarshal(c.Input, &in)
			if outs, ok := runCase(t, c, in.Slices); ok {
				checkCase(t, c, outs)
				return
			}
			checkCase(t, c, scenarioOutputs(t, c, scenarios))
		})
	}
}

// runCase runs a case whose slices are literal arrays (then the flush).
func runCase(t *testing.T, c refCase, slices []json.RawMessage) ([][]*record.Record, bool) {
	var outs [][]*record.Record
	useFakeClock(t)
	h := harness(t, mustJSON(withOp(c.Config)), "")
	for _, raw := range slices {
		var docs []json.RawMessage
		if json.Unmarshal(raw, &docs) != nil {
			return nil, false
		}
		out, err := h.RunSlice(records(t, docs))
		if err != nil {
			t.Fatal(err)
		}
		outs = append(outs, out)
	}
	out, err := h.Flush()
	if err != nil {
		t.Fatal(err)
	}
	return append(outs, out), true
}

func withOp(config map[string]any) map[string]any {
	c := map[string]any{"_op": "window"}
	for k, v := range config {
		c[k] = v
	}
	return c
}

// scenarioOutputs finds the scenario with the case's configuration and
// rebuilds its outputs as windows of records {id, time}.
func scenarioOutputs(t *testing.T, c refCase, scenarios []scenario) [][]*record.Record {
	for _, s := range scenarios {
		if !reflect.DeepEqual(s.Op, withOp(c.Config)) {
			continue
		}
		times := map[float64]any{}
		for _, sl := range s.Slices {
			for _, d := range records(t, sl) {
				id, _ := d.Data.Get("id")
				times[id.(float64)], _ = d.Data.Get("time")
			}
		}
		var outs [][]*record.Record
		for _, o := range s.Outputs {
			var wins []*record.Record
			for _, w := range o {
				var recs []*record.Record
				for _, id := range w {
					recs = append(recs, docs(t, map[string]any{"id": id, "time": times[id]})...)
				}
				wins = append(wins, record.NewWindow(recs))
			}
			outs = append(outs, wins)
		}
		return outs
	}
	t.Fatalf("no scenario has the configuration %v", c.Config)
	return nil
}

func checkCase(t *testing.T, c refCase, outs [][]*record.Record) {
	t.Helper()
	if n, ok := c.Expected["runSlice_windows"].(float64); ok {
		if len(outs[0]) != int(n) || len(outs[len(outs)-1]) != int(c.Expected["flush_windows"].(float64)) {
			t.Errorf("windows %d then flush %d, want %v and %v", len(outs[0]), len(outs[len(outs)-1]), n, c.Expected["flush_windows"])
		}
		return
	}
	for i, e := range c.Expected["outputs"].([]any) {
		checkOutput(t, i, e, outs[i])
	}
}

// checkOutput compares a slice's windows with an expectation: [] (none),
// {windows, size, first_id, last_id} or {dataArray_times: [hh:mm:ss...]}.
func checkOutput(t *testing.T, i int, e any, out []*record.Record) {
	t.Helper()
	if arr, ok := e.([]any); ok {
		if len(arr) != 0 || len(out) != 0 {
			t.Errorf("slice %d: %d windows, want %d", i, len(out), len(arr))
		}
		return
	}
	m := e.(map[string]any)
	if times, ok := m["dataArray_times"].([]any); ok {
		m = map[string]any{"windows": 1.0, "size": float64(len(times))}
		defer checkTimes(t, i, out, times)
	}
	if len(out) != int(m["windows"].(float64)) {
		t.Fatalf("slice %d: %d windows, want %v", i, len(out), m["windows"])
	}
	w := out[0].Window
	if len(w) != int(m["size"].(float64)) {
		t.Errorf("slice %d: window of %d, want %v", i, len(w), m["size"])
	}
	for key, idx := range map[string]int{"first_id": 0, "last_id": len(w) - 1} {
		if want, ok := m[key]; ok {
			if id, _ := w[idx].Data.Get("id"); id != want {
				t.Errorf("slice %d: %s %v, want %v", i, key, id, want)
			}
		}
	}
}

func checkTimes(t *testing.T, i int, out []*record.Record, times []any) {
	for k, r := range out[0].Window {
		tm, _ := r.Data.Get("time")
		if !strings.Contains(tm.(string), "T"+times[k].(string)) {
			t.Errorf("slice %d record %d: time %v, want %v", i, k, tm, times[k])
		}
	}
}

func schemaCase(t *testing.T, c refCase) {
	for _, cfg := range c.Config["each_rejected"].([]any) {
		if _, err := job.ProcessorHarness(mustJSON(withOp(cfg.(map[string]any))), "", job.HarnessOptions{}); err == nil {
			t.Errorf("accepted %v", cfg)
		}
	}
	if _, err := job.ProcessorHarness(mustJSON(withOp(c.Config["accepted"].(map[string]any))), "", job.HarnessOptions{}); err != nil {
		t.Errorf("rejected: %v", err)
	}
}
