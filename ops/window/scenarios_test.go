package window_test

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sluice-dev/sluice/job"
	"github.com/sluice-dev/sluice/lang/diag"
	"github.com/sluice-dev/sluice/record"
)

// scenario is a processors.md 3.4 scenario with the reference's answer.
type scenario struct {
	Name    string              `json:"name"`
	Op      map[string]any      `json:"op"`
	Slices  [][]json.RawMessage `json:"slices"`
	WaitsMs []int               `json:"waits_ms"`
	Outputs [][][]float64       `json:"outputs"` // per slice, then the flush: windows as record ids
}

// The scenarios through the harness, slice by slice, with a fake clock
// advanced by the waits the reference slept.
func TestScenariosThroughTheHarness(t *testing.T) {
	for _, s := range readJSONL[scenario](t, "testdata/scenarios.jsonl") {
		t.Run(s.Name, func(t *testing.T) {
			clk := useFakeClock(t)
			h := harness(t, mustJSON(s.Op), "")
			for i, docs := range s.Slices {
				clk.Advance(s.WaitsMs[i])
				out, err := h.RunSlice(records(t, docs))
				if err != nil {
					t.Fatal(err)
				}
				sameIDs(t, "slice "+itoa(i), ids(t, out), s.Outputs[i])
			}
			out, err := h.Flush()
			if err != nil {
				t.Fatal(err)
			}
			sameIDs(t, "flush", ids(t, out), s.Outputs[len(s.Outputs)-1])
		})
	}
}

// The same scenarios end to end: a once job reads the slices from a slicer
// file (test-reader, passthrough), a test operation advances the fake clock
// before each slice, the window operation runs, and stdout prints every
// window; the job's flush emits the last ones.
func TestScenariosThroughTheRunner(t *testing.T) {
	for _, s := range readJSONL[scenario](t, "testdata/scenarios.jsonl") {
		t.Run(s.Name, func(t *testing.T) {
			useFakeClock(t)
			var stdout bytes.Buffer
			perSlice := map[int][]*record.Record{}
			sum, err := runJob(t, s, &stdout, func(sl *job.Slice, out []*record.Record, _ error) {
				order := sl.Order
				if sl.Flushing {
					order = len(s.Slices) + 1
				}
				perSlice[order] = out // one worker: no concurrent calls
			})
			if err != nil {
				t.Fatalf("%v (%+v)", err, sum)
			}
			var want [][]float64
			for i, o := range s.Outputs {
				want = append(want, o...)
				sameIDs(t, "slice "+itoa(i), ids(t, perSlice[i+1]), o)
			}
			sameIDs(t, "stdout", stdoutWindows(t, stdout.String()), want)
		})
	}
}

func runJob(t *testing.T, s scenario, stdout *bytes.Buffer, done func(*job.Slice, []*record.Record, error)) (*job.Summary, error) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "slices.json"), []byte(mustJSON(s.Slices)), 0o644); err != nil {
		t.Fatal(err)
	}
	advance := map[string]int{}
	for i, ms := range s.WaitsMs {
		advance[itoa(i+1)] = ms
	}
	doc := mustJSON(map[string]any{
		"name": s.Name, "workers": 1, "max_retries": 0,
		"operations": []any{
			map[string]any{"_op": "test-reader", "passthrough_slice": true, "slicer_data_file_path": "slices.json"},
			map[string]any{"_op": "test-advance-clock", "ms": advance},
			s.Op,
			map[string]any{"_op": "stdout"},
		},
	})
	j, l := job.Validate(diag.NewSource(filepath.Join(dir, "job.json"), []byte(doc)), job.Options{})
	if j == nil {
		t.Fatalf("invalid job: %v", (&job.DiagError{List: l}).Error())
	}
	j.Dir = dir
	return job.Run(context.Background(), j, job.RunOptions{Stdout: stdout, OnSliceDone: done})
}

// stdoutWindows parses the data windows stdout printed, one per line.
func stdoutWindows(t *testing.T, text string) [][]any {
	res := [][]any{}
	for _, line := range strings.Split(strings.TrimSpace(text), "\n") {
		if line == "" {
			continue
		}
		v, err := record.ParseJSON([]byte(line))
		if err != nil {
			t.Fatalf("%v: %s", err, line)
		}
		arr, _ := v.(*record.Object).Get("dataArray")
		l := []any{}
		for _, d := range arr.([]any) {
			id, _ := d.(*record.Object).Get("id")
			l = append(l, id)
		}
		res = append(res, l)
	}
	return res
}

func itoa(i int) string { return strings.TrimSpace(mustJSON(i)) }
