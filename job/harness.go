package job

import (
	"context"
	"fmt"
	"io"
	"log/slog"

	"github.com/sluice-dev/sluice/lang/diag"
	"github.com/sluice-dev/sluice/record"
)

// Harness runs a job's processors on one worker, slice by slice, the way
// the reference's WorkerTestHarness does: records go straight to the
// processors (metadata included), lifecycle hooks run as on a real worker,
// and Flush runs the flush pass. It is meant for tests of operations.
type Harness struct {
	ex   *Execution
	w    *worker
	last *Slice
}

// HarnessOptions configure a harness.
type HarnessOptions struct {
	Options            // validation options (Dir: where relative paths of the job resolve)
	Stdout   io.Writer // nil discards
	Logger   *slog.Logger
	WorkerID string // "" : "harness-0"
}

// NewHarness validates a job document (whose first operation is a reader,
// usually {"_op": "test-reader"}) and builds one initialized worker.
func NewHarness(doc string, opt HarnessOptions) (*Harness, error) {
	j, diags := Validate(diag.NewSource("harness.json", []byte(doc)), opt.Options)
	if j == nil {
		return nil, diagError(diags)
	}
	j.Workers = 1
	ex := NewExecution(j, RunOptions{Stdout: opt.Stdout, Logger: opt.Logger, ExecutionID: "harness"})
	w, err := ex.newWorker(0)
	if err != nil {
		w.shutdown()
		return nil, err
	}
	if opt.WorkerID != "" {
		w.id = opt.WorkerID
	}
	return &Harness{ex: ex, w: w}, nil
}

// ProcessorHarness builds a harness for one processor (and the apis it
// needs, a JSON array or ""): the job is [test-reader, op].
func ProcessorHarness(opJSON, apisJSON string, opt HarnessOptions) (*Harness, error) {
	if apisJSON == "" {
		apisJSON = "[]"
	}
	doc := fmt.Sprintf(`{"max_retries": 0, "apis": %s, "operations": [{"_op": "test-reader", "passthrough_slice": true}, %s]}`, apisJSON, opJSON)
	return NewHarness(doc, opt)
}

// Job is the harness's validated job.
func (h *Harness) Job() *Job { return h.w.ex.job }

// RunSlice runs records through the processors as one slice (one attempt,
// with the slice hooks).
func (h *Harness) RunSlice(recs []*record.Record) ([]*record.Record, error) {
	s := &Slice{ID: newSliceID(), Order: h.nextOrder(), Request: nil, ctx: h.ex.hard}
	h.last = s
	h.w.each(func(x any) {
		if st, ok := x.(SliceStarter); ok {
			st.OnSliceStarted(s)
		}
	})
	out, err := h.w.process(s, recs, 0)
	if err != nil {
		h.w.each(func(x any) {
			if f, ok := x.(SliceFailer); ok {
				f.OnSliceFailed(s)
			}
		})
		return nil, err
	}
	h.w.each(func(x any) {
		if f, ok := x.(SliceFinisher); ok {
			f.OnSliceFinished(s)
		}
	})
	return out, nil
}

// RunRequest fetches a slice request with the reader and processes it.
func (h *Harness) RunRequest(req any) ([]*record.Record, error) {
	s := &Slice{ID: newSliceID(), Order: h.nextOrder(), Request: req, ctx: h.ex.hard}
	h.last = s
	return h.w.attempt(s)
}

func (h *Harness) nextOrder() int {
	if h.last == nil {
		return 1
	}
	return h.last.Order + 1
}

// Flush runs the flush pass and returns what the processors emitted.
func (h *Harness) Flush() ([]*record.Record, error) {
	var out []*record.Record
	var err error
	h.w.each(func(x any) {
		if f, ok := x.(FlushHook); ok {
			f.OnFlushStart()
		}
	})
	out, err = h.w.process(&Slice{ID: "flush", Flushing: true, ctx: h.ex.hard}, nil, 0)
	h.w.each(func(x any) {
		if f, ok := x.(FlushHook); ok {
			f.OnFlushEnd()
		}
	})
	return out, err
}

// Stats returns the per-operation counters so far.
func (h *Harness) Stats() []OpSummary { return h.ex.stats.summary(h.ex.job, "").Operations }

// Close shuts the worker down.
func (h *Harness) Close() {
	h.w.shutdown()
	h.ex.abort()
}

// Context is the harness's execution context.
func (h *Harness) Context() context.Context { return h.ex.hard }

// DiagError is a validation failure: every diagnostic.
type DiagError struct{ List *diag.List }

func (e *DiagError) Error() string {
	msg := ""
	for _, d := range e.List.Items {
		if d.Severity == diag.Error {
			if msg != "" {
				msg += "\n"
			}
			msg += d.Error()
		}
	}
	return msg
}

func diagError(l *diag.List) error { return &DiagError{List: l} }
