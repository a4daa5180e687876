package generator

import (
	"context"
	"errors"
	"fmt"
	"math"
	"time"

	"github.com/sluice-dev/sluice/internal/jsdate"
	"github.com/sluice-dev/sluice/job"
	"github.com/sluice-dev/sluice/record"
)

// Fetcher generates the records of a slice request {"count", "processed"}.
// Each instance has its own record schema and random source.
type Fetcher struct {
	fields []field
	st     *state
	stress bool
	delay  time.Duration
}

func newFetcher(ctx *job.OpContext, c *job.Config) (job.Fetcher, error) {
	return NewFetcher(ctx.Job, c, time.Now)
}

// NewFetcher builds the fetcher of a validated configuration. now is the
// clock: "now" dates, and the default end of the date range (taken once,
// here, as the reference does).
func NewFetcher(j *job.Job, c *job.Config, now func() time.Time) (*Fetcher, error) {
	fields, err := recordFields(j, c, now())
	if err != nil {
		return nil, err
	}
	return &Fetcher{fields: fields, st: newState(now), stress: c.Bool("stress_test"), delay: delayOf(c)}, nil
}

// recordFields is the instance's record schema: the built-in one or the
// json_schema file's, shaped by the parameters.
func recordFields(j *job.Job, c *job.Config, now time.Time) ([]field, error) {
	sh := shapeOf(c, now)
	if c.String("json_schema") == "" {
		return shapeDefault(sh)
	}
	cs, ok := c.Prepared.(*customSchema)
	if !ok {
		var errs []error
		if cs, errs = loadSchema(j, c); errs != nil {
			return nil, errors.Join(errs...)
		}
	}
	return shapeCustom(cs.fields, sh)
}

func shapeOf(c *job.Config, now time.Time) shape {
	return shape{
		dateKey:    c.String("date_key"),
		format:     c.String("format"),
		start:      dateMs(c.String("start"), 0),
		end:        dateMs(c.String("end"), now.UnixMilli()),
		setID:      c.String("set_id"),
		idStartKey: c.String("id_start_key"),
	}
}

// dateMs reads a validated date (an ISO string); def when unset.
func dateMs(iso string, def int64) int64 {
	if ms, ok := jsdate.Parse(iso); ok && iso != "" {
		return int64(ms)
	}
	return def
}

func delayOf(c *job.Config) time.Duration {
	sec := c.Float("delay")
	if sec <= 0 || math.IsNaN(sec) {
		return 0
	}
	return time.Duration(min(sec*float64(time.Second), math.MaxInt64))
}

// Fetch generates count records. A null request gives none; with
// stress_test one record is repeated count times; with delay the fetcher
// first waits (an abort of the job interrupts the wait).
func (f *Fetcher) Fetch(sl *job.Slice, req any) ([]*record.Record, error) {
	next, err := f.FetchRuns(sl, req)
	if err != nil {
		return nil, err
	}
	return next(math.MaxInt)
}

// FetchRuns is Fetch a run at a time (job.RunFetcher): the same records in
// the same order, made as the worker asks for them.
func (f *Fetcher) FetchRuns(sl *job.Slice, req any) (func(int) ([]*record.Record, error), error) {
	if req == nil {
		return func(int) ([]*record.Record, error) { return []*record.Record{}, nil }, nil
	}
	count, first, err := parseRequest(req)
	if err != nil {
		return nil, job.NoRetry(err)
	}
	f.st.seq = first
	var one *record.Object // stress_test's record
	if f.stress {
		if count > 0 {
			one = f.st.object(f.fields)
		}
	} else if f.delay > 0 {
		if err := wait(sliceContext(sl), f.delay); err != nil {
			return nil, err
		}
	}
	return func(max int) ([]*record.Record, error) {
		n := min(max, count)
		count -= n
		if one != nil {
			return copies(one, n), nil
		}
		return f.generate(n), nil
	}, nil
}

// parseRequest reads {"count": n, "processed": total}; the first record's
// position in the job is processed − count.
func parseRequest(req any) (count int, first int64, err error) {
	o, ok := req.(*record.Object)
	c, _ := o.Get("count")
	n, isNum := c.(float64)
	if !ok || !isNum || n < 0 || n != math.Trunc(n) || n > math.MaxInt32 {
		return 0, 0, fmt.Errorf("a data_generator slice request is {\"count\": <whole number>, \"processed\": <number>}, got %s", record.JSON(req))
	}
	if p, has := o.Get("processed"); has {
		if pf, ok := p.(float64); ok && pf >= n && pf < math.MaxInt64 {
			first = int64(pf) - int64(n)
		}
	}
	return int(n), first, nil
}

func sliceContext(sl *job.Slice) context.Context {
	if sl == nil {
		return context.Background()
	}
	return sl.Context()
}

func wait(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return fmt.Errorf("delay interrupted: %w", ctx.Err())
	case <-t.C:
		return nil
	}
}

// generate makes n independent records (their structs share one block).
func (f *Fetcher) generate(n int) []*record.Record {
	recs := make([]record.Record, n)
	out := make([]*record.Record, n)
	for i := range recs {
		recs[i].Data = f.st.object(f.fields)
		out[i] = &recs[i]
		f.st.seq++
	}
	return out
}

// copies makes n records, each a copy of one.
func copies(one *record.Object, n int) []*record.Record {
	out := make([]*record.Record, n)
	for i := range out {
		out[i] = record.New(one.DeepClone())
	}
	return out
}
