package generator_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/sluice-dev/sluice/job"
	"github.com/sluice-dev/sluice/lang/diag"
	_ "github.com/sluice-dev/sluice/ops/builtin"
	"github.com/sluice-dev/sluice/ops/generator"
	"github.com/sluice-dev/sluice/record"
)

// The apis the reference's slicer tests use: upstream's test fixture, an
// api whose only parameter is size (default 100).
func init() {
	for _, name := range []string{"test_api", "fake_sender_api"} {
		job.Register(&job.Spec{
			Name: name, Kind: job.KindAPI, Summary: "test api with a size",
			Params: []*job.Param{{Name: "size", Type: "number", Default: 100.0, Check: job.Number()}},
			NewAPI: func(*job.OpContext, *job.Config) (any, error) { return struct{}{}, nil },
		})
	}
}

// validate validates a job document given as a Go value.
func validate(t testing.TB, doc any) (*job.Job, *diag.List) {
	t.Helper()
	text, err := json.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	return job.Validate(diag.NewSource("job.json", text), job.Options{})
}

func mustValidate(t *testing.T, doc any) *job.Job {
	t.Helper()
	j, l := validate(t, doc)
	if j == nil {
		t.Fatalf("job does not validate: %v", l.Error())
	}
	return j
}

// errorsOf returns the error messages of a validation.
func errorsOf(l *diag.List) []string {
	var out []string
	for _, d := range l.Items {
		if d.Severity == diag.Error {
			out = append(out, d.Error())
		}
	}
	return out
}

// recoveryOf converts the reference's recoveryData.
func recoveryOf(v []map[string]any) []job.Recovery {
	var out []job.Recovery
	for _, r := range v {
		id, _ := r["slicer_id"].(float64)
		out = append(out, job.Recovery{SlicerID: int(id), LastSlice: record.FromGo(r["lastSlice"])})
	}
	return out
}

// slicerCalls calls the slicer of a validated job n times; each call's
// answer is written as the reference's SlicerTestHarness shows it: the
// request in a one-element array, or [null] when the slicer is done.
func slicerCalls(t *testing.T, j *job.Job, rec []job.Recovery, n int) []any {
	t.Helper()
	c := j.Operations[0]
	s, err := generator.NewSlicer(&job.SlicerContext{Job: j, Config: c, Workers: 1, Recovery: rec}, c)
	if err != nil {
		t.Fatal(err)
	}
	var out []any
	for range n {
		reqs, done, err := s.Slice(context.Background())
		switch {
		case err != nil:
			t.Fatal(err)
		case done:
			out = append(out, []any{nil})
		default:
			out = append(out, reqs)
		}
	}
	return out
}

// runRequests runs a job and returns its slice requests in slice order
// and the number of records generated. A persistent job is stopped once
// stopAfter slices have finished.
func runRequests(t *testing.T, j *job.Job, rec []job.Recovery, stopAfter int) ([]any, int) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var mu sync.Mutex
	type done struct {
		order int
		req   any
	}
	var got []done
	records := 0
	_, err := job.Run(ctx, j, job.RunOptions{Recovery: rec, OnSliceDone: func(s *job.Slice, out []*record.Record, err error) {
		if err != nil {
			t.Errorf("slice %v failed: %v", s.Request, err)
		}
		mu.Lock()
		defer mu.Unlock()
		got = append(got, done{s.Order, s.Request})
		records += len(out)
		if stopAfter > 0 && len(got) >= stopAfter {
			cancel()
		}
	}})
	if err != nil {
		t.Fatalf("run: %v", err)
	}
	sort.Slice(got, func(a, b int) bool { return got[a].order < got[b].order })
	reqs := make([]any, len(got))
	for i, d := range got {
		reqs[i] = d.req
	}
	return reqs, records
}

// fromJSON turns a Go value decoded by encoding/json into record values.
func fromJSON(t *testing.T, v any) any {
	t.Helper()
	text, _ := json.Marshal(v)
	out, err := record.ParseJSON(text)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func containsAll(haystack []string, needle string) bool {
	for _, h := range haystack {
		if strings.Contains(h, needle) {
			return true
		}
	}
	return false
}

func writeFile(tb testing.TB, dir, text string) {
	tb.Helper()
	if err := os.WriteFile(filepath.Join(dir, "schema.json"), []byte(text), 0o644); err != nil {
		tb.Fatal(err)
	}
}
