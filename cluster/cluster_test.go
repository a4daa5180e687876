package cluster_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/sluice-dev/sluice/cluster"
	"github.com/sluice-dev/sluice/job"
	"github.com/sluice-dev/sluice/lang/diag"
	_ "github.com/sluice-dev/sluice/ops/all"
	"github.com/sluice-dev/sluice/record"
)

// countedRequests counts the requests test_counted_reader's slicers make.
var countedRequests atomic.Int64

// test_counted_reader makes `slices` numbered requests, keeping at most
// one slice per worker waiting; with `recoverable` its slicer resumes from
// the recovery data (job.Recoverable).
func init() {
	job.Register(&job.Spec{Name: "test_counted_reader", Kind: job.KindReader, Summary: "numbered slices",
		Params: []*job.Param{{Name: "slices", Default: 1.0, Check: job.Nat()}, {Name: "per", Default: 1.0, Check: job.Nat()},
			{Name: "recoverable", Default: false, Check: job.Bool()}},
		NewSlicer: func(ctx *job.SlicerContext, c *job.Config) (job.Slicer, error) {
			s := &countedSlicer{next: 1, last: c.Int("slices")}
			if !c.Bool("recoverable") {
				return s, nil
			}
			if len(ctx.Recovery) > 0 {
				n, _ := ctx.Recovery[0].LastSlice.(*record.Object).Get("n")
				s.next = int(n.(float64)) + 1
			}
			return &recoverableSlicer{s, len(ctx.Recovery) > 0}, nil
		},
		NewFetcher: func(_ *job.OpContext, c *job.Config) (job.Fetcher, error) { return countedFetcher(c.Int("per")), nil },
	})
}

type countedSlicer struct{ next, last int }

func (s *countedSlicer) MaxQueue(workers int) int { return workers }

func (s *countedSlicer) Slice(context.Context) ([]any, bool, error) {
	if s.next > s.last {
		return nil, true, nil
	}
	countedRequests.Add(1)
	req := record.NewObject(1)
	req.Set("n", float64(s.next))
	s.next++
	return []any{req}, s.next > s.last, nil
}

type recoverableSlicer struct {
	*countedSlicer
	resumed bool
}

func (s *recoverableSlicer) Resumed() bool { return s.resumed }

// countedFetcher makes `per` records with the ids of slice n.
type countedFetcher int

func (per countedFetcher) Fetch(_ *job.Slice, req any) ([]*record.Record, error) {
	n, _ := req.(*record.Object).Get("n")
	var out []*record.Record
	for k := range int(per) {
		o := record.NewObject(1)
		o.Set("id", float64((int(n.(float64))-1)*int(per)+k+1))
		out = append(out, record.New(o))
	}
	return out, nil
}

// writeJob writes a job that passes slices of records with ids through
// a delay of ms per slice to ldjson files under dir/out, and returns the
// job file and the validated job.
func writeJob(t *testing.T, dir string, slices, perSlice, ms int, extra string) (string, *job.Job) {
	return writeJobWith(t, dir, slices, perSlice, fmt.Sprintf(`{"_op": "delay", "ms": %d}`, ms), extra+` "apis": [{"_name": "file_sender_api", "path": "`+filepath.Join(dir, "out")+`", "format": "ldjson", "file_per_slice": true}],`)
}

// writeJobWith writes a job whose slices pass records with ids through
// the middle operation (and a file sender when extra configures one).
func writeJobWith(t testing.TB, dir string, slices, perSlice int, middle, extra string) (string, *job.Job) {
	t.Helper()
	var reqs []string
	id := 0
	for range slices {
		var recs []string
		for range perSlice {
			id++
			recs = append(recs, fmt.Sprintf(`{"id": %d}`, id))
		}
		reqs = append(reqs, "["+strings.Join(recs, ",")+"]")
	}
	if err := os.WriteFile(filepath.Join(dir, "slices.json"), []byte("["+strings.Join(reqs, ",\n")+"]"), 0o644); err != nil {
		t.Fatal(err)
	}
	last := `{"_op": "noop"}`
	if strings.Contains(extra, "file_sender_api") {
		last = `{"_op": "routed_sender", "_api_name": "file_sender_api", "routing": {"*": "default"}}`
	}
	text := fmt.Sprintf(`{"name": "ids", "workers": 2, %s
  "operations": [
    {"_op": "test-reader", "passthrough_slice": true, "slicer_data_file_path": %q},
    %s,
    %s
  ]}`, extra, filepath.Join(dir, "slices.json"), middle, last)
	path := filepath.Join(dir, "job.json")
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	j, l := job.Load(path, job.Options{})
	if j == nil {
		t.Fatalf("job: %v", l.Items)
	}
	return path, j
}

func docOf(t testing.TB, path string) cluster.JobDoc {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return cluster.JobDoc{Path: path, Source: string(b)}
}

// countIDs reads every ldjson file under dir and counts each id.
func countIDs(t *testing.T, dir string) map[int]int {
	t.Helper()
	seen := map[int]int{}
	files, _ := filepath.Glob(filepath.Join(dir, "*"))
	for _, f := range files {
		if strings.HasPrefix(filepath.Base(f), ".") {
			continue
		}
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, line := range strings.Split(strings.TrimSpace(string(b)), "\n") {
			if line == "" {
				continue
			}
			var r struct{ ID int }
			if err := json.Unmarshal([]byte(line), &r); err != nil {
				t.Fatalf("%s: %q: %v", f, line, err)
			}
			seen[r.ID]++
		}
	}
	return seen
}

// exactlyOnce checks that ids 1..n are each written exactly once.
func exactlyOnce(t *testing.T, dir string, n int) {
	t.Helper()
	seen := countIDs(t, dir)
	var bad []string
	for id := 1; id <= n; id++ {
		if seen[id] != 1 {
			bad = append(bad, fmt.Sprintf("%d×%d", id, seen[id]))
		}
	}
	if len(bad) > 0 || len(seen) != n {
		t.Errorf("want ids 1..%d once each; %d distinct, wrong: %v", n, len(seen), bad)
	}
}

func loadFrom(t *testing.T) func(cluster.JobDoc) (*job.Job, error) {
	return func(doc cluster.JobDoc) (*job.Job, error) {
		j, l := job.Validate(diag.NewSource(doc.Path, []byte(doc.Source)), job.Options{})
		if j == nil {
			return nil, l.Err()
		}
		return j, nil
	}
}

func TestEmbeddedRunsEverySliceOnce(t *testing.T) {
	dir := t.TempDir()
	path, j := writeJob(t, dir, 12, 5, 0, "")
	sum, err := cluster.RunEmbedded(context.Background(), j, docOf(t, path), cluster.EmbeddedOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if sum.Status != "completed" || sum.SlicesDone != 12 || sum.RecordsIn != 60 || sum.RecordsOut != 60 || sum.Operations[1].RecordsIn != 60 {
		t.Errorf("summary %+v", sum)
	}
	exactlyOnce(t, filepath.Join(dir, "out"), 60)
}

func TestFailedSliceUsesMaxRetries(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "job.json")
	text := `{"name": "fails", "workers": 1, "max_retries": 2, "operations": [{"_op": "test-reader"}, {"_op": "test-fail", "times": 3}]}`
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	j, l := job.Load(path, job.Options{})
	if j == nil {
		t.Fatal(l.Items)
	}
	sum, err := cluster.RunEmbedded(context.Background(), j, docOf(t, path), cluster.EmbeddedOptions{})
	if err == nil || sum.Status != "failed" || sum.SlicesDone != 9 || sum.SlicesFailed != 1 || sum.Retries != 2 || len(sum.Errors) != 1 {
		t.Fatalf("err %v, summary %+v", err, sum)
	}
	if !strings.Contains(sum.Errors[0], "after 3 attempt(s)") {
		t.Errorf("error %q", sum.Errors[0])
	}
}

// TestControllerResumes: a controller stopped mid-job and started again
// finishes the execution; workers kept going meanwhile; nothing twice.
func TestControllerResumes(t *testing.T) {
	dir := t.TempDir()
	path, j := writeJob(t, dir, 30, 4, 20, `"max_retries": 1,`)
	resumeMidJob(t, dir, path, j, 30, 120)
}

// TestControllerResumesTheSlicer: a controller stopped while its slicer
// is mid-way resumes it: a job.Recoverable slicer starts after the saved
// position (every request is made once in all), another is replayed past
// the slices published (the first ones are made again, and dropped).
func TestControllerResumesTheSlicer(t *testing.T) {
	for _, recoverable := range []bool{true, false} {
		t.Run(fmt.Sprintf("recoverable=%v", recoverable), func(t *testing.T) {
			dir := t.TempDir()
			path, j := countedJob(t, dir, "counted", 30, 4, fmt.Sprintf(`, "recoverable": %v`, recoverable))
			countedRequests.Store(0)
			resumeMidJob(t, dir, path, j, 30, 120)
			// At most one request is made again when recoverable: the one
			// the first controller held when it was stopped. Replayed, at
			// least the five slices done before the stop are made again.
			n := countedRequests.Load()
			if recoverable && n > 31 || !recoverable && n < 35 {
				t.Errorf("the slicer made %d requests in both runs", n)
			}
		})
	}
}

// countedJob writes a job of test_counted_reader (extra: more of its
// parameters) through a 20 ms delay to ldjson files per slice in dir/out.
func countedJob(t *testing.T, dir, name string, slices, per int, extra string) (string, *job.Job) {
	t.Helper()
	path := filepath.Join(dir, "job.json")
	text := fmt.Sprintf(`{"name": %q, "workers": 2,
  "apis": [{"_name": "file_sender_api", "path": %q, "format": "ldjson", "file_per_slice": true}],
  "operations": [{"_op": "test_counted_reader", "slices": %d, "per": %d %s}, {"_op": "delay", "ms": 20},
    {"_op": "routed_sender", "_api_name": "file_sender_api", "routing": {"*": "default"}}]}`, name, filepath.Join(dir, "out"), slices, per, extra)
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	j, l := job.Load(path, job.Options{})
	if j == nil {
		t.Fatal(l.Items)
	}
	return path, j
}

// embeddedCluster starts a NATS server with its files under dir and, when
// load is not nil, a worker running `workers` slices at a time (0: the
// job's workers); both stop at the end of the test.
func embeddedCluster(t *testing.T, dir string, workers int, load func(cluster.JobDoc) (*job.Job, error)) *nats.Conn {
	t.Helper()
	srv, err := cluster.Embedded(filepath.Join(dir, "nats"), 0)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(srv.Shutdown)
	nc, err := cluster.Connect(srv.URL(), "test")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(nc.Close)
	if load != nil {
		w, _ := cluster.NewWorker(nc, cluster.WorkerOptions{Workers: workers, Load: load})
		ctx, stop := context.WithCancel(context.Background())
		done := make(chan struct{})
		go func() {
			defer close(done)
			_ = w.Run(ctx)
		}()
		t.Cleanup(func() {
			stop()
			<-done
		})
	}
	return nc
}

// resumeMidJob stops a controller after five slices and runs a second one,
// which resumes the execution; workers keep going meanwhile; nothing runs
// twice.
func resumeMidJob(t *testing.T, dir, path string, j *job.Job, slices, records int) {
	t.Helper()
	nc := embeddedCluster(t, dir, 2, loadFrom(t))

	c1, _ := cluster.NewController(nc, j, docOf(t, path), cluster.ControllerOptions{})
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		for c1.Progress().SlicesDone < 5 {
			time.Sleep(5 * time.Millisecond)
		}
		cancel()
	}()
	sum, err := c1.Run(ctx)
	if err == nil || sum.Status != "stopped" {
		t.Fatalf("first controller: %v %+v", err, sum)
	}
	c2, _ := cluster.NewController(nc, j, docOf(t, path), cluster.ControllerOptions{})
	sum, err = c2.Run(context.Background())
	if err != nil || sum.Status != "completed" || sum.SlicesDone != int64(slices) || sum.RecordsOut != int64(records) {
		t.Fatalf("second controller: %v %+v", err, sum)
	}
	if c2.ExecutionID() != c1.ExecutionID() {
		t.Errorf("resumed execution %s, first was %s", c2.ExecutionID(), c1.ExecutionID())
	}
	exactlyOnce(t, filepath.Join(dir, "out"), records)
}

// TestPersistentJobStopsAfterItsSlices: a persistent job's controller
// stopped stops slicing, drops the slices no worker took, waits for the
// ones in flight and ends as "stopped"; the next run is a new execution.
func TestPersistentJobStopsAfterItsSlices(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "job.json")
	text := `{"name": "forever", "lifecycle": "persistent", "workers": 2, "operations": [{"_op": "test-reader"}, {"_op": "delay", "ms": 2}]}`
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	j, l := job.Load(path, job.Options{})
	if j == nil {
		t.Fatal(l.Items)
	}
	nc := embeddedCluster(t, dir, 2, loadFrom(t))

	c, _ := cluster.NewController(nc, j, docOf(t, path), cluster.ControllerOptions{})
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		for c.Progress().SlicesDone < 5 {
			time.Sleep(2 * time.Millisecond)
		}
		cancel()
	}()
	sum, err := c.Run(ctx)
	if err != nil || sum.Status != "stopped" || sum.SlicesDone < 5 || sum.SlicesFailed != 0 || sum.RecordsOut != 187*sum.SlicesDone {
		t.Fatalf("%v %+v", err, sum)
	}
	if p := c.Progress(); p.SlicesQueued != 0 || p.SlicesDone != sum.SlicesDone || sum.NotStarted == 0 {
		t.Errorf("every slice published is done or never started: %+v, %d never started", p, sum.NotStarted)
	}
	again, _ := cluster.NewController(nc, j, docOf(t, path), cluster.ControllerOptions{})
	ctx2, cancel2 := context.WithCancel(context.Background())
	go func() {
		for again.Progress().SlicesDone < 1 {
			time.Sleep(time.Millisecond)
		}
		cancel2()
	}()
	if sum, err := again.Run(ctx2); err != nil || sum.Status != "stopped" {
		t.Fatalf("second run: %v %+v", err, sum)
	}
	if again.ExecutionID() == c.ExecutionID() {
		t.Errorf("a stopped persistent job must start afresh, not resume %s", c.ExecutionID())
	}
}

// TestControllerShowsWorkersThatCannotRunTheJob: a worker whose own
// validation of the job fails says so through the bucket, and the
// controller logs it.
func TestControllerShowsWorkersThatCannotRunTheJob(t *testing.T) {
	dir := t.TempDir()
	path, j := writeJob(t, dir, 2, 1, 0, "")
	nc := embeddedCluster(t, dir, 0, func(cluster.JobDoc) (*job.Job, error) {
		return nil, errors.New("connection \"default\" is not configured here")
	})
	var log syncBuffer
	c, _ := cluster.NewController(nc, j, docOf(t, path), cluster.ControllerOptions{Logger: slog.New(slog.NewTextHandler(&log, nil))})
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	go func() {
		for !strings.Contains(log.String(), "a worker cannot run the job") && ctx.Err() == nil {
			time.Sleep(5 * time.Millisecond)
		}
		cancel()
	}()
	sum, err := c.Run(ctx)
	if !errors.Is(err, job.ErrStopped) || sum.SlicesDone != 0 {
		t.Errorf("%v %+v", err, sum)
	}
	if !strings.Contains(log.String(), `connection \"default\" is not configured here`) {
		t.Errorf("log:\n%s", log.String())
	}
}

type syncBuffer struct {
	mu sync.Mutex
	b  strings.Builder
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// TestControllerWarnsWhenNoWorkerTakesSlices: slices waiting and no worker
// asking for them make the controller say how to start one.
func TestControllerWarnsWhenNoWorkerTakesSlices(t *testing.T) {
	dir := t.TempDir()
	path, j := writeJob(t, dir, 2, 1, 0, "")
	nc := embeddedCluster(t, dir, 0, nil)
	var log syncBuffer
	c, _ := cluster.NewController(nc, j, docOf(t, path), cluster.ControllerOptions{Logger: slog.New(slog.NewTextHandler(&log, nil)),
		IdleWarning: time.Millisecond})
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	go func() {
		for !strings.Contains(log.String(), "no worker is taking them") && ctx.Err() == nil {
			time.Sleep(5 * time.Millisecond)
		}
		cancel()
	}()
	if _, err := c.Run(ctx); !errors.Is(err, job.ErrStopped) {
		t.Errorf("err %v", err)
	}
	if !strings.Contains(log.String(), "waiting=2") {
		t.Errorf("log:\n%s", log.String())
	}
}

// TestSecondControllerStopsTheFirst: a second controller of a running job
// resumes it, and the first one stops at its next write of the state with
// ErrAnotherController; the job completes once, every record once.
func TestSecondControllerStopsTheFirst(t *testing.T) {
	dir := t.TempDir()
	path, j := countedJob(t, dir, "twice", 40, 2, "")
	nc := embeddedCluster(t, dir, 0, loadFrom(t))

	first, _ := cluster.NewController(nc, j, docOf(t, path), cluster.ControllerOptions{})
	firstErr := make(chan error, 1)
	go func() {
		_, err := first.Run(context.Background())
		firstErr <- err
	}()
	for first.Progress().SlicesDone < 3 {
		time.Sleep(2 * time.Millisecond)
	}
	second, _ := cluster.NewController(nc, j, docOf(t, path), cluster.ControllerOptions{})
	sum, err := second.Run(context.Background())
	if err != nil || sum.Status != "completed" || sum.SlicesDone != 40 || second.ExecutionID() != first.ExecutionID() {
		t.Fatalf("second controller: %v %+v", err, sum)
	}
	if err := <-firstErr; !errors.Is(err, cluster.ErrAnotherController) {
		t.Errorf("first controller: %v", err)
	}
	exactlyOnce(t, filepath.Join(dir, "out"), 80)
}

// TestForeignMessageFailsAloneAndLeavesTheJob: a message on the job's
// subject that is not a slice is terminated with a failed result under its
// message id; the job's own slices and counts are untouched.
func TestForeignMessageFailsAloneAndLeavesTheJob(t *testing.T) {
	dir := t.TempDir()
	// The counted reader keeps few slices waiting: the foreign message is
	// handled long before the last slice.
	path, j := countedJob(t, dir, "ids", 20, 3, "")
	nc := embeddedCluster(t, dir, 0, loadFrom(t))
	c, _ := cluster.NewController(nc, j, docOf(t, path), cluster.ControllerOptions{})
	js, _ := jetstream.New(nc)
	go func() {
		for c.Progress().SlicesDone < 1 {
			time.Sleep(2 * time.Millisecond)
		}
		_, _ = js.Publish(context.Background(), "sluice.ids.slices", []byte(`{"id": "x", "request": [1,}`), jetstream.WithMsgID("bogus"))
	}()
	sum, err := c.Run(context.Background())
	if err != nil || sum.SlicesDone != 20 || sum.SlicesFailed != 0 || sum.RecordsOut != 60 {
		t.Fatalf("%v %+v", err, sum)
	}
	kv, _ := js.KeyValue(context.Background(), "sluice_ids")
	e, err := kv.Get(context.Background(), "slice.bogus")
	if err != nil || !strings.Contains(string(e.Value()), `"status":"failed"`) || !strings.Contains(string(e.Value()), "unreadable message") {
		t.Errorf("the foreign message's result: %v %s", err, e.Value())
	}
	exactlyOnce(t, filepath.Join(dir, "out"), 60)
}

// TestStoppedWorkerFinishesItsSlice: a worker stopped (its context
// cancelled) in the middle of a slice finishes and acknowledges it before
// it returns; another worker does the rest, every record once.
func TestStoppedWorkerFinishesItsSlice(t *testing.T) {
	dir := t.TempDir()
	path, j := countedJob(t, dir, "ids", 6, 2, "")
	nc := embeddedCluster(t, dir, 0, nil)
	first, _ := cluster.NewWorker(nc, cluster.WorkerOptions{Workers: 1, Load: slowDelay(t, 300)})
	wctx, stopFirst := context.WithCancel(context.Background())
	stopped := make(chan struct{})
	go func() {
		defer close(stopped)
		_ = first.Run(wctx)
	}()
	c, _ := cluster.NewController(nc, j, docOf(t, path), cluster.ControllerOptions{})
	type outcome struct {
		sum *job.Summary
		err error
	}
	done := make(chan outcome, 1)
	go func() {
		sum, err := c.Run(context.Background())
		done <- outcome{sum, err}
	}()
	js, _ := jetstream.New(nc)
	for c.Progress().SlicesDone < 1 || inFlight(js, "SLUICE_ids") != 1 {
		time.Sleep(time.Millisecond)
	}
	stopFirst() // in the middle of its second slice
	<-stopped
	if n := inFlight(js, "SLUICE_ids"); n != 0 {
		t.Errorf("the stopped worker returned with %d slice(s) unacknowledged", n)
	}
	for deadline := time.Now().Add(5 * time.Second); c.Progress().SlicesDone < 2 && time.Now().Before(deadline); {
		time.Sleep(time.Millisecond)
	}
	if n := c.Progress().SlicesDone; n < 2 {
		t.Errorf("%d slice(s) done: the stopped worker's slice in flight was left", n)
	}
	second, _ := cluster.NewWorker(nc, cluster.WorkerOptions{Load: loadFrom(t)})
	sctx, stopSecond := context.WithCancel(context.Background())
	defer stopSecond()
	go func() { _ = second.Run(sctx) }()
	o := <-done
	if o.err != nil || o.sum.SlicesDone != 6 || o.sum.Retries != 0 {
		t.Fatalf("%v %+v", o.err, o.sum)
	}
	exactlyOnce(t, filepath.Join(dir, "out"), 12)
}

// slowDelay loads a job with its delay set to ms.
func slowDelay(t *testing.T, ms int) func(cluster.JobDoc) (*job.Job, error) {
	return func(doc cluster.JobDoc) (*job.Job, error) {
		doc.Source = strings.Replace(doc.Source, `"ms": 20`, fmt.Sprintf(`"ms": %d`, ms), 1)
		return loadFrom(t)(doc)
	}
}

// inFlight is the number of slices of a stream delivered and not yet
// acknowledged.
func inFlight(js jetstream.JetStream, stream string) int {
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	c, err := js.Consumer(ctx, stream, "workers")
	if err != nil {
		return -1
	}
	info, err := c.Info(ctx)
	if err != nil {
		return -1
	}
	return info.NumAckPending
}
