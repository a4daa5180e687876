package main_test

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"
)

// BenchmarkCluster runs jobs of slices of records with ids through a
// middle operation to ldjson files per slice, as whole `pipeline run`
// processes: in-process with one worker, and on the cluster path with 1, 2
// and 4 worker processes (one slice at a time each) on a loopback NATS
// server in the test process; workers stay up between iterations. The
// jobs: 1000 slices of 100 records (throughput), 1000 slices of 1 record
// (the overhead per slice) and 200 slices of 10 records through a 5 ms
// delay (work that waits: where more workers help on a small machine; the
// cluster path also runs the delay in each slice's flush pass).
// scripts/bench-cluster runs it.
func BenchmarkCluster(b *testing.B) {
	for _, c := range benchJobs {
		b.Run(c.name+"/in-process", func(b *testing.B) { benchInProcess(b, c) })
		for _, n := range []int{1, 2, 4} {
			b.Run(fmt.Sprintf("%s/workers=%d", c.name, n), func(b *testing.B) { benchCluster(b, c, n) })
		}
	}
}

type benchJob struct {
	name        string
	slices, per int
	middle      string
}

var benchJobs = []benchJob{
	{"records=100", 1000, 100, `{"_op": "noop"}`},
	{"records=1", 1000, 1, `{"_op": "noop"}`},
	{"delay=5ms", 200, 10, `{"_op": "delay", "ms": 5}`},
}

func benchInProcess(b *testing.B, c benchJob) {
	e := newClusterEnv(b)
	_, records := e.jobWith(c.slices, c.per, c.middle)
	benchRuns(b, e, c.slices, records, func() *exec.Cmd {
		cmd := exec.Command(binPath, "run", "--workers", "1", "--no-progress", "job.json")
		cmd.Dir = e.dir
		return cmd
	})
}

func benchCluster(b *testing.B, c benchJob, workers int) {
	e := newClusterEnv(b)
	_, records := e.jobWith(c.slices, c.per, c.middle)
	for range workers {
		e.worker()
	}
	benchRuns(b, e, c.slices, records, func() *exec.Cmd {
		cmd := exec.Command(binPath, "run", "--cluster", e.url(), "--no-progress", "job.json")
		cmd.Dir = e.dir
		return cmd
	})
}

func benchRuns(b *testing.B, e *clusterEnv, slices, records int, run func() *exec.Cmd) {
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
	b.ReportMetric(perRun*1000/float64(slices), "ms/slice")
}
