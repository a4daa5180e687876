package all_test

import (
	"context"
	"fmt"
	"path/filepath"
	"runtime"
	"syscall"
	"testing"
	"time"

	"github.com/sluice-dev/sluice/job"
	"github.com/sluice-dev/sluice/lang/diag"
)

// BenchmarkGenerateTransform measures a whole job, data_generator ->
// transform (the demo rules) -> noop, with 1 worker on 1 core and 2 workers
// on 2 cores (GOMAXPROCS is the worker count: one worker on two cores has
// the garbage collector's marking and sweeping done on the idle core, which
// hides what a second core adds). It reports records/s and the process's CPU
// time per record: on a shared machine wall time depends on what else runs,
// while equal CPU time per record means the second worker adds a core's
// worth of work when the core is free.
func BenchmarkGenerateTransform(b *testing.B) {
	rules, _ := filepath.Abs("../../examples/jobs/rules/demo-rules.txt")
	for _, workers := range []int{1, 2} {
		b.Run(fmt.Sprintf("workers=%d", workers), func(b *testing.B) {
			defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(workers))
			records := max(b.N, 10000)
			doc := fmt.Sprintf(`{"workers": %d, "operations": [
				{"_op": "data_generator", "size": %d, "set_id": "hexadecimal"},
				{"_op": "transform", "rules": [%q]},
				{"_op": "noop", "size": 5000}]}`, workers, records, rules)
			j, l := job.Validate(diag.NewSource("bench.json", []byte(doc)), job.Options{})
			if j == nil {
				b.Fatal(l.Items)
			}
			runtime.GC()
			cpu0 := cpuTime()
			b.ResetTimer()
			sum, err := job.Run(context.Background(), j, job.RunOptions{})
			if err != nil || sum.RecordsOut != int64(records) {
				b.Fatalf("%v %+v", err, sum)
			}
			b.StopTimer()
			b.ReportMetric(float64(records)/b.Elapsed().Seconds(), "records/s")
			b.ReportMetric(float64((cpuTime()-cpu0).Nanoseconds())/float64(records), "cpu-ns/record")
		})
	}
}

// cpuTime is the user and system CPU time of the process so far.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
