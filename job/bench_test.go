package job_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/sluice-dev/sluice/job"
	"github.com/sluice-dev/sluice/record"
)

// countSlicer makes `slices` requests, then finishes.
type countSlicer struct{ left int }

func (c *countSlicer) Slice(context.Context) ([]any, bool, error) {
	if c.left == 0 {
		return nil, true, nil
	}
	c.left--
	return []any{1.0}, false, nil
}

type oneRecord struct{}

func (oneRecord) Fetch(*job.Slice, any) ([]*record.Record, error) {
	return []*record.Record{record.New(nil)}, nil
}

func init() {
	job.Register(&job.Spec{Name: "bench_reader", Kind: job.KindReader, Summary: "benchmark slices",
		Params: []*job.Param{{Name: "slices", Default: 1.0, Check: job.PositiveInt()}},
		NewSlicer: func(_ *job.SlicerContext, c *job.Config) (job.Slicer, error) {
			return &countSlicer{left: c.Int("slices")}, nil
		},
		NewFetcher: func(*job.OpContext, *job.Config) (job.Fetcher, error) { return oneRecord{}, nil }})
}

// BenchmarkSliceOverhead measures what the runner costs per slice: a
// one-record slice through a reader and three no-op processors.
func BenchmarkSliceOverhead(b *testing.B) {
	for _, workers := range []int{1, 2} {
		b.Run(fmt.Sprintf("workers=%d", workers), func(b *testing.B) {
			doc := fmt.Sprintf(`{"workers": %d, "operations": [{"_op": "bench_reader", "slices": %d}, {"_op": "noop"}, {"_op": "noop"}, {"_op": "noop"}]}`, workers, b.N)
			j := mustJob(b, doc)
			b.ResetTimer()
			sum, err := job.Run(context.Background(), j, job.RunOptions{})
			if err != nil || sum.SlicesDone != int64(b.N) {
				b.Fatalf("%v %+v", err, sum)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N), "ns/slice")
		})
	}
}
