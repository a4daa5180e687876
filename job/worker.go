package job

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"runtime/debug"
	"time"

	"github.com/sluice-dev/sluice/record"
)

// worker is one worker's instances of the job's apis and operations.
type worker struct {
	ex      *Execution
	index   int
	id      string
	apis    *apiSet
	fetcher Fetcher
	procs   []Processor
	ctxs    []*OpContext // one per operation, reader first
	hooked  []any        // every instance, for the lifecycle hooks: apis, then operations
	ops     []*OpStats   // where the operations' counts go (the execution's)
	// recordwise is how many processors after the reader are record-wise:
	// the worker takes each slice through them a run at a time.
	recordwise int
	// keepOutput is false on a worker of Execution.Run without
	// OnSliceDone: no one reads a slice's output. When every processor is
	// record-wise, a run's output is then garbage once made, and the live
	// heap the collector marks is the runs in flight, not whole slices.
	keepOutput bool
	ran        bool
}

// newWorker builds a worker's apis (all of them first, as the reference
// does) and then its operations, and initializes them.
func (ex *Execution) newWorker(i int) (*worker, error) {
	return ex.newNamedWorker(i, fmt.Sprintf("%s-%d", ex.id, i), ex.stats.ops)
}

// newNamedWorker builds a worker with its id and the counters its
// operations add to.
func (ex *Execution) newNamedWorker(i int, id string, ops []*OpStats) (*worker, error) {
	w := &worker{ex: ex, index: i, id: id, apis: &apiSet{byKey: map[string]any{}}, ops: ops, keepOutput: true}
	for _, c := range ex.job.APIs {
		inst, err := c.Spec.NewAPI(w.opContext(c, ex.job.apiUser(c.Label, ops)), c)
		if err != nil {
			return w, fmt.Errorf("%s: %w", c.Where(), err)
		}
		w.apis.order = append(w.apis.order, c.Label)
		w.apis.byKey[c.Label] = inst
		w.hooked = append(w.hooked, inst)
	}
	if err := w.buildOps(); err != nil {
		return w, err
	}
	return w, w.initialize()
}

func (w *worker) buildOps() error {
	for i, c := range w.ex.job.Operations {
		ctx := w.opContext(c, w.ops[i])
		w.ctxs = append(w.ctxs, ctx)
		var inst any
		var err error
		if i == 0 {
			w.fetcher, err = c.Spec.NewFetcher(ctx, c)
			inst = w.fetcher
		} else {
			var p Processor
			p, err = c.Spec.NewProcessor(ctx, c)
			w.procs = append(w.procs, p)
			inst = p
		}
		if err != nil {
			return fmt.Errorf("%s: %w", c.Where(), err)
		}
		w.hooked = append(w.hooked, inst)
	}
	w.recordwise = leadingRecordwise(w.procs)
	return nil
}

// leadingRecordwise counts the record-wise processors at the head of procs.
func leadingRecordwise(procs []Processor) int {
	for i, p := range procs {
		if _, ok := p.(RecordwiseProcessor); !ok {
			return i
		}
	}
	return len(procs)
}

func (w *worker) opContext(c *Config, stats *OpStats) *OpContext {
	return &OpContext{
		Job: w.ex.job, Config: c, Worker: w.index, WorkerID: w.id, Logger: w.ex.logger.With("worker", w.id),
		Stdout: w.ex.stdout, apis: w.apis, stats: stats, ctx: w.ex.hard,
	}
}

func (w *worker) initialize() error {
	for _, h := range w.hooked {
		if in, ok := h.(Initializer); ok {
			if err := protect(func() error { return in.Initialize(w.ex.hard) }); err != nil {
				return fmt.Errorf("initialize: %w", err)
			}
		}
	}
	return nil
}

// loop takes slices until the queue closes or the execution stops.
func (w *worker) loop() {
	for {
		select {
		case <-w.ex.stopping:
			return
		default:
		}
		select {
		case <-w.ex.stopping:
			return
		case s, ok := <-w.ex.queue:
			if !ok {
				return
			}
			w.ex.stats.queued.Add(-1)
			w.runSlice(s)
		}
	}
}

// runSlice runs a slice with retries: max_retries + 1 attempts in all, each
// re-running the fetcher, with the reference's jittered backoff between.
func (w *worker) runSlice(s *Slice) {
	w.ran = true
	st := w.ex.stats
	st.running.Add(1)
	defer st.running.Add(-1)
	var wait time.Duration
	for attempt := 0; ; attempt++ {
		s.Attempt = attempt
		w.each(func(h any) {
			if x, ok := h.(SliceStarter); ok {
				x.OnSliceStarted(s)
			}
		})
		out, err := w.attempt(s)
		if err == nil {
			w.finished(s, out)
			return
		}
		if attempt >= w.ex.job.MaxRetries || !Retryable(err) || w.ex.hard.Err() != nil {
			w.failed(s, err)
			return
		}
		st.retries.Add(1)
		w.ctxs[0].Logger.Warn("slice failed, retrying", "slice", s.ID, "attempt", attempt+1, "error", err.Error())
		w.each(func(h any) {
			if x, ok := h.(SliceRetrier); ok {
				x.OnSliceRetry(s)
			}
		})
		wait = w.ex.backoff(wait)
		if !Sleep(w.ex.hard, wait) {
			w.failed(s, err)
			return
		}
	}
}

func (w *worker) finished(s *Slice, out []*record.Record) {
	w.ex.stats.done.Add(1)
	w.each(func(h any) {
		if x, ok := h.(SliceFinisher); ok {
			x.OnSliceFinished(s)
		}
	})
	if w.ex.opt.OnSliceDone != nil {
		w.ex.opt.OnSliceDone(s, out, nil)
	}
}

// sliceFailure is the summary's error line of a slice that failed for good.
func sliceFailure(s *Slice, err error) string {
	return fmt.Sprintf("slice %s (request %s) failed after %d attempt(s): %v", s.ID, shortJSON(s.Request), s.Attempt+1, err)
}

func (w *worker) failed(s *Slice, err error) {
	w.ex.stats.failed.Add(1)
	w.ex.stats.addError(sliceFailure(s, err))
	w.ctxs[0].Logger.Error("slice failed", "slice", s.ID, "attempts", s.Attempt+1, "error", err.Error())
	w.each(func(h any) {
		if x, ok := h.(SliceFailer); ok {
			x.OnSliceFailed(s)
		}
	})
	if w.ex.opt.OnSliceDone != nil {
		w.ex.opt.OnSliceDone(s, nil, err)
	}
}

// attempt fetches the slice and runs it through every processor.
func (w *worker) attempt(s *Slice) ([]*record.Record, error) {
	if s.Flushing {
		return w.process(s, nil, 0)
	}
	req := record.DeepCopy(s.Request)
	if w.recordwise > 0 {
		recs, err := w.fetchInRuns(s, req)
		if err != nil {
			return nil, err
		}
		return w.process(s, recs, w.recordwise)
	}
	var recs []*record.Record
	err := w.timed(0, 0, func() (int, error) {
		var err error
		recs, err = w.fetcher.Fetch(s, req)
		return len(recs), err
	})
	if err != nil {
		return nil, err
	}
	return w.process(s, recs, 0)
}

// fetchInRuns fetches the slice a run of RunSize records at a time and
// takes each run through the record-wise processors at once; it returns
// what they made of the whole slice, or nothing when they are the last
// processors and no one reads it (keepOutput).
func (w *worker) fetchInRuns(s *Slice, req any) ([]*record.Record, error) {
	var next func(int) ([]*record.Record, error)
	err := w.timed(0, 0, func() (int, error) {
		var err error
		next, err = w.runs(s, req)
		return 0, err
	})
	if err != nil {
		return nil, err
	}
	keep := w.keepOutput || w.recordwise < len(w.procs)
	var out []*record.Record
	for {
		var run []*record.Record
		err := w.timed(0, 0, func() (int, error) {
			var err error
			run, err = next(RunSize)
			return len(run), err
		})
		if err != nil {
			return nil, err
		}
		if len(run) == 0 {
			return out, nil
		}
		if run, err = w.processRange(s, run, 0, w.recordwise); err != nil {
			return nil, err
		}
		if keep {
			out = append(out, run...)
		}
	}
}

// runs starts the slice on the fetcher: a RunFetcher makes its records a
// run at a time, another fetcher's whole batch is handed out in runs.
func (w *worker) runs(s *Slice, req any) (func(int) ([]*record.Record, error), error) {
	if rf, ok := w.fetcher.(RunFetcher); ok {
		return rf.FetchRuns(s, req)
	}
	recs, err := w.fetcher.Fetch(s, req)
	if err != nil {
		return nil, err
	}
	return func(max int) ([]*record.Record, error) {
		n := min(max, len(recs))
		run := recs[:n:n] // a processor appending to its run cannot overwrite the next
		recs = recs[n:]
		return run, nil
	}, nil
}

// process runs records through the processors from the first-th on.
func (w *worker) process(s *Slice, recs []*record.Record, first int) ([]*record.Record, error) {
	return w.processRange(s, recs, first, len(w.procs))
}

// processRange runs records through the processors first to end-1.
func (w *worker) processRange(s *Slice, recs []*record.Record, first, end int) ([]*record.Record, error) {
	for i := first; i < end; i++ {
		p := w.procs[i]
		in := recs
		err := w.timed(i+1, len(in), func() (int, error) {
			var err error
			recs, err = p.Process(s, in)
			return len(recs), err
		})
		if err != nil {
			return nil, err
		}
	}
	return recs, nil
}

// timed runs one operation call, recovering a panic into an error, and
// counts its records and time.
func (w *worker) timed(op, in int, call func() (int, error)) error {
	start := time.Now()
	var out int
	err := protect(func() error {
		var err error
		out, err = call()
		return err
	})
	w.ops[op].record(in, out, time.Since(start))
	if err != nil {
		return fmt.Errorf("%s: %w", w.ex.job.Operations[op].Where(), err)
	}
	return nil
}

// flush runs the flush pass: processors see an empty batch with Flushing
// set and emit the state they hold; their output flows on like a slice's.
func (w *worker) flush() {
	s, out, err := w.flushPass()
	if err != nil {
		w.ex.stats.failed.Add(1)
		w.ex.stats.addError("flush on worker " + w.id + ": " + err.Error())
		w.ctxs[0].Logger.Error("flush failed", "error", err.Error())
	} else if w.ex.opt.OnSliceDone != nil && len(out) > 0 {
		w.ex.opt.OnSliceDone(s, out, nil)
	}
	w.flushEnd()
}

// flushPass starts the flush (the FlushHook starts) and runs the flush
// slice; flushEnd ends it.
func (w *worker) flushPass() (*Slice, []*record.Record, error) {
	w.each(func(h any) {
		if x, ok := h.(FlushHook); ok {
			x.OnFlushStart()
		}
	})
	s := &Slice{ID: "flush-" + w.id, Flushing: true, ctx: w.ex.hard}
	out, err := w.attempt(s)
	return s, out, err
}

func (w *worker) flushEnd() {
	w.each(func(h any) {
		if x, ok := h.(FlushHook); ok {
			x.OnFlushEnd()
		}
	})
}

// shutdown runs every Shutdown hook, operations first, then apis, and
// returns the first failure.
func (w *worker) shutdown() error {
	var first error
	for i := len(w.hooked) - 1; i >= 0; i-- {
		if x, ok := w.hooked[i].(Shutdowner); ok {
			if err := protect(func() error { return x.Shutdown(context.Background()) }); err != nil {
				w.ex.stats.addError("shutdown on worker " + w.id + ": " + err.Error())
				w.ex.logger.Error("shutdown failed", "worker", w.id, "error", err.Error())
				first = cmp.Or(first, err)
			}
		}
	}
	return first
}

func (w *worker) each(fn func(h any)) {
	for _, h := range w.hooked {
		fn(h)
	}
}

// protect turns a panic into an error so that one operation's bug fails a
// slice, not the job.
func protect(fn func() error) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = &panicError{val: r, stack: debug.Stack()}
		}
	}()
	return fn()
}

type panicError struct {
	val   any
	stack []byte
}

func (e *panicError) Error() string { return fmt.Sprintf("panic: %v", e.val) }

// Retryable reports whether a failed slice may be retried: every error may,
// unless it was made with NoRetry.
func Retryable(err error) bool {
	var nr *noRetry
	return !errors.As(err, &nr)
}

type noRetry struct{ err error }

func (e *noRetry) Error() string { return e.err.Error() }
func (e *noRetry) Unwrap() error { return e.err }

// NoRetry marks an error that retrying cannot fix: the slice fails at once.
func NoRetry(err error) error { return &noRetry{err} }

// Sleep waits for d or until ctx is done and reports whether it waited the
// whole time: for operations that wait between retries.
func Sleep(ctx context.Context, d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return false
	case <-t.C:
		return true
	}
}
