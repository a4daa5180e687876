package job_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/sluice-dev/sluice/job"
	"github.com/sluice-dev/sluice/record"
)

// runLog is what the run-test operations did, in order (one worker).
var runLog struct {
	sync.Mutex
	events []string
}

func logRun(format string, v ...any) {
	runLog.Lock()
	defer runLog.Unlock()
	runLog.events = append(runLog.events, fmt.Sprintf(format, v...))
}

func takeRunLog() []string {
	runLog.Lock()
	defer runLog.Unlock()
	out := runLog.events
	runLog.events = nil
	return out
}

// runSlicer emits slices of 600 and 0 records.
type runSlicer struct{ reqs []any }

func (s *runSlicer) Slice(context.Context) ([]any, bool, error) {
	if len(s.reqs) == 0 {
		return nil, true, nil
	}
	r := s.reqs[0]
	s.reqs = s.reqs[1:]
	return []any{r}, false, nil
}

// runFetcher makes a slice's records {"i": 0..count-1} a run at a time.
type runFetcher struct{}

func (runFetcher) Fetch(*job.Slice, any) ([]*record.Record, error) {
	panic("the worker asks a RunFetcher for runs")
}

func (runFetcher) FetchRuns(_ *job.Slice, req any) (func(int) ([]*record.Record, error), error) {
	count := int(req.(float64))
	i := 0
	return func(max int) ([]*record.Record, error) {
		n := min(max, count-i)
		logRun("fetch %d", n)
		out := make([]*record.Record, n)
		for k := range out {
			out[k] = record.New(record.NewObject(1))
			out[k].Data.Set("i", float64(i))
			i++
		}
		return out, nil
	}, nil
}

// recordwise drops records whose i is a multiple of 10 and marks the others.
type recordwise struct{}

func (recordwise) Recordwise() {}

func (recordwise) Process(_ *job.Slice, in []*record.Record) ([]*record.Record, error) {
	logRun("recordwise %d", len(in))
	var out []*record.Record
	for _, r := range in {
		if i, _ := r.Data.Get("i"); int(i.(float64))%10 != 0 {
			r.Data.Set("marked", true)
			out = append(out, r)
		}
	}
	return out, nil
}

// wholeBatch logs the batches it sees.
type wholeBatch struct{}

func (wholeBatch) Process(_ *job.Slice, in []*record.Record) ([]*record.Record, error) {
	logRun("batch %d", len(in))
	return in, nil
}

func init() {
	job.Register(&job.Spec{Name: "test_run_reader", Kind: job.KindReader, Summary: "makes records a run at a time",
		NewSlicer: func(*job.SlicerContext, *job.Config) (job.Slicer, error) {
			return &runSlicer{reqs: []any{600.0, 0.0}}, nil
		},
		NewFetcher: func(*job.OpContext, *job.Config) (job.Fetcher, error) { return runFetcher{}, nil }})
	job.Register(&job.Spec{Name: "test_recordwise", Kind: job.KindProcessor, Summary: "record-wise",
		NewProcessor: func(*job.OpContext, *job.Config) (job.Processor, error) { return recordwise{}, nil }})
	job.Register(&job.Spec{Name: "test_whole_batch", Kind: job.KindProcessor, Summary: "logs batches",
		NewProcessor: func(*job.OpContext, *job.Config) (job.Processor, error) { return wholeBatch{}, nil }})
}

// runJob runs a one-worker job and returns each slice's output.
func runJob(t *testing.T, doc string) (*job.Summary, [][]*record.Record) {
	t.Helper()
	takeRunLog()
	var mu sync.Mutex
	var outs [][]*record.Record
	sum, err := job.Run(context.Background(), mustJob(t, doc), job.RunOptions{
		OnSliceDone: func(_ *job.Slice, out []*record.Record, err error) {
			mu.Lock()
			defer mu.Unlock()
			if err == nil && len(out) > 0 {
				outs = append(outs, out)
			}
		}})
	if err != nil {
		t.Fatal(err)
	}
	return sum, outs
}

// The worker takes a RunFetcher's slice through the record-wise processors
// a run at a time, and the slice's whole output through the rest.
func TestRecordwiseProcessorsRunOnRuns(t *testing.T) {
	sum, outs := runJob(t, `{"workers": 1, "operations": [{"_op": "test_run_reader"},
		{"_op": "test_recordwise"}, {"_op": "noop"}, {"_op": "test_whole_batch"}]}`)
	rest := 600 - 2*job.RunSize
	want := []string{
		fmt.Sprintf("fetch %d", job.RunSize), fmt.Sprintf("recordwise %d", job.RunSize),
		fmt.Sprintf("fetch %d", job.RunSize), fmt.Sprintf("recordwise %d", job.RunSize),
		fmt.Sprintf("fetch %d", rest), fmt.Sprintf("recordwise %d", rest),
		"fetch 0", "batch 540", // the 600-record slice
		"fetch 0", "batch 0", // the empty slice
		"recordwise 0", "batch 0", // the flush pass
	}
	if got := takeRunLog(); !slices.Equal(got, want) {
		t.Errorf("calls:\n got %v\nwant %v", got, want)
	}
	if len(outs) != 1 || len(outs[0]) != 540 {
		t.Fatalf("outputs: %d slices", len(outs))
	}
	var is []int
	for _, r := range outs[0] {
		i, _ := r.Data.Get("i")
		is = append(is, int(i.(float64)))
	}
	if !slices.IsSorted(is) || is[0] != 1 || is[len(is)-1] != 599 {
		t.Errorf("records out of order or missing: %v...", is[:12])
	}
	ops := sum.Operations
	if ops[0].RecordsOut != 600 || ops[1].RecordsIn != 600 || ops[1].RecordsOut != 540 ||
		ops[2].RecordsIn != 540 || ops[3].RecordsIn != 540 || sum.RecordsOut != 540 {
		t.Errorf("counts: %+v", ops)
	}
}

// Another fetcher's whole batch is handed to the record-wise processors in
// runs too.
func TestRecordwiseProcessorsRunOnRunsOfAWholeBatch(t *testing.T) {
	var recs []string
	for i := range 300 {
		recs = append(recs, fmt.Sprintf(`{"i": %d}`, i))
	}
	dir := t.TempDir()
	slicesFile := filepath.Join(dir, "slices.json")
	if err := os.WriteFile(slicesFile, []byte("[["+strings.Join(recs, ",")+"]]"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, outs := runJob(t, `{"workers": 1, "operations": [{"_op": "test-reader", "passthrough_slice": true,
		"slicer_data_file_path": "`+slicesFile+`"}, {"_op": "test_recordwise"}, {"_op": "test_whole_batch"}]}`)
	want := []string{
		fmt.Sprintf("recordwise %d", job.RunSize), fmt.Sprintf("recordwise %d", 300-job.RunSize), "batch 270",
		"recordwise 0", "batch 0", // the flush pass
	}
	if got := takeRunLog(); !slices.Equal(got, want) {
		t.Errorf("calls:\n got %v\nwant %v", got, want)
	}
	if len(outs) != 1 || len(outs[0]) != 270 {
		t.Fatalf("outputs: %v", outs)
	}
}

// With every processor record-wise and no OnSliceDone, the worker keeps no
// output of a slice (nothing reads it); the counts are those of the slice.
func TestRecordwiseJobWithoutReaderOfOutput(t *testing.T) {
	takeRunLog()
	j := mustJob(t, `{"workers": 1, "operations": [{"_op": "test_run_reader"}, {"_op": "test_recordwise"}, {"_op": "noop"}]}`)
	sum, err := job.Run(context.Background(), j, job.RunOptions{})
	if err != nil {
		t.Fatal(err)
	}
	ops := sum.Operations
	if sum.RecordsIn != 600 || sum.RecordsOut != 540 || ops[1].RecordsIn != 600 || ops[2].RecordsIn != 540 || ops[2].RecordsOut != 540 {
		t.Errorf("summary: %+v, operations %+v", sum, ops)
	}
	want := []string{
		fmt.Sprintf("fetch %d", job.RunSize), fmt.Sprintf("recordwise %d", job.RunSize),
		fmt.Sprintf("fetch %d", job.RunSize), fmt.Sprintf("recordwise %d", job.RunSize),
		fmt.Sprintf("fetch %d", 600-2*job.RunSize), fmt.Sprintf("recordwise %d", 600-2*job.RunSize),
		"fetch 0", "fetch 0", "recordwise 0", // the end of the 600, the empty slice, the flush pass
	}
	if got := takeRunLog(); !slices.Equal(got, want) {
		t.Errorf("calls:\n got %v\nwant %v", got, want)
	}
}
