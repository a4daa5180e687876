package job_test

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/sluice-dev/sluice/job"
	"github.com/sluice-dev/sluice/record"
)

func init() {
	job.Register(&job.Spec{Name: "test_stateful", Kind: job.KindProcessor, Summary: "holds state", SingleWorker: true,
		NewProcessor: func(*job.OpContext, *job.Config) (job.Processor, error) {
			return counter{seen: &seen, flushes: &flushes}, nil
		}})
	job.Register(&job.Spec{Name: "test_cluster_files_api", Kind: job.KindAPI, Summary: "writes files",
		Params: []*job.Param{{Name: "file_per_slice", Default: false, Check: job.Bool()}},
		NewAPI: func(*job.OpContext, *job.Config) (any, error) { return struct{}{}, nil }})
}

func TestSliceJSONRoundTrip(t *testing.T) {
	req, _ := record.ParseJSONString(`{"count": 3, "path": "a/b", "range": [1, 2.5], "x": null}`)
	in := &job.Slice{ID: "e1-7", SlicerID: 2, Order: 7, Attempt: 1, Request: req}
	b, err := json.Marshal(in)
	if err != nil {
		t.Fatal(err)
	}
	var out job.Slice
	if err := json.Unmarshal(b, &out); err != nil {
		t.Fatal(err)
	}
	if out.ID != in.ID || out.SlicerID != 2 || out.Order != 7 || out.Attempt != 1 || record.JSON(out.Request) != record.JSON(req) {
		t.Errorf("round trip: %s gave %+v", b, out)
	}
	if err := json.Unmarshal([]byte(`{"id": "x", "request": [1,}`), &out); err == nil {
		t.Error("a malformed request must be an error")
	}
}

// TestSliceRunnerUsesFreshInstancesPerSlice: the controller's slicer and a
// runner together process the whole job, each slice on its own instances
// (one flush per slice) named after the slice.
func TestSliceRunnerUsesFreshInstancesPerSlice(t *testing.T) {
	seen.Store(0)
	flushes.Store(0)
	j := mustJob(t, `{"workers": 3, "operations": [{"_op": "test-reader"}, {"_op": "test_counter"}]}`)
	slicer, err := job.NewSlicer(context.Background(), j, job.RunOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var done []string
	r := job.NewSliceRunner(j, job.RunOptions{OnSliceDone: func(s *job.Slice, _ []*record.Record, err error) {
		if err == nil {
			done = append(done, s.ID)
		}
	}})
	order := 0
	for finished := false; !finished; {
		var reqs []any
		reqs, finished, err = slicer.Slice(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		for _, req := range reqs {
			order++
			wire, _ := json.Marshal(&job.Slice{ID: "x-" + string(rune('a'+order)), Order: order, Request: req})
			var s job.Slice
			if err := json.Unmarshal(wire, &s); err != nil {
				t.Fatal(err)
			}
			res, err := r.Run(&s, false)
			if err != nil {
				t.Fatal(err)
			}
			if len(res.Out) != 187 || res.Operations[1].RecordsIn != 187 {
				t.Errorf("slice %d: %d records out, ops %+v", order, len(res.Out), res.Operations)
			}
		}
	}
	sum := r.Summary("completed")
	if sum.SlicesDone != 10 || sum.RecordsIn != 1870 || sum.RecordsOut != 1870 || len(done) != 10 {
		t.Errorf("summary %+v, %d done", sum, len(done))
	}
	if flushes.Load() != 10 {
		t.Errorf("%d flushes, want one per slice", flushes.Load())
	}
}

func TestSliceRunnerCountsRetriesAndFailures(t *testing.T) {
	j := mustJob(t, `{"max_retries": 1, "operations": [{"_op": "test-reader"}, {"_op": "test_flaky", "fail_times": 5}]}`)
	var failed int
	r := job.NewSliceRunner(j, job.RunOptions{OnSliceDone: func(_ *job.Slice, _ []*record.Record, err error) {
		if err != nil {
			failed++
		}
	}})
	s := &job.Slice{ID: "e-1", Order: 1, Request: record.NewObject(0)}
	if _, err := r.Run(s, false); err == nil || !strings.Contains(err.Error(), "flaky failure") {
		t.Fatalf("first attempt: %v", err)
	}
	s.Attempt = 1
	if _, err := r.Run(s, true); err == nil {
		t.Fatal("last attempt must fail")
	}
	sum := r.Summary("failed")
	if sum.Retries != 1 || sum.SlicesFailed != 1 || failed != 1 || len(sum.Errors) != 1 || !strings.Contains(sum.Errors[0], "after 2 attempt(s)") {
		t.Errorf("summary %+v, OnSliceDone saw %d failures", sum, failed)
	}
	if d := r.Backoff(0); d <= 0 {
		t.Errorf("backoff %v", d)
	}
	if !errors.Is(job.NoRetry(errors.ErrUnsupported), errors.ErrUnsupported) {
		t.Error("NoRetry must wrap")
	}
}

func TestDistributedRefusesSingleWorkerOperations(t *testing.T) {
	j := mustJob(t, "{\"operations\": [\n  {\"_op\": \"test-reader\"},\n  {\"_op\": \"test_stateful\"}\n]}")
	l := job.Distributed(j)
	if l.Len() != 1 {
		t.Fatalf("diagnostics: %v", l.Items)
	}
	d := l.Items[0]
	if d.Code != job.CodeDistributed || d.Span.String() != "job.json:3:11" || !strings.Contains(d.Msg, "operations[1] (test_stateful)") {
		t.Errorf("diagnostic %s %s %q", d.Code, d.Span, d.Msg)
	}
	ok := mustJob(t, `{"operations": [{"_op": "test-reader"}, {"_op": "test_counter"}]}`)
	if l := job.Distributed(ok); l.Len() != 0 {
		t.Errorf("no problem expected: %v", l.Items)
	}
}

func TestDistributedNeedsAFilePerSlice(t *testing.T) {
	j := mustJob(t, "{\"apis\": [{\"_name\": \"test_cluster_files_api\"},\n  {\"_name\": \"test_cluster_files_api:b\", \"file_per_slice\": false},\n  {\"_name\": \"test_cluster_files_api:c\", \"file_per_slice\": true}],\n \"operations\": [{\"_op\": \"test-reader\"}, {\"_op\": \"noop\"}]}")
	l := job.Distributed(j)
	var got []string
	for _, d := range l.Items {
		got = append(got, d.Span.String()+" "+d.Msg[:strings.Index(d.Msg, ": parameter")])
	}
	want := []string{"job.json:1:11 apis[0] (test_cluster_files_api)", "job.json:2:59 apis[1] (test_cluster_files_api:b)"}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("diagnostics:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
