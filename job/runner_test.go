package job_test

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/sluice-dev/sluice/job"
	"github.com/sluice-dev/sluice/lang/diag"
	"github.com/sluice-dev/sluice/record"
)

// flaky fails the first `fail_times` attempts of every slice.
type flaky struct {
	limit    int
	attempts sync.Map // slice id -> *atomic.Int32
}

func (f *flaky) Process(s *job.Slice, in []*record.Record) ([]*record.Record, error) {
	if s.Flushing {
		return in, nil
	}
	v, _ := f.attempts.LoadOrStore(s.ID, new(atomic.Int32))
	if int(v.(*atomic.Int32).Add(1)) <= f.limit {
		return nil, errors.New("flaky failure")
	}
	return in, nil
}

// counter counts the records it sees and what was flushed.
type counter struct{ seen, flushes *atomic.Int64 }

func (c counter) Process(s *job.Slice, in []*record.Record) ([]*record.Record, error) {
	if s.Flushing {
		c.flushes.Add(1)
	}
	c.seen.Add(int64(len(in)))
	return in, nil
}

var seen, flushes atomic.Int64

func init() {
	job.Register(&job.Spec{Name: "test_flaky", Kind: job.KindProcessor, Summary: "fails slices",
		Params: []*job.Param{{Name: "fail_times", Default: 0.0, Check: job.Nat()}},
		NewProcessor: func(_ *job.OpContext, c *job.Config) (job.Processor, error) {
			return &flaky{limit: c.Int("fail_times")}, nil
		}})
	job.Register(&job.Spec{Name: "test_counter", Kind: job.KindProcessor, Summary: "counts",
		NewProcessor: func(*job.OpContext, *job.Config) (job.Processor, error) {
			return counter{seen: &seen, flushes: &flushes}, nil
		}})
}

func mustJob(t testing.TB, doc string) *job.Job {
	t.Helper()
	j, l := job.Validate(diag.NewSource("job.json", []byte(doc)), job.Options{})
	if j == nil {
		t.Fatalf("job invalid: %v", l.Items)
	}
	return j
}

func noWait(time.Duration) time.Duration { return time.Millisecond }

func TestOnceJobProcessesEverySlice(t *testing.T) {
	seen.Store(0)
	flushes.Store(0)
	j := mustJob(t, `{"workers": 3, "operations": [{"_op": "test-reader"}, {"_op": "test_counter"}]}`)
	sum, err := job.Run(context.Background(), j, job.RunOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if sum.Status != "completed" || sum.SlicesDone != 10 || sum.RecordsIn != 1870 || sum.RecordsOut != 1870 {
		t.Errorf("summary: %+v", sum)
	}
	if seen.Load() != 1870 || flushes.Load() != 3 {
		t.Errorf("seen %d records, %d flushes; want 1870 and one flush per worker", seen.Load(), flushes.Load())
	}
}

func TestRetriedSliceCompletes(t *testing.T) {
	j := mustJob(t, `{"workers": 2, "max_retries": 2, "operations": [{"_op": "test-reader"}, {"_op": "test_flaky", "fail_times": 2}]}`)
	sum, err := job.Run(context.Background(), j, job.RunOptions{Backoff: noWait})
	if err != nil {
		t.Fatal(err)
	}
	if sum.SlicesDone != 10 || sum.SlicesFailed != 0 || sum.Retries != 20 {
		t.Errorf("summary: %+v", sum)
	}
}

func TestSliceFailsAfterMaxRetries(t *testing.T) {
	j := mustJob(t, `{"workers": 1, "max_retries": 1, "operations": [{"_op": "test-reader"}, {"_op": "test_flaky", "fail_times": 2}]}`)
	sum, err := job.Run(context.Background(), j, job.RunOptions{Backoff: noWait})
	if !errors.Is(err, job.ErrSlicesFailed) {
		t.Fatalf("err = %v", err)
	}
	if sum.Status != "failed" || sum.SlicesFailed != 10 || sum.Retries != 10 || len(sum.Errors) == 0 {
		t.Errorf("summary: %+v", sum)
	}
}

func TestPersistentJobStopsGracefully(t *testing.T) {
	j := mustJob(t, `{"lifecycle": "persistent", "workers": 2, "operations": [{"_op": "test-reader"}, {"_op": "delay", "ms": 5}]}`)
	ex := job.NewExecution(j, job.RunOptions{})
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		for ex.Progress().SlicesDone < 5 {
			time.Sleep(time.Millisecond)
		}
		cancel()
	}()
	sum, err := ex.Run(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if sum.Status != "stopped" || sum.SlicesFailed != 0 || sum.SlicesDone < 5 {
		t.Errorf("summary: %+v", sum)
	}
	if sum.RecordsOut != sum.SlicesDone*187 {
		t.Errorf("every finished slice is complete: %d records out for %d slices", sum.RecordsOut, sum.SlicesDone)
	}
}
