package main_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/sluice-dev/sluice/cluster"
)

// clusterEnv is an embedded NATS server in the test process, the job
// directory and the processes the test started.
type clusterEnv struct {
	t     testing.TB
	dir   string
	store string
	port  int
	srv   *cluster.Server
	js    jetstream.JetStream
	procs []*exec.Cmd
	// retries is the job's max_retries (2 unless a test sets it).
	retries int
}

func newClusterEnv(t testing.TB) *clusterEnv {
	if testing.Short() {
		t.Skip("starts processes")
	}
	binary(t)
	e := &clusterEnv{t: t, dir: t.TempDir(), port: freePort(t), retries: 2}
	e.store = filepath.Join(e.dir, "nats")
	e.startServer()
	t.Cleanup(e.close)
	return e
}

func freePort(t testing.TB) int {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

func (e *clusterEnv) startServer() {
	srv, err := cluster.Embedded(e.store, e.port)
	if err != nil {
		e.t.Fatal(err)
	}
	e.srv = srv
	nc, err := cluster.Connect(srv.URL(), "test")
	if err != nil {
		e.t.Fatal(err)
	}
	e.js, _ = jetstream.New(nc)
}

func (e *clusterEnv) url() string { return fmt.Sprintf("nats://127.0.0.1:%d", e.port) }

func (e *clusterEnv) close() {
	for _, p := range e.procs {
		if p.ProcessState == nil {
			_ = p.Process.Kill()
			_ = p.Wait()
		}
	}
	if e.srv != nil {
		e.srv.Shutdown()
	}
}

// job writes a job of `slices` slices of `per` records with ids 1..n
// through a delay of ms per slice to ldjson files in dir/out.
func (e *clusterEnv) job(slices, per, ms int) (string, int) {
	return e.jobWith(slices, per, fmt.Sprintf(`{"_op": "delay", "ms": %d}`, ms))
}

// jobWith writes the job with another middle operation.
func (e *clusterEnv) jobWith(slices, per int, middle string) (string, int) {
	var reqs []string
	id := 0
	for range slices {
		var recs []string
		for range per {
			id++
			recs = append(recs, fmt.Sprintf(`{"id":%d}`, id))
		}
		reqs = append(reqs, "["+strings.Join(recs, ",")+"]")
	}
	writeFile(e.t, e.dir, "slices.json", "["+strings.Join(reqs, ",\n")+"]")
	return writeFile(e.t, e.dir, "job.json", fmt.Sprintf(`{"name": "ids", "workers": 1, "max_retries": %d,
  "apis": [{"_name": "file_sender_api", "path": "out", "format": "ldjson", "file_per_slice": true}],
  "operations": [
    {"_op": "test-reader", "passthrough_slice": true, "slicer_data_file_path": "slices.json"},
    %s,
    {"_op": "routed_sender", "_api_name": "file_sender_api", "routing": {"*": "default"}}]}`, e.retries, middle)), id
}

// start starts a pipeline process in the job directory.
func (e *clusterEnv) start(name string, args ...string) (*exec.Cmd, *bytes.Buffer) {
	cmd := exec.Command(binPath, args...)
	cmd.Dir = e.dir
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		e.t.Fatalf("%s: %v", name, err)
	}
	e.procs = append(e.procs, cmd)
	return cmd, &out
}

func (e *clusterEnv) worker() *exec.Cmd {
	cmd, _ := e.start("worker", "worker", "--cluster", e.url(), "--job", "ids", "--workers", "1")
	return cmd
}

func (e *clusterEnv) controller() (*exec.Cmd, *bytes.Buffer) {
	return e.start("controller", "run", "--cluster", e.url(), "--ack-wait", "1s", "--summary", "summary.json", "--no-progress", "job.json")
}

// waitFor polls cond until it holds (fails the test after 60 s).
func (e *clusterEnv) waitFor(what string, cond func() bool) {
	deadline := time.Now().Add(60 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			e.t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// results is the slice results in the job's bucket.
func (e *clusterEnv) results() map[string]map[string]any {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	out := map[string]map[string]any{}
	kv, err := e.js.KeyValue(ctx, "sluice_ids")
	if err != nil {
		return out
	}
	keys, _ := kv.Keys(ctx)
	for _, k := range keys {
		if !strings.HasPrefix(k, "slice.") {
			continue
		}
		if en, err := kv.Get(ctx, k); err == nil {
			var r map[string]any
			if json.Unmarshal(en.Value(), &r) == nil {
				out[k] = r
			}
		}
	}
	return out
}

// inFlight is the number of slices delivered and not yet acknowledged.
func (e *clusterEnv) inFlight() int {
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	c, err := e.js.Consumer(ctx, "SLUICE_ids", "workers")
	if err != nil {
		return 0
	}
	info, err := c.Info(ctx)
	if err != nil {
		return 0
	}
	return info.NumAckPending
}

// killMidSlice kills a process with SIGKILL once `busy` slices are in
// flight (the workers are in the middle of their slices).
func (e *clusterEnv) killMidSlice(victim *exec.Cmd, busy int) {
	e.waitFor(fmt.Sprintf("%d slice(s) in flight", busy), func() bool { return e.inFlight() == busy })
	if err := victim.Process.Signal(syscall.SIGKILL); err != nil {
		e.t.Fatal(err)
	}
	_ = victim.Wait()
}

// finish waits for the controller and checks that the job completed with
// every record written exactly once.
func (e *clusterEnv) finish(ctl *exec.Cmd, log *bytes.Buffer, slices, records int) summary {
	if err := ctl.Wait(); err != nil {
		e.t.Fatalf("controller: %v\n%s", err, log)
	}
	s := readSummary(e.t, filepath.Join(e.dir, "summary.json"))
	if s.Status != "completed" || s.SlicesDone != int64(slices) || s.SlicesFailed != 0 || s.RecordsOut != int64(records) {
		e.t.Errorf("summary %+v", s)
	}
	e.exactlyOnce(records)
	return s
}

// exactlyOnce reads every output file and checks ids 1..n once each.
func (e *clusterEnv) exactlyOnce(n int) {
	files, _ := filepath.Glob(filepath.Join(e.dir, "out", "*"))
	seen := map[int]int{}
	for _, f := range files {
		if strings.HasPrefix(filepath.Base(f), ".") {
			e.t.Errorf("temporary file left: %s", f)
			continue
		}
		b, err := os.ReadFile(f)
		if err != nil {
			e.t.Fatal(err)
		}
		for _, line := range strings.Split(strings.TrimSuffix(string(b), "\n"), "\n") {
			var r struct{ ID int }
			if err := json.Unmarshal([]byte(line), &r); err != nil {
				e.t.Fatalf("%s: %q: %v", f, line, err)
			}
			seen[r.ID]++
		}
	}
	var wrong []string
	for id := 1; id <= n; id++ {
		if seen[id] != 1 {
			wrong = append(wrong, fmt.Sprintf("id %d written %d times", id, seen[id]))
		}
	}
	if len(wrong) > 0 || len(seen) != n {
		e.t.Errorf("%d distinct ids in %d files, want 1..%d once each: %v", len(seen), len(files), n, wrong)
	}
}

// TestClusterWorkerKilledMidSlice: a worker process killed with SIGKILL
// while its slice waits in the delay operation (600 ms); the slice goes to the
// other worker once AckWait runs out, and every record is written once.
func TestClusterWorkerKilledMidSlice(t *testing.T) {
	e := newClusterEnv(t)
	_, records := e.job(4, 10, 600)
	victim := e.worker()
	e.worker()
	ctl, log := e.controller()
	e.killMidSlice(victim, 2)
	s := e.finish(ctl, log, 4, records)
	if s.Retries < 1 {
		t.Errorf("the killed worker's slice must have been delivered again: %+v", s)
	}
}

// TestClusterControllerRestart: the controller is killed (SIGKILL) mid-job
// and started again; it resumes the execution and nothing runs twice.
func TestClusterControllerRestart(t *testing.T) {
	e := newClusterEnv(t)
	_, records := e.job(20, 5, 100)
	e.worker()
	e.worker()
	ctl, _ := e.controller()
	e.waitFor("three slices done", func() bool { return len(e.results()) >= 3 })
	_ = ctl.Process.Signal(syscall.SIGKILL)
	_ = ctl.Wait()
	done := len(e.results())
	ctl, log := e.controller()
	e.finish(ctl, log, 20, records)
	if !strings.Contains(log.String(), "resuming execution") {
		t.Errorf("the second controller must resume the execution:\n%s", log)
	}
	if done >= 20 {
		t.Errorf("the controller was killed after the job had finished (%d slices done)", done)
	}
}

// TestClusterThreeWorkerProcesses: three worker processes share the job;
// every record is written once and every worker ran slices.
func TestClusterThreeWorkerProcesses(t *testing.T) {
	e := newClusterEnv(t)
	_, records := e.job(30, 7, 60)
	for range 3 {
		e.worker()
	}
	ctl, log := e.controller()
	e.finish(ctl, log, 30, records)
	workers := map[string]int{}
	for _, r := range e.results() {
		workers[fmt.Sprint(r["worker"])]++
	}
	if len(workers) != 3 {
		t.Errorf("slices per worker: %v (want all three workers busy)", workers)
	}
}

// TestClusterNATSServerRestart: the NATS server (file store) is shut down
// mid-job and started again on the same port; the job completes.
func TestClusterNATSServerRestart(t *testing.T) {
	e := newClusterEnv(t)
	_, records := e.job(20, 5, 100)
	e.worker()
	e.worker()
	ctl, log := e.controller()
	e.waitFor("three slices done", func() bool { return len(e.results()) >= 3 })
	e.srv.Shutdown()
	e.srv = nil
	time.Sleep(time.Second)
	e.startServer()
	e.finish(ctl, log, 20, records)
}

// TestClusterLostLastAttemptFails: with max_retries 0 a slice whose only
// delivery went to a worker killed mid-slice is not delivered again; the
// controller records it as failed and the job fails with the others done.
func TestClusterLostLastAttemptFails(t *testing.T) {
	e := newClusterEnv(t)
	e.retries = 0
	_, records := e.job(4, 10, 600)
	victim := e.worker()
	ctl, log := e.controller()
	e.killMidSlice(victim, 1)
	e.worker()
	err := ctl.Wait()
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 3 {
		t.Fatalf("controller exit %v, want 3\n%s", err, log)
	}
	s := readSummary(t, filepath.Join(e.dir, "summary.json"))
	if s.Status != "failed" || s.SlicesDone != 3 || s.SlicesFailed != 1 || s.RecordsOut != int64(records-10) {
		t.Errorf("summary %+v", s)
	}
	if !strings.Contains(log.String(), "never acknowledged: its worker was lost") {
		t.Errorf("controller output:\n%s", log)
	}
}
