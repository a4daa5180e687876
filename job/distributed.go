package job

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/sluice-dev/sluice/lang/diag"
	"github.com/sluice-dev/sluice/record"
)

// This file is the seam for running a job beyond one process (package
// cluster): the controller makes slices with NewSlicer and ships them as
// JSON; a worker process runs each one with a SliceRunner. The in-process
// Execution does not use any of it.

// CodeDistributed: an operation that needs a single worker in a job run in
// cluster mode.
const CodeDistributed = "JOB019"

// Distributed reports what in a job cannot keep its guarantees in cluster
// mode, where a worker builds fresh instances for every slice, on any
// machine, and a slice may run again after its worker was lost:
//   - operations whose Spec is SingleWorker (state across slices);
//   - file senders (any operation or api with a `file_per_slice`
//     parameter) without file_per_slice: a worker's growing file takes
//     over an existing file of the same name, so a slice run again would
//     add its records twice, where a file per slice is simply rewritten.
//
// Each problem points at the job file.
func Distributed(j *Job) *diag.List {
	var l diag.List
	for _, c := range j.Operations {
		if c.Spec != nil && c.Spec.SingleWorker {
			l.Add(diag.New(CodeDistributed, c.Span("_op"),
				"%s keeps state across slices and needs a single worker: it cannot run in cluster mode (run the job without --cluster)", c.Where()))
		}
	}
	seen := map[string]bool{}
	for _, c := range append(append([]*Config(nil), j.Operations...), j.APIs...) {
		if c.Spec == nil || c.Spec.Param("file_per_slice") == nil || c.Bool("file_per_slice") || seen[c.Ptr] {
			continue
		}
		seen[c.Ptr] = true
		span := c.Span("")
		if c.Has("file_per_slice") {
			span = c.Span("file_per_slice")
		}
		l.Add(diag.New(CodeDistributed, span,
			"%s: parameter \"file_per_slice\" must be true in cluster mode: a slice that runs again rewrites its own file, where it would add its records again to a growing file", c.Where()))
	}
	return &l
}

// NewSlicer builds the job's slicer on its own, for a controller whose
// workers run elsewhere: opt.Recovery and opt.Logger are used; ctx is the
// context the slicer sees.
func NewSlicer(ctx context.Context, j *Job, opt RunOptions) (Slicer, error) {
	ex := NewExecution(j, opt)
	ex.hard = ctx
	s, _, err := ex.newSlicer()
	return s, err
}

// MaxQueue is how many slices a slicer wants waiting for a worker at most
// (QueueLimiter, else 10000).
func MaxQueue(s Slicer, workers int) int {
	if ql, ok := s.(QueueLimiter); ok {
		return max(1, ql.MaxQueue(workers))
	}
	return 10000
}

// sliceJSON is the wire form of a slice.
type sliceJSON struct {
	ID       string          `json:"id"`
	SlicerID int             `json:"slicer_id"`
	Order    int             `json:"order"`
	Request  json.RawMessage `json:"request"`
	Attempt  int             `json:"attempt,omitempty"`
}

// MarshalJSON encodes a slice for another process; the request is record
// values written as JSON.
func (s *Slice) MarshalJSON() ([]byte, error) {
	return json.Marshal(sliceJSON{ID: s.ID, SlicerID: s.SlicerID, Order: s.Order, Attempt: s.Attempt,
		Request: record.AppendJSON(nil, s.Request)})
}

// UnmarshalJSON decodes a slice encoded by MarshalJSON.
func (s *Slice) UnmarshalJSON(b []byte) error {
	var w sliceJSON
	if err := json.Unmarshal(b, &w); err != nil {
		return err
	}
	req, err := record.ParseJSON(w.Request)
	if err != nil {
		return fmt.Errorf("slice %s: request: %w", w.ID, err)
	}
	*s = Slice{ID: w.ID, SlicerID: w.SlicerID, Order: w.Order, Attempt: w.Attempt, Request: req}
	return nil
}

// SliceResult is what one run of a slice did.
type SliceResult struct {
	Out        []*record.Record // the last operation's output, flush included
	Operations []OpSummary      // this slice's counts, one per operation
}

// SliceRunner runs slices one at a time (concurrently if called from
// several goroutines) on fresh instances of the job's apis and operations:
// every slice gets its own worker named after the slice, which is
// initialized, runs one attempt, flushes and shuts down. Files that
// senders name after the worker are therefore named after the slice, so
// a slice run again (redelivered) rewrites its own files instead of adding
// new ones.
type SliceRunner struct {
	ex *Execution
}

// NewSliceRunner prepares to run slices of a validated job.
func NewSliceRunner(j *Job, opt RunOptions) *SliceRunner {
	return &SliceRunner{ex: NewExecution(j, opt)}
}

// Run runs one attempt of the slice. last says that no attempt follows a
// failure (the SliceFailer hooks run instead of the SliceRetrier ones). An
// error from creating, flushing or shutting down the slice's instances
// fails the slice like an operation's error: output that was not
// committed must not be acknowledged.
func (r *SliceRunner) Run(s *Slice, last bool) (*SliceResult, error) {
	ex := r.ex
	s.ctx = ex.hard
	ops := newOpStats(ex.job)
	w, err := ex.newNamedWorker(0, s.ID, ops)
	if err != nil {
		_ = w.shutdown()
		return nil, r.settle(s, nil, fmt.Errorf("worker %s: %w", s.ID, err), last, ops)
	}
	ex.stats.running.Add(1)
	defer ex.stats.running.Add(-1)
	w.each(func(h any) {
		if x, ok := h.(SliceStarter); ok {
			x.OnSliceStarted(s)
		}
	})
	out, err := w.attempt(s)
	last = last || (err != nil && !Retryable(err)) // a NoRetry error ends the slice now, as on a local worker
	if err == nil {
		out, err = r.finish(w, s, out)
	} else {
		w.afterFailure(s, last)
	}
	if shutErr := w.shutdown(); err == nil && shutErr != nil {
		err = fmt.Errorf("worker %s: shutdown: %w", s.ID, shutErr)
	}
	return &SliceResult{Out: out, Operations: opSummaries(ops)}, r.settle(s, out, err, last, ops)
}

// finish runs the finished hooks and the flush pass of a slice that
// succeeded.
func (r *SliceRunner) finish(w *worker, s *Slice, out []*record.Record) ([]*record.Record, error) {
	w.each(func(h any) {
		if x, ok := h.(SliceFinisher); ok {
			x.OnSliceFinished(s)
		}
	})
	_, flushed, err := w.flushPass()
	w.flushEnd()
	if err != nil {
		return nil, fmt.Errorf("flush: %w", err)
	}
	return append(out, flushed...), nil
}

// afterFailure runs the hooks of a failed attempt.
func (w *worker) afterFailure(s *Slice, last bool) {
	w.each(func(h any) {
		if x, ok := h.(SliceFailer); ok && last {
			x.OnSliceFailed(s)
		}
		if x, ok := h.(SliceRetrier); ok && !last {
			x.OnSliceRetry(s)
		}
	})
}

// settle adds the slice's counts to the runner's totals and reports it.
func (r *SliceRunner) settle(s *Slice, out []*record.Record, err error, last bool, ops []*OpStats) error {
	st := r.ex.stats
	for i, o := range ops {
		st.ops[i].add(o)
	}
	switch {
	case err == nil:
		st.done.Add(1)
	case last || !Retryable(err):
		st.failed.Add(1)
		st.addError(sliceFailure(s, err))
	default:
		st.retries.Add(1)
	}
	if r.ex.opt.OnSliceDone != nil && (err == nil || last) {
		r.ex.opt.OnSliceDone(s, out, err)
	}
	return err
}

// Summary is the account of the slices this runner ran.
func (r *SliceRunner) Summary(status string) *Summary { return r.ex.stats.summary(r.ex.job, status) }

// Progress is a snapshot of the runner's counters.
func (r *SliceRunner) Progress() Progress { return r.ex.stats.progress() }

// Abort cancels the context of the slices running.
func (r *SliceRunner) Abort() { r.ex.abort() }

// Backoff is the wait before the next attempt of a slice after attempt
// (0-based) failed: the execution's backoff applied attempt+1 times.
func (r *SliceRunner) Backoff(attempt int) time.Duration {
	var d time.Duration
	for range attempt + 1 {
		d = r.ex.backoff(d)
	}
	return d
}

func newOpStats(j *Job) []*OpStats {
	ops := make([]*OpStats, len(j.Operations))
	for i, c := range j.Operations {
		ops[i] = &OpStats{Where: c.Where(), Label: c.Label, Index: i}
	}
	return ops
}

func (s *OpStats) add(o *OpStats) {
	s.in.Add(o.in.Load())
	s.out.Add(o.out.Load())
	s.dead.Add(o.dead.Load())
	s.nanos.Add(o.nanos.Load())
}

func opSummaries(ops []*OpStats) []OpSummary {
	out := make([]OpSummary, len(ops))
	for i, o := range ops {
		out[i] = o.summary()
	}
	return out
}
