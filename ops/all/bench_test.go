package all_test

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"

	"github.com/sluice-dev/sluice/job"
	"github.com/sluice-dev/sluice/lang/diag"
)

// BenchmarkGenerateTransform measures a whole job, data_generator ->
// transform (the demo rules) -> noop, with 1 and 2 workers: records/s per
// worker count, so one run shows how the runner scales across cores.
func BenchmarkGenerateTransform(b *testing.B) {
	rules, _ := filepath.Abs("../../examples/jobs/rules/demo-rules.txt")
	for _, workers := range []int{1, 2} {
		b.Run(fmt.Sprintf("workers=%d", workers), func(b *testing.B) {
			records := max(b.N, 10000)
			doc := fmt.Sprintf(`{"workers": %d, "operations": [
				{"_op": "data_generator", "size": %d, "set_id": "hexadecimal"},
				{"_op": "transform", "rules": [%q]},
				{"_op": "noop", "size": 5000}]}`, workers, records, rules)
			j, l := job.Validate(diag.NewSource("bench.json", []byte(doc)), job.Options{})
			if j == nil {
				b.Fatal(l.Items)
			}
			b.ResetTimer()
			sum, err := job.Run(context.Background(), j, job.RunOptions{})
			if err != nil || sum.RecordsOut != int64(records) {
				b.Fatalf("%v %+v", err, sum)
			}
			b.ReportMetric(float64(records)/b.Elapsed().Seconds(), "records/s")
		})
	}
}
