package job

import (
	"context"
	crand "crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"sync"
	"time"

	"github.com/sluice-dev/sluice/record"
)

// RunOptions configure an execution.
type RunOptions struct {
	Stdout      io.Writer    // where stdout-like operations write; nil discards
	Logger      *slog.Logger // nil discards
	ExecutionID string       // "" picks a random one; worker ids are "<id>-<n>"
	Recovery    []Recovery   // where a recovered execution's slicer resumes
	// Backoff returns the wait before the next attempt of a slice given the
	// previous wait (0 before the first retry). nil: the reference's
	// jittered backoff (180–260 ms, then ×1.8–2.6, capped at 60 s).
	Backoff func(prev time.Duration) time.Duration
	// OnSliceDone, when set, is called after every slice (and flush pass)
	// with its output or its final error. It may be called concurrently.
	OnSliceDone func(s *Slice, out []*record.Record, err error)
}

// Execution is one run of a job: a slicer on the controller and `workers`
// goroutines that take slices from a bounded queue.
type Execution struct {
	job      *Job
	opt      RunOptions
	id       string
	logger   *slog.Logger
	stdout   io.Writer
	stats    *execStats
	queue    chan *Slice
	stopping chan struct{}
	stopOnce sync.Once
	hard     context.Context
	abort    context.CancelFunc
}

// ErrSlicesFailed is returned (wrapped) when an execution ends with failed
// slices.
var ErrSlicesFailed = errors.New("slices failed")

// ErrStopped is returned when a once job is stopped before its slicer
// finished.
var ErrStopped = errors.New("stopped before the job completed")

// NewExecution prepares a run of a validated job.
func NewExecution(j *Job, opt RunOptions) *Execution {
	hard, abort := context.WithCancel(context.Background())
	ex := &Execution{job: j, opt: opt, id: opt.ExecutionID, logger: opt.Logger, stdout: opt.Stdout,
		stopping: make(chan struct{}), hard: hard, abort: abort, stats: &execStats{start: time.Now()}}
	if ex.id == "" {
		ex.id = NewExecutionID()
	}
	if ex.logger == nil {
		ex.logger = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	ex.stdout = &lockedWriter{w: orDiscard(ex.stdout)}
	ex.stats.ops = newOpStats(j)
	return ex
}

// ID is the execution's id.
func (ex *Execution) ID() string { return ex.id }

// Progress is a snapshot of the execution's counters.
func (ex *Execution) Progress() Progress { return ex.stats.progress() }

// Abort stops at once: in-flight slices see their context cancelled and
// nothing more is retried or flushed.
func (ex *Execution) Abort() { ex.abort() }

// Run executes the job. Cancelling ctx stops it gracefully: no new slices
// start, in-flight slices finish, the flush runs and the operations shut
// down. The summary is always returned; the error says why the execution
// did not complete (initialization, failed slices, a stop before a once
// job completed).
func (ex *Execution) Run(ctx context.Context) (*Summary, error) {
	defer ex.abort()
	slicer, limit, err := ex.newSlicer()
	if err != nil {
		return ex.stats.summary(ex.job, "failed"), err
	}
	ex.queue = make(chan *Slice, limit)
	workers, err := ex.startWorkers()
	if err != nil {
		return ex.stats.summary(ex.job, "failed"), err
	}
	stopped, slicerErr := ex.slice(ctx, slicer)
	workers.Wait()
	return ex.finish(stopped, slicerErr)
}

func (ex *Execution) newSlicer() (Slicer, int, error) {
	reader := ex.job.Operations[0]
	sctx := &SlicerContext{Job: ex.job, Config: reader, Workers: ex.job.Workers, Recovery: ex.opt.Recovery,
		Logger: ex.logger.With("slicer", reader.Label), ctx: ex.hard}
	var slicer Slicer
	err := protect(func() error {
		var err error
		slicer, err = reader.Spec.NewSlicer(sctx, reader)
		return err
	})
	if err != nil {
		return nil, 0, fmt.Errorf("%s: slicer: %w", reader.Where(), err)
	}
	return slicer, MaxQueue(slicer, ex.job.Workers), nil
}

// startWorkers builds and initializes every worker, then starts them. If
// one fails to initialize, the ones built are shut down.
func (ex *Execution) startWorkers() (*sync.WaitGroup, error) {
	var built []*worker
	for i := 0; i < ex.job.Workers; i++ {
		w, err := ex.newWorker(i)
		w.keepOutput = ex.opt.OnSliceDone != nil
		built = append(built, w)
		if err != nil {
			for _, b := range built {
				_ = b.shutdown() // counted in the summary's errors
			}
			return nil, fmt.Errorf("worker %s: %w", w.id, err)
		}
	}
	var wg sync.WaitGroup
	for _, w := range built {
		wg.Add(1)
		go func() {
			defer wg.Done()
			w.loop()
			if ex.hard.Err() == nil {
				w.flush()
			}
			_ = w.shutdown() // counted in the summary's errors
		}()
	}
	return &wg, nil
}

// slice runs the slicer until it is done, fails, or ctx is cancelled, and
// then closes the queue. stopped reports a graceful stop.
func (ex *Execution) slice(ctx context.Context, slicer Slicer) (stopped bool, err error) {
	defer close(ex.queue)
	order := 0
	for {
		if ctx.Err() != nil || ex.hard.Err() != nil {
			ex.stop()
			return true, nil
		}
		var reqs []any
		var done bool
		err := protect(func() error {
			var err error
			reqs, done, err = slicer.Slice(ex.hard)
			return err
		})
		if err != nil {
			ex.logger.Error("slicer failed", "error", err.Error())
			return false, fmt.Errorf("%s: slicer: %w", ex.job.Operations[0].Where(), err)
		}
		for _, r := range reqs {
			order++
			if !ex.enqueue(ctx, &Slice{ID: newSliceID(), Order: order, Request: r, ctx: ex.hard}) {
				ex.stop()
				return true, nil
			}
		}
		if done {
			return false, nil
		}
		if len(reqs) == 0 && !Sleep(ctx, 50*time.Millisecond) {
			ex.stop()
			return true, nil
		}
	}
}

func (ex *Execution) enqueue(ctx context.Context, s *Slice) bool {
	ex.stats.queued.Add(1)
	select {
	case ex.queue <- s:
		return true
	case <-ctx.Done():
		ex.stats.queued.Add(-1)
		return false
	}
}

// stop makes workers finish their current slice and leave the rest.
func (ex *Execution) stop() { ex.stopOnce.Do(func() { close(ex.stopping) }) }

func (ex *Execution) finish(stopped bool, slicerErr error) (*Summary, error) {
	for range ex.queue {
		ex.stats.queued.Add(-1)
		ex.stats.dropped.Add(1)
	}
	failed := ex.stats.failed.Load()
	status := "completed"
	var err error
	switch {
	case slicerErr != nil:
		status, err = "failed", slicerErr
	case failed > 0:
		status, err = "failed", fmt.Errorf("%d %w", failed, ErrSlicesFailed)
	case ex.hard.Err() != nil:
		status, err = "aborted", context.Canceled
	case stopped && !ex.job.Persistent():
		status, err = "stopped", ErrStopped
	case stopped:
		status = "stopped"
	}
	return ex.stats.summary(ex.job, status), err
}

// Run validates nothing: it executes a validated job and returns its summary.
func Run(ctx context.Context, j *Job, opt RunOptions) (*Summary, error) {
	return NewExecution(j, opt).Run(ctx)
}

func (ex *Execution) backoff(prev time.Duration) time.Duration {
	if ex.opt.Backoff != nil {
		return ex.opt.Backoff(prev)
	}
	return ReferenceBackoff(prev)
}

// ReferenceBackoff is the reference's retry wait: 180–260 ms first, then
// the previous wait × [1.8, 2.6), capped at 60 s.
func ReferenceBackoff(prev time.Duration) time.Duration {
	if prev <= 0 {
		return 180*time.Millisecond + time.Duration(rand.Int64N(int64(80*time.Millisecond)))
	}
	next := time.Duration(float64(prev) * (1.8 + 0.8*rand.Float64()))
	return min(next, 60*time.Second)
}

func newSliceID() string {
	b := make([]byte, 16)
	_, _ = crand.Read(b)
	b[6] = (b[6] & 0x0f) | 0x40
	b[8] = (b[8] & 0x3f) | 0x80
	h := hex.EncodeToString(b)
	return h[:8] + "-" + h[8:12] + "-" + h[12:16] + "-" + h[16:20] + "-" + h[20:]
}

// NewExecutionID returns a random execution id (8 hex digits).
func NewExecutionID() string {
	b := make([]byte, 4)
	_, _ = crand.Read(b)
	return hex.EncodeToString(b)
}

type lockedWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}

func orDiscard(w io.Writer) io.Writer {
	if w == nil {
		return io.Discard
	}
	return w
}
