package route_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sluice-dev/sluice/job"
	"github.com/sluice-dev/sluice/ops/route"
	"github.com/sluice-dev/sluice/record"
)

func TestDebugRoutesFormat(t *testing.T) {
	type line struct {
		Routes  []any  `json:"routes"`
		Inspect string `json:"inspect"`
	}
	for _, l := range readJSONL[line](t, "testdata/inspect.jsonl") {
		var recs []*record.Record
		for _, r := range l.Routes {
			meta := map[string]any{}
			if r != nil {
				meta["standard:route"] = r
			}
			recs = append(recs, rec(t, map[string]any{}, meta))
		}
		if got := route.RouteCounts(recs); got != l.Inspect {
			t.Errorf("routes %v:\n got %q\nwant %q", l.Routes, got, l.Inspect)
		}
	}
}

// The reference's debug_routes test: one line per slice on stdout, the
// records unchanged.
func TestDebugRoutesWritesStdout(t *testing.T) {
	var out bytes.Buffer
	var in []*record.Record
	for i, r := range []string{"a", "b", "a", "c", "a", "b"} {
		in = append(in, rec(t, map[string]any{"id": i + 1}, map[string]any{"_key": "k", "standard:route": r}))
	}
	h, err := job.ProcessorHarness(`{"_op": "debug_routes"}`, "", job.HarnessOptions{Stdout: &out})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	got, err := h.RunSlice(in)
	if err != nil || len(got) != len(in) {
		t.Fatalf("%d records, %v", len(got), err)
	}
	for i := range in {
		if got[i] != in[i] {
			t.Errorf("record %d changed", i)
		}
	}
	if _, err := h.Flush(); err != nil {
		t.Fatal(err)
	}
	if out.String() != "{ a: 3, b: 2, c: 1 }\n" {
		t.Errorf("stdout %q", out.String())
	}
}

func TestSetKey(t *testing.T) {
	in := []*record.Record{
		rec(t, map[string]any{"id": "abc"}, nil),
		rec(t, map[string]any{"id": 42}, nil),
		rec(t, map[string]any{"x": 1}, nil),
		rec(t, map[string]any{"id": ""}, nil),
		rec(t, map[string]any{"id": true}, nil),
		rec(t, map[string]any{"id": nil}, nil),
		rec(t, map[string]any{"id": map[string]any{"a": 1}}, nil),
	}
	outs, err := runOp(t, `{"_op": "set_key", "field": "id", "_dead_letter_action": "none"}`, job.HarnessOptions{}, in)
	if err != nil {
		t.Fatal(err)
	}
	if len(outs[0]) != 2 {
		t.Fatalf("kept %d records, want 2", len(outs[0]))
	}
	for i, want := range []any{"abc", 42.0} {
		if k, _ := outs[0][i].GetMeta("_key"); k != want {
			t.Errorf("record %d: key %v, want %v", i, k, want)
		}
	}
	_, err = runOp(t, `{"_op": "set_key", "field": "id"}`, job.HarnessOptions{}, in[2:3])
	if err == nil || !strings.Contains(err.Error(), `set_key: the record has no field "id"`) {
		t.Errorf("throw: %v", err)
	}
	if _, err := job.ProcessorHarness(`{"_op": "set_key"}`, "", job.HarnessOptions{}); err == nil ||
		!strings.Contains(err.Error(), "This field is required and must be of type string") {
		t.Errorf("missing field parameter: %v", err)
	}
}

// set_key makes generated records routable by key: the key router after it
// routes by the copied field.
func TestSetKeyThenKeyRouter(t *testing.T) {
	doc := `{"max_retries": 0, "operations": [{"_op": "test-reader", "passthrough_slice": true},
		{"_op": "set_key", "field": "id"}, {"_op": "key_router", "use": 2, "from": "beginning", "case": "upper"}]}`
	h, err := job.NewHarness(doc, job.HarnessOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	out, err := h.RunSlice([]*record.Record{rec(t, map[string]any{"id": "abc"}, nil), rec(t, map[string]any{"id": 1234}, nil)})
	if err != nil {
		t.Fatal(err)
	}
	if got := routes(out); got[0] != "AB" || got[1] != "12" {
		t.Errorf("routes %v", got)
	}
}

// Row 16: a record a router cannot route goes to the dead-letter action —
// here an api that writes it to a file — and never becomes an empty record.
func TestUnroutableRecordsGoToTheDeadLetterAction(t *testing.T) {
	path := filepath.Join(t.TempDir(), "dead.ndjson")
	h, err := job.ProcessorHarness(`{"_op": "date_router", "field": "date", "_dead_letter_action": "dead_letter_file"}`,
		`[{"_name": "dead_letter_file", "path": "`+path+`"}]`, job.HarnessOptions{})
	if err != nil {
		t.Fatal(err)
	}
	out, err := h.RunSlice([]*record.Record{rec(t, map[string]any{"date": "nope", "id": 1}, nil), rec(t, map[string]any{"date": 0, "id": 2}, nil)})
	h.Close()
	if err != nil {
		t.Fatal(err)
	}
	if len(out) != 1 || routes(out)[0] != "1970.01.01" {
		t.Fatalf("output %d records, routes %v", len(out), routes(out))
	}
	text, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"op":"date_router","index":1,"code":"BAD_DATE","message":"Could not convert value nope to a date","record":{"date":"nope","id":1}}` + "\n"
	if string(text) != want {
		t.Errorf("dead letters:\n%s\nwant\n%s", text, want)
	}
}

func TestDateRouterClock(t *testing.T) {
	defer route.SetClock(func() time.Time { return time.Date(2021, 3, 4, 5, 6, 7, 0, time.UTC) })()
	outs, err := runOp(t, `{"_op": "date_router", "field": "date", "use_clock_time": true, "resolution": "hourly"}`, job.HarnessOptions{},
		[]*record.Record{rec(t, map[string]any{"date": "1999-01-01"}, nil)})
	if err != nil || routes(outs[0])[0] != "2021.03.04.05" {
		t.Fatalf("%v %v", routes(outs[0]), err)
	}
	// Relative dates are relative to the clock.
	outs, err = runOp(t, `{"_op": "date_router", "field": "date", "resolution": "daily"}`, job.HarnessOptions{},
		[]*record.Record{rec(t, map[string]any{"date": "now-1d"}, nil), rec(t, map[string]any{"date": "3 days"}, nil)})
	if err != nil {
		t.Fatal(err)
	}
	if got := routes(outs[0]); got[0] != "2021.03.03" || got[1] != "2021.03.07" {
		t.Errorf("relative dates: %v", got)
	}
}

// The constructors' messages that a processor can reach are reported when
// the job is validated, at the parameter.
func TestConstructorMessagesAtValidation(t *testing.T) {
	for op, want := range map[string]string{
		`{"_op": "key_router", "use": 0}`:           `parameter "use": KeyRouter requires that at least one character is selected, use must be greater than 0`,
		`{"_op": "hash_router", "partitions": 2.5}`: `parameter "partitions": Expected partitions to be integer > 0, got "2.5" (Number)`,
	} {
		_, err := job.ProcessorHarness(op, "", job.HarnessOptions{})
		if err == nil || !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), "harness.json:1:") {
			t.Errorf("%s: %v", op, err)
		}
	}
}

// A router never changes a record's data, and a slice without bad records
// is returned as it came.
func TestRoutersKeepTheSlice(t *testing.T) {
	in := []*record.Record{rec(t, map[string]any{"f": "x"}, map[string]any{"_key": "k1"}), rec(t, map[string]any{"f": "y"}, map[string]any{"_key": "k2"})}
	for _, op := range []string{`{"_op": "key_router"}`, `{"_op": "hash_router", "partitions": 3}`, `{"_op": "field_router", "fields": ["f"]}`} {
		outs, err := runOp(t, op, job.HarnessOptions{}, in)
		if err != nil {
			t.Fatal(err)
		}
		if len(outs[0]) != 2 || outs[0][0] != in[0] || outs[0][1] != in[1] || record.JSON(in[0].Data) != `{"f":"x"}` {
			t.Errorf("%s changed the slice", op)
		}
	}
}
