package window_test

import (
	"encoding/json"
	"fmt"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/sluice-dev/sluice/job"
	"github.com/sluice-dev/sluice/record"
)

type diffCase struct {
	Job struct {
		ID     string              `json:"id"`
		Op     map[string]any      `json:"op"`
		Ops    []map[string]any    `json:"ops"`
		Slices [][]json.RawMessage `json:"slices"`
		Flush  bool                `json:"flush"`
	} `json:"job"`
	Outputs [][]any `json:"outputs"`
	Error   string  `json:"error"`
}

// Invented event-time jobs (tumbling and sliding, out-of-order records,
// repeated times, several slices, the flush) answered by the reference:
// sluice emits the same windows with the same records in the same order.
func TestDifferential(t *testing.T) {
	for _, c := range readJSONL[diffCase](t, "testdata/differential.jsonl") {
		t.Run(c.Job.ID, func(t *testing.T) {
			useFakeClock(t)
			h, err := job.NewHarness(pipeline(c.Job.Op, c.Job.Ops), job.HarnessOptions{})
			if c.Error != "" {
				checkRefError(t, err, c.Error)
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			defer h.Close()
			for i, s := range c.Job.Slices {
				out, err := h.RunSlice(records(t, s))
				if err != nil {
					t.Fatal(err)
				}
				sameOutput(t, fmt.Sprint("slice ", i), out, c.Outputs[i])
			}
			out, err := h.Flush()
			if err != nil {
				t.Fatal(err)
			}
			sameOutput(t, "flush", out, c.Outputs[len(c.Outputs)-1])
		})
	}
}

func pipeline(op map[string]any, ops []map[string]any) string {
	if op != nil {
		ops = []map[string]any{op}
	}
	all := []any{map[string]any{"_op": "test-reader", "passthrough_slice": true}}
	for _, o := range ops {
		all = append(all, o)
	}
	return mustJSON(map[string]any{"max_retries": 0, "operations": all})
}

// sameOutput compares outputs with the reference's: a window as the ids of
// its records, a record as its id.
func sameOutput(t *testing.T, what string, out []*record.Record, want []any) {
	t.Helper()
	got := []any{}
	for _, r := range out {
		if r.IsWindow() {
			l := []any{}
			for _, x := range r.Window {
				id, _ := x.Data.Get("id")
				l = append(l, id)
			}
			got = append(got, l)
			continue
		}
		id, _ := r.Data.Get("id")
		got = append(got, id)
	}
	if want == nil {
		want = []any{}
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("%s: %v, want %v", what, got, want)
	}
}

var zodMessages = regexp.MustCompile(`"message": "((?:[^"\\]|\\.)*)"`)
var zodPaths = regexp.MustCompile(`"path": \[\s*"([^"]+)"`)

// checkRefError requires the reference's own (custom) messages and the
// parameter of zod's built-in ones.
func checkRefError(t *testing.T, err error, ref string) {
	t.Helper()
	if err == nil {
		t.Fatalf("accepted; the reference says %s", ref)
	}
	want := zodPaths.FindStringSubmatch(ref)[1]
	if !strings.Contains(err.Error(), fmt.Sprintf("parameter %q", want)) {
		t.Errorf("error %q does not name %q", err, want)
	}
	if strings.Contains(ref, `"code": "custom"`) {
		m := zodMessages.FindStringSubmatch(ref)[1]
		if !strings.Contains(err.Error(), m) {
			t.Errorf("error %q lacks %q", err, m)
		}
	}
}
