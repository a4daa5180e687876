package cluster_test

import (
	"context"
	"testing"

	"github.com/sluice-dev/sluice/cluster"
	"github.com/sluice-dev/sluice/job"
)

// BenchmarkOverheadPerSlice measures what the cluster path adds to a
// slice: 2000 slices of one record through a noop, no output, one worker,
// in-process (job.Run) and on an embedded NATS server in the same process
// (publish, pull, fresh instances, result, ack). Reported per slice.
func BenchmarkOverheadPerSlice(b *testing.B) {
	const slices = 2000
	for _, path := range []string{"in-process", "embedded-nats"} {
		b.Run(path, func(b *testing.B) {
			dir := b.TempDir()
			p, j := writeJobWith(b, dir, slices, 1, `{"_op": "noop"}`, "")
			j.Workers = 1
			for b.Loop() {
				var sum *job.Summary
				var err error
				if path == "in-process" {
					sum, err = job.Run(context.Background(), j, job.RunOptions{})
				} else {
					sum, err = cluster.RunEmbedded(context.Background(), j, docOf(b, p), cluster.EmbeddedOptions{})
				}
				if err != nil || sum.SlicesDone != slices {
					b.Fatalf("%v %+v", err, sum)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N*slices), "µs/slice")
		})
	}
}
