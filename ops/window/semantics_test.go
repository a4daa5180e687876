package window_test

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/sluice-dev/sluice/job"
	"github.com/sluice-dev/sluice/lang/diag"
	"github.com/sluice-dev/sluice/record"
)

const t0 = 1700000000000.0

// ev is a record {id, t}.
func ev(t *testing.T, id int, tm any) *record.Record {
	return docs(t, map[string]any{"id": id, "t": tm})[0]
}

func slice(t *testing.T, h *job.Harness, recs ...*record.Record) [][]any {
	t.Helper()
	out, err := h.RunSlice(recs)
	if err != nil {
		t.Fatal(err)
	}
	return ids(t, out)
}

func flush(t *testing.T, h *job.Harness) [][]any {
	t.Helper()
	out, err := h.Flush()
	if err != nil {
		t.Fatal(err)
	}
	return ids(t, out)
}

func want(t *testing.T, what string, got [][]any, w ...[]float64) {
	t.Helper()
	if w == nil {
		w = [][]float64{}
	}
	sameIDs(t, what, got, w)
}

// Seed: event_window_expiration 0 means no expiration (the reference emits
// every window at the next empty slice).
func TestExpirationZeroNeverExpires(t *testing.T) {
	clk := useFakeClock(t)
	h := harness(t, `{"_op": "window", "time_field": "t", "window_length": 1000, "event_window_expiration": 0}`, "")
	want(t, "slice", slice(t, h, ev(t, 1, t0)))
	for range 5 {
		clk.Advance(3600 * 1000)
		want(t, "empty slice an hour later", slice(t, h))
	}
	want(t, "slice", slice(t, h, ev(t, 2, t0+500)))
	want(t, "flush", flush(t, h), []float64{1, 2})
}

// Seed: expiration counts from the last record added ("no new data for that
// many ms"), not from the window's creation.
func TestExpirationCountsFromTheLastRecord(t *testing.T) {
	clk := useFakeClock(t)
	h := harness(t, `{"_op": "window", "time_field": "t", "window_length": 10000, "event_window_expiration": 100}`, "")
	want(t, "first", slice(t, h, ev(t, 1, t0)))
	clk.Advance(80)
	want(t, "second record 80 ms later", slice(t, h, ev(t, 2, t0+1)))
	clk.Advance(80) // 160 ms after the window opened, 80 after its last record
	want(t, "empty slice", slice(t, h))
	clk.Advance(20) // exactly 100 ms: not more than the expiration
	want(t, "empty slice", slice(t, h))
	clk.Advance(1)
	want(t, "expired", slice(t, h), []float64{1, 2})
	want(t, "flush", flush(t, h))
}

// Expiration is checked at the start of every slice, empty or not: a slice
// that comes after the pause first emits the expired windows, then its
// records open a new one.
func TestExpirationIsCheckedOnEverySlice(t *testing.T) {
	clk := useFakeClock(t)
	h := harness(t, `{"_op": "window", "time_field": "t", "window_length": 10000, "event_window_expiration": 100, "_dead_letter_action": "none"}`, "")
	want(t, "first", slice(t, h, ev(t, 1, t0)))
	clk.Advance(150)
	want(t, "a slice after the pause", slice(t, h, ev(t, 2, t0+1)), []float64{1})
	clk.Advance(150)
	want(t, "a slice of records without a time", slice(t, h, docs(t, map[string]any{"id": 3})...), []float64{2})
	want(t, "flush", flush(t, h))
}

// Clock windows ignore the time field (a record without one is windowed).
func TestClockTimeIgnoresTheTimeField(t *testing.T) {
	clk := useFakeClock(t)
	h := harness(t, `{"_op": "window", "window_time_setting": "clock", "window_length": 100}`, "")
	want(t, "slice", slice(t, h, docs(t, map[string]any{"id": 1}, map[string]any{"id": 2, "@timestamp": "garbage"})...))
	clk.Advance(101)
	want(t, "end-of-slice check", slice(t, h), []float64{1, 2})
}

// Row 10 and the seed: a sliding interval of 0 opens a window at the first
// record of every slice; a window that would open with the start of an open
// one merges with it, so no record is lost.
func TestSlidingIntervalZero(t *testing.T) {
	useFakeClock(t)
	h := harness(t, `{"_op": "window", "time_field": "t", "window_type": "sliding", "window_length": 1000, "sliding_window_interval": 0}`, "")
	want(t, "same times in one slice", slice(t, h, ev(t, 1, t0), ev(t, 2, t0)))
	want(t, "same time in the next slice", slice(t, h, ev(t, 3, t0)))
	want(t, "a later slice", slice(t, h, ev(t, 4, t0+1), ev(t, 5, t0+2)))
	want(t, "closing both", slice(t, h, ev(t, 6, t0+1002)), []float64{1, 2, 3, 4, 5}, []float64{4, 5})
	want(t, "flush", flush(t, h), []float64{6})
}

// Row 11: epoch 0 is a time like any other.
func TestEpochZero(t *testing.T) {
	useFakeClock(t)
	h := harness(t, `{"_op": "window", "time_field": "t", "window_length": 1000}`, "")
	want(t, "slice", slice(t, h, ev(t, 1, 0), ev(t, 2, 1000), ev(t, 3, 1001)), []float64{1, 2})
	want(t, "flush", flush(t, h), []float64{3})
}

// Row 11: a record without a usable time goes to the dead-letter action
// with the reason (here an api writing a file); the others are windowed.
func TestRecordsWithoutTimeGoToTheDeadLetterAction(t *testing.T) {
	useFakeClock(t)
	path := filepath.Join(t.TempDir(), "dead.ndjson")
	h := harness(t, `{"_op": "window", "time_field": "t", "window_length": 1000, "_dead_letter_action": "dead_letter_file"}`,
		`[{"_name": "dead_letter_file", "path": "`+path+`"}]`)
	in := []*record.Record{ev(t, 1, "2024-01-01T00:00:00Z"), docs(t, map[string]any{"id": 2})[0], ev(t, 3, nil), ev(t, 4, ""),
		ev(t, 5, "garbage"), ev(t, 6, true), ev(t, 7, 1.5), ev(t, 8, map[string]any{}), ev(t, 9, "2024-01-01T00:00:00.5Z")}
	want(t, "slice", slice(t, h, in...))
	want(t, "flush", flush(t, h), []float64{1, 9})
	h.Close()
	text, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(text)), "\n")
	wantLines := []string{
		`{"op":"window","index":1,"code":"NO_TIME","message":"the record has no time: field \"t\" is missing or null","record":{"id":2}}`,
		`{"op":"window","index":1,"code":"NO_TIME","message":"the record has no time: field \"t\" is missing or null","record":{"id":3,"t":null}}`,
		`{"op":"window","index":1,"code":"BAD_TIME","message":"could not create a window time from value: \"\"","record":{"id":4,"t":""}}`,
		`{"op":"window","index":1,"code":"BAD_TIME","message":"could not create a window time from value: \"garbage\"","record":{"id":5,"t":"garbage"}}`,
		`{"op":"window","index":1,"code":"BAD_TIME","message":"could not create a window time from value: \"true\"","record":{"id":6,"t":true}}`,
		`{"op":"window","index":1,"code":"BAD_TIME","message":"could not create a window time from value: \"1.5\"","record":{"id":7,"t":1.5}}`,
		`{"op":"window","index":1,"code":"BAD_TIME","message":"could not create a window time from value: \"[object Object]\"","record":{"id":8,"t":{}}}`,
	}
	if strings.Join(lines, "\n") != strings.Join(wantLines, "\n") {
		t.Errorf("dead letters:\n%s\nwant\n%s", text, strings.Join(wantLines, "\n"))
	}
}

// With the default action (throw) a record without a time fails the slice,
// and the windows stay as they were before it: nothing of the failed slice
// is kept, nothing emitted during it is lost.
func TestFailedSliceLeavesTheWindowsAsTheyWere(t *testing.T) {
	useFakeClock(t)
	h := harness(t, `{"_op": "window", "time_field": "t", "window_length": 1000}`, "")
	want(t, "slice", slice(t, h, ev(t, 1, t0)))
	_, err := h.RunSlice([]*record.Record{ev(t, 2, t0+5000), ev(t, 3, "garbage")})
	if err == nil || !strings.Contains(err.Error(), `could not create a window time from value: "garbage"`) {
		t.Fatalf("error %v", err)
	}
	want(t, "next slice", slice(t, h, ev(t, 4, t0+500)))
	want(t, "flush", flush(t, h), []float64{1, 4})
}

// Relative event times are relative to the clock.
func TestRelativeEventTimes(t *testing.T) {
	useFakeClock(t) // 2024-05-06T07:08:09Z
	h := harness(t, `{"_op": "window", "time_field": "t", "window_length": 60000}`, "")
	want(t, "slice", slice(t, h, ev(t, 1, "now-2m"), ev(t, 2, "now-1m"), ev(t, 3, "2024-05-06T07:08:09Z")), []float64{1, 2})
	want(t, "flush", flush(t, h), []float64{3})
}

func TestDataWindowToArray(t *testing.T) {
	h := harness(t, `{"_op": "data_window_to_array"}`, "")
	a, b, c, d := ev(t, 1, 0), ev(t, 2, 0), ev(t, 3, 0), ev(t, 4, 0)
	out, err := h.RunSlice([]*record.Record{record.NewWindow([]*record.Record{a, b}), c, record.NewWindow(nil), record.NewWindow([]*record.Record{d, a})})
	if err != nil {
		t.Fatal(err)
	}
	wantRecs := []*record.Record{a, b, c, d, a}
	if len(out) != len(wantRecs) {
		t.Fatalf("%d records", len(out))
	}
	for i := range out {
		if out[i] != wantRecs[i] {
			t.Errorf("record %d: %s", i, record.JSON(out[i].Data))
		}
	}
}

// Through the runner, with retries: a slice that fails after the window
// processed it is retried, and every record appears in exactly one window,
// the same windows as a run without the failure.
func TestRetriedSlicesAreWindowedOnce(t *testing.T) {
	useFakeClock(t)
	slices := evenSlices(6, 5, 300)
	base := runWindowJob(t, slices, 1, `{"_op": "noop"}`)
	failing := runWindowJob(t, slices, 1, `{"_op": "test-fail", "slices": [2, 4], "times": 2}`)
	if !equalWindows(base, failing) {
		t.Errorf("with retries:\n%v\nwithout:\n%v", failing, base)
	}
	checkOnce(t, failing, 30)
}

// evenSlices makes n slices of per records {id, t}, ids from 0, times step
// ms apart.
func evenSlices(n, per int, step float64) [][]map[string]any {
	var slices [][]map[string]any
	for id := 0; id < n*per; id++ {
		if id%per == 0 {
			slices = append(slices, nil)
		}
		slices[len(slices)-1] = append(slices[len(slices)-1], map[string]any{"id": id, "t": t0 + float64(id)*step})
	}
	return slices
}

// Each worker keeps its own windows: with several workers every record is
// still emitted exactly once.
func TestSeveralWorkersEmitEveryRecordOnce(t *testing.T) {
	useFakeClock(t)
	checkOnce(t, runWindowJob(t, evenSlices(40, 7, 100), 3, `{"_op": "noop"}`), 280)
}

// runWindowJob runs test-reader → window (tumbling 1 s) → extra → stdout
// and returns the windows stdout printed.
func runWindowJob(t *testing.T, slices [][]map[string]any, workers int, extra string) [][]any {
	t.Helper()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "slices.json"), []byte(mustJSON(slices)), 0o644); err != nil {
		t.Fatal(err)
	}
	doc := `{"name": "w", "workers": ` + itoa(workers) + `, "max_retries": 3, "operations": [
		{"_op": "test-reader", "passthrough_slice": true, "slicer_data_file_path": "slices.json"},
		{"_op": "window", "time_field": "t", "window_length": 1000}, ` + extra + `, {"_op": "stdout"}]}`
	j, l := job.Validate(diag.NewSource(filepath.Join(dir, "job.json"), []byte(doc)), job.Options{})
	if j == nil {
		t.Fatal((&job.DiagError{List: l}).Error())
	}
	j.Dir = dir
	var out bytes.Buffer
	if _, err := job.Run(context.Background(), j, job.RunOptions{Stdout: &out, Backoff: func(time.Duration) time.Duration { return 0 }}); err != nil {
		t.Fatal(err)
	}
	return stdoutWindows(t, out.String())
}

func equalWindows(a, b [][]any) bool { return mustJSON(a) == mustJSON(b) }

// checkOnce checks that ids 0..n-1 each appear in exactly one window.
func checkOnce(t *testing.T, wins [][]any, n int) {
	t.Helper()
	var all []float64
	for _, w := range wins {
		for _, id := range w {
			all = append(all, id.(float64))
		}
	}
	sort.Float64s(all)
	if len(all) != n {
		t.Fatalf("%d records in the windows, want %d", len(all), n)
	}
	for i, id := range all {
		if id != float64(i) {
			t.Fatalf("record %d missing or repeated", i)
		}
	}
}
