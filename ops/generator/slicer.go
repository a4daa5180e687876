package generator

import (
	"context"
	"math"

	"github.com/sluice-dev/sluice/job"
	"github.com/sluice-dev/sluice/record"
)

// Slicer counts records into slices (processors.md §2.2). In a once job
// size is the total: each slice asks for min(sliceSize, size − processed)
// records and the slicer is done once processed reaches size. In a
// persistent job every slice asks for sliceSize records, forever. Requests
// are {"count": n, "processed": running total}.
type Slicer struct {
	size, sliceSize, processed int64
	persistent                 bool
	resumed                    bool // started from recovery data
}

// NewSlicer makes the slicer of a validated job: the slice size is chosen
// once (SliceSize) and the count resumes from the recovery data.
func NewSlicer(ctx *job.SlicerContext, c *job.Config) (job.Slicer, error) {
	return &Slicer{
		size:       int64(c.Int("size")),
		sliceSize:  SliceSize(ctx.Job, c),
		processed:  recovered(ctx.Recovery),
		persistent: ctx.Job.Persistent(),
		resumed:    len(ctx.Recovery) > 0,
	}, nil
}

// Resumed reports that the slicer starts after the recovered slice
// (job.Recoverable): a restarted cluster controller continues its count
// instead of replaying the slices already published.
func (s *Slicer) Resumed() bool { return s.resumed }

// SliceSize is the number of records per slice: the last operation's
// `size` when it is a positive number, else the `size` of the api the last
// operation names in `_api_name` (looked up by that name: spec 12 row 2),
// else the generator's own size.
func SliceSize(j *job.Job, c *job.Config) int64 {
	last := j.LastOp()
	if n, ok := positiveCount(last.Get("size")); ok {
		return n
	}
	if name := last.String("_api_name"); name != "" {
		if api := j.API(name); api != nil {
			if n, ok := positiveCount(api.Get("size")); ok {
				return n
			}
		}
	}
	return int64(c.Int("size"))
}

// positiveCount accepts a number of at least 1 (a fractional one is
// rounded down).
func positiveCount(v any) (int64, bool) {
	f, ok := v.(float64)
	if !ok || math.IsNaN(f) || f < 1 {
		return 0, false
	}
	return int64(min(f, math.MaxInt64/2)), true
}

// recovered is where a recovered execution resumes:
// recovery[0].lastSlice.processed, 0 by default.
func recovered(rec []job.Recovery) int64 {
	if len(rec) == 0 {
		return 0
	}
	var p any
	switch last := rec[0].LastSlice.(type) {
	case *record.Object:
		p, _ = last.Get("processed")
	case map[string]any:
		p = last["processed"]
	}
	n, _ := positiveCount(p)
	return n
}

// MaxQueue keeps at most three slices per worker waiting.
func (s *Slicer) MaxQueue(workers int) int { return 3 * workers }

// Slice returns the next request, or done once a once job has asked for
// every record.
func (s *Slicer) Slice(context.Context) ([]any, bool, error) {
	count := s.sliceSize
	if !s.persistent {
		if s.processed >= s.size {
			return nil, true, nil
		}
		count = min(count, s.size-s.processed)
	}
	s.processed += count
	return []any{Request(count, s.processed)}, false, nil
}

// Request is a slice request: {"count", "processed"}.
func Request(count, processed int64) *record.Object {
	o := record.NewObject(2)
	o.Append("count", float64(count))
	o.Append("processed", float64(processed))
	return o
}
