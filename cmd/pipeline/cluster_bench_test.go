package main_test

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"
)

// BenchmarkCluster runs one job (benchSlices slices of benchPerSlice
// records, a noop, ldjson files per slice) in-process with one worker and
// on the cluster path with 1, 2 and 4 worker processes (one slice at a
// time each) on a loopback NATS server in the test process. Every
// iteration is a whole `pipeline run` process; workers stay up between
// iterations. scripts/bench-cluster runs it.
func BenchmarkCluster(b *testing.B) {
	for _, per := range []int{benchPerSlice, 1} {
		b.Run(fmt.Sprintf("records=%d/in-process", per), func(b *testing.B) { benchInProcess(b, per) })
		for _, n := range []int{1, 2, 4} {
			b.Run(fmt.Sprintf("records=%d/workers=%d", per, n), func(b *testing.B) { benchCluster(b, per, n) })
		}
	}
}

const (
	benchSlices   = 1000
	benchPerSlice = 100
)

func benchInProcess(b *testing.B, per int) {
	e := newClusterEnv(b)
	_, records := e.jobWith(benchSlices, per, `{"_op": "noop"}`)
	benchRuns(b, e, records, func() *exec.Cmd {
		cmd := exec.Command(binPath, "run", "--workers", "1", "--no-progress", "job.json")
		cmd.Dir = e.dir
		return cmd
	})
}

func benchCluster(b *testing.B, per, workers int) {
	e := newClusterEnv(b)
	_, records := e.jobWith(benchSlices, per, `{"_op": "noop"}`)
	for range workers {
		e.worker()
	}
	benchRuns(b, e, records, func() *exec.Cmd {
		cmd := exec.Command(binPath, "run", "--cluster", e.url(), "--no-progress", "job.json")
		cmd.Dir = e.dir
		return cmd
	})
}

func benchRuns(b *testing.B, e *clusterEnv, records int, run func() *exec.Cmd) {
	var total time.Duration
	for b.Loop() {
		b.StopTimer()
		_ = os.RemoveAll(filepath.Join(e.dir, "out"))
		b.StartTimer()
		start := time.Now()
		if out, err := run().CombinedOutput(); err != nil {
			b.Fatalf("%v\n%s", err, out)
		}
		total += time.Since(start)
	}
	perRun := total.Seconds() / float64(b.N)
	b.ReportMetric(float64(records)/perRun, "records/s")
	b.ReportMetric(perRun*1000/benchSlices, "ms/slice")
}
