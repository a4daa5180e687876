package window_test

import (
	"encoding/json"
	"fmt"
	"reflect"
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

// records parses JSON objects into records.
func records(t *testing.T, docs []json.RawMessage) []*record.Record {
	t.Helper()
	out := make([]*record.Record, len(docs))
	for i, d := range docs {
		o, err := record.ParseObject(d)
		if err != nil {
			t.Fatal(err)
		}
		out[i] = record.New(o)
	}
	return out
}

// docs builds records from Go maps.
func docs(t *testing.T, ms ...map[string]any) []*record.Record {
	t.Helper()
	var raw []json.RawMessage
	for _, m := range ms {
		b, _ := json.Marshal(m)
		raw = append(raw, b)
	}
	return records(t, raw)
}

// ids renders windows as lists of their records' ids.
func ids(t *testing.T, out []*record.Record) [][]any {
	t.Helper()
	res := [][]any{}
	for _, w := range out {
		if !w.IsWindow() {
			t.Fatalf("not a data window: %s", record.JSON(w.Data))
		}
		l := []any{}
		for _, r := range w.Window {
			id, _ := r.Data.Get("id")
			l = append(l, id)
		}
		res = append(res, l)
	}
	return res
}

func sameIDs(t *testing.T, what string, got [][]any, want [][]float64) {
	t.Helper()
	w := [][]any{}
	for _, win := range want {
		l := []any{}
		for _, id := range win {
			l = append(l, id)
		}
		w = append(w, l)
	}
	if !reflect.DeepEqual(got, w) {
		t.Errorf("%s: windows %v, want %v", what, got, w)
	}
}

func harness(t *testing.T, opJSON string, apis string) *job.Harness {
	t.Helper()
	h, err := job.ProcessorHarness(opJSON, apis, job.HarnessOptions{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(h.Close)
	return h
}

func mustJSON(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		panic(fmt.Sprint(err))
	}
	return string(b)
}
