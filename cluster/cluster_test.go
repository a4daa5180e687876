package cluster_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sluice-dev/sluice/cluster"
	"github.com/sluice-dev/sluice/job"
	"github.com/sluice-dev/sluice/lang/diag"
	_ "github.com/sluice-dev/sluice/ops/all"
)

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
	srv, err := cluster.Embedded(filepath.Join(dir, "nats"), 0)
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Shutdown()
	nc, err := cluster.Connect(srv.URL(), "test")
	if err != nil {
		t.Fatal(err)
	}
	defer nc.Close()
	w, _ := cluster.NewWorker(nc, cluster.WorkerOptions{Workers: 2, Load: loadFrom(t)})
	wctx, stopWorker := context.WithCancel(context.Background())
	defer stopWorker()
	go func() { _ = w.Run(wctx) }()

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
	if err != nil || sum.Status != "completed" || sum.SlicesDone != 30 || sum.RecordsOut != 120 {
		t.Fatalf("second controller: %v %+v", err, sum)
	}
	if c2.ExecutionID() != c1.ExecutionID() {
		t.Errorf("resumed execution %s, first was %s", c2.ExecutionID(), c1.ExecutionID())
	}
	exactlyOnce(t, filepath.Join(dir, "out"), 120)
}
