package route_test

import (
	"encoding/json"
	"testing"

	"github.com/sluice-dev/sluice/internal/ndjson"
	"github.com/sluice-dev/sluice/job"
	"github.com/sluice-dev/sluice/record"
)

// readJSONL reads one JSON object per line of a testdata file.
func readJSONL[T any](t *testing.T, path string) []T {
	t.Helper()
	rows, err := ndjson.Read[T](path, nil)
	if err != nil {
		t.Fatal(err)
	}
	return rows
}

// obj converts a decoded JSON value to a record value.
func obj(t *testing.T, v any) *record.Object {
	t.Helper()
	o, ok := value(t, v).(*record.Object)
	if !ok {
		t.Fatalf("not an object: %v", v)
	}
	return o
}

func value(t *testing.T, v any) any {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	rv, err := record.ParseJSON(b)
	if err != nil {
		t.Fatal(err)
	}
	return rv
}

// rec makes a record with data and metadata.
func rec(t *testing.T, data any, meta map[string]any) *record.Record {
	t.Helper()
	r := record.New(obj(t, data))
	for k, v := range meta {
		r.SetMeta(k, value(t, v))
	}
	return r
}

// runOp runs one processor over slices through the harness (as the
// reference's WorkerTestHarness.testProcessor does) and returns each
// slice's output; a failing slice ends the run with its error.
func runOp(t *testing.T, opJSON string, opt job.HarnessOptions, slices ...[]*record.Record) ([][]*record.Record, error) {
	t.Helper()
	h, err := job.ProcessorHarness(opJSON, "", opt)
	if err != nil {
		return nil, err
	}
	defer h.Close()
	var outs [][]*record.Record
	for _, s := range slices {
		out, err := h.RunSlice(s)
		if err != nil {
			return outs, err
		}
		outs = append(outs, out)
	}
	return outs, nil
}

// opJSON renders an operation's configuration with its _op.
func opJSON(t *testing.T, op string, config map[string]any) string {
	t.Helper()
	c := map[string]any{"_op": op}
	for k, v := range config {
		c[k] = v
	}
	b, err := json.Marshal(c)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// routes are the route metadata of records (nil when unset).
func routes(recs []*record.Record) []any {
	out := make([]any, len(recs))
	for i, r := range recs {
		out[i], _ = r.GetMeta("standard:route")
	}
	return out
}
