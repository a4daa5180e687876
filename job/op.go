package job

import (
	"context"
	"fmt"
	"io"
	"log/slog"

	"github.com/sluice-dev/sluice/record"
)

// Slice is one unit of work: a request made by the slicer, fetched and
// processed by one worker.
type Slice struct {
	ID       string
	SlicerID int
	Order    int // per slicer, from 1
	Request  any // record values (objects, arrays, numbers, ...)
	Attempt  int // 0 on the first attempt, then the retry number
	// Flushing is set on the flush pass at worker shutdown: the fetcher is
	// not called, processors see an empty batch and emit the state they hold.
	Flushing bool
	ctx      context.Context
}

// Context is the slice's context; it is cancelled only when the job is
// aborted.
func (s *Slice) Context() context.Context {
	if s.ctx == nil {
		return context.Background()
	}
	return s.ctx
}

// Slicer makes slice requests on the controller.
type Slicer interface {
	// Slice returns the next requests, each its own slice, in order. done
	// reports that the slicer has finished (once jobs). No requests and not
	// done means "nothing now": Slice is called again a little later.
	Slice(ctx context.Context) (reqs []any, done bool, err error)
}

// QueueLimiter is implemented by slicers that bound the number of slices
// waiting for a worker (the default is 10000).
type QueueLimiter interface {
	MaxQueue(workers int) int
}

// Fetcher turns a slice request into records on a worker.
type Fetcher interface {
	Fetch(s *Slice, req any) ([]*record.Record, error)
}

// Processor transforms the records of a slice. A data window is a record
// whose Window field holds records.
type Processor interface {
	Process(s *Slice, in []*record.Record) ([]*record.Record, error)
}

// RecordwiseProcessor is a Processor that keeps nothing from one record to
// the next within a slice: its output for a batch is its outputs for the
// batch's consecutive runs, in order. The worker takes a slice through the
// record-wise processors that follow the reader a run of RunSize records at
// a time, while the run is still in the CPU's cache, rather than the whole
// slice through one operation after another.
type RecordwiseProcessor interface {
	Processor
	// Recordwise marks the processor; it is never called.
	Recordwise()
}

// RunFetcher is a Fetcher that can make a slice's records a run at a time
// (see RecordwiseProcessor). Its records are those Fetch would return, in
// the same order.
type RunFetcher interface {
	Fetcher
	// FetchRuns starts the slice; next returns up to max more records, and
	// none once the slice is done.
	FetchRuns(s *Slice, req any) (next func(max int) ([]*record.Record, error), err error)
}

// RunSize is the records the worker takes through its record-wise
// processors at a time: about half a megabyte of typical records, so that a
// run made by the reader is still in the core's cache when the processors
// read it, whatever the slice size.
const RunSize = 256

// Optional lifecycle hooks an operation (fetcher, processor or api) may
// implement; the runner calls them on every worker's instance.
type (
	// Initializer runs once per worker before the first slice, after every
	// api of the job is created.
	Initializer interface {
		Initialize(ctx context.Context) error
	}
	// Shutdowner runs once per worker after the flush.
	Shutdowner interface {
		Shutdown(ctx context.Context) error
	}
	// SliceStarter runs before each attempt of a slice.
	SliceStarter interface{ OnSliceStarted(s *Slice) }
	// SliceFinisher runs after a slice succeeded.
	SliceFinisher interface{ OnSliceFinished(s *Slice) }
	// SliceFailer runs after the last failed attempt of a slice.
	SliceFailer interface{ OnSliceFailed(s *Slice) }
	// SliceRetrier runs between a failed attempt and the next one.
	SliceRetrier interface{ OnSliceRetry(s *Slice) }
	// FlushHook brackets the flush pass at worker shutdown.
	FlushHook interface {
		OnFlushStart()
		OnFlushEnd()
	}
)

// Recovery is what a recovered execution tells a slicer about where it was.
type Recovery struct {
	SlicerID  int
	LastSlice any
}

// Recoverable is implemented by slicers that resume where an execution
// left off: given SlicerContext.Recovery, Resumed reports that the slicer
// starts after its LastSlice. A cluster controller restarted mid-job then
// resumes the slicer from its saved position; other slicers are replayed
// past the slices already published (and must make the same requests
// again).
type Recoverable interface {
	Resumed() bool
}

// SlicerContext is what a slicer's constructor sees.
type SlicerContext struct {
	Job      *Job
	Config   *Config
	Workers  int
	Recovery []Recovery
	Logger   *slog.Logger
	ctx      context.Context
}

// Context is the execution's context.
func (c *SlicerContext) Context() context.Context { return orBackground(c.ctx) }

// OpContext is what an operation or api instance sees on its worker: the
// job, its configuration, the worker, the job's apis and the dead-letter
// action of its configuration.
type OpContext struct {
	Job      *Job
	Config   *Config
	Worker   int    // 0-based worker index
	WorkerID string // unique in the execution; used in file names
	Logger   *slog.Logger
	Stdout   io.Writer // shared, safe for concurrent whole writes
	apis     *apiSet
	stats    *OpStats
	ctx      context.Context
}

// Context is cancelled when the job is aborted.
func (c *OpContext) Context() context.Context { return orBackground(c.ctx) }

// API returns the instance of an api of the job by its _name.
func (c *OpContext) API(name string) (any, error) {
	if c.apis == nil {
		return nil, fmt.Errorf("no api %q on this worker", name)
	}
	return c.apis.get(name)
}

func orBackground(ctx context.Context) context.Context {
	if ctx == nil {
		return context.Background()
	}
	return ctx
}
