package dfs

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sluice-dev/sluice/job"
	"github.com/sluice-dev/sluice/lang/diag"
	_ "github.com/sluice-dev/sluice/ops/builtin" // test-reader, noop
	"github.com/sluice-dev/sluice/record"
)

// validate validates a job document; it fails the test on errors.
func validate(t testing.TB, doc string, conns *job.Connections) *job.Job {
	t.Helper()
	j, l := job.Validate(diag.NewSource("job.json", []byte(doc)), job.Options{Conns: conns})
	if j == nil {
		t.Fatalf("invalid job: %v", (&job.DiagError{List: l}).Error())
	}
	return j
}

// diagnostics validates a document and returns every diagnostic as text.
func diagnostics(doc string) (*job.Job, []string) {
	j, l := job.Validate(diag.NewSource("job.json", []byte(doc)), job.Options{})
	var out []string
	for _, d := range l.Items {
		out = append(out, d.Severity.String()+": "+d.Error())
	}
	return j, out
}

// readerJob is a job reading with a reader configuration (its first
// operation) into noop.
func readerJob(op string) string {
	return `{"workers": 1, "max_retries": 0, "operations": [` + op + `, {"_op": "noop"}]}`
}

// slicesOf runs a job's slicer to the end and returns what each call
// returned (nil for the call that reported done).
func slicesOf(t testing.TB, j *job.Job) [][]any {
	t.Helper()
	op := j.Operations[0]
	s, err := op.Spec.NewSlicer(&job.SlicerContext{Job: j, Config: op}, op)
	if err != nil {
		t.Fatal(err)
	}
	var out [][]any
	for range 10000 {
		reqs, done, err := s.Slice(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if done {
			return append(out, nil)
		}
		out = append(out, reqs)
	}
	t.Fatal("the slicer never finished")
	return nil
}

// readAll slices a reader job and fetches every slice with one worker,
// returning the records.
func readAll(t testing.TB, doc string, conns *job.Connections) []*record.Record {
	t.Helper()
	j := validate(t, doc, conns)
	h, err := job.NewHarness(doc, job.HarnessOptions{Options: job.Options{Conns: conns}})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	var out []*record.Record
	for _, call := range slicesOf(t, j) {
		for _, req := range call {
			recs, err := h.RunRequest(req)
			if err != nil {
				t.Fatalf("slice %s: %v", record.JSON(req), err)
			}
			out = append(out, recs...)
		}
	}
	return out
}

// writeTree writes files (relative name -> content) under dir.
func writeTree(t testing.TB, dir string, files map[string]string) {
	t.Helper()
	for name, text := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// tree reads every file under dir: relative name -> content.
func tree(t testing.TB, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			b, _ := os.ReadFile(p)
			rel, _ := filepath.Rel(dir, p)
			out[filepath.ToSlash(rel)] = string(b)
		}
		return nil
	})
	return out
}

func keys[V any](m map[string]V) []string { return slices.Sorted(maps.Keys(m)) }

func jsonOf(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

func values(recs []*record.Record) string {
	parts := make([]string, len(recs))
	for i, r := range recs {
		parts[i] = record.JSON(r.Data)
	}
	return "[" + strings.Join(parts, ",") + "]"
}

func quote(s string) string { return fmt.Sprintf("%q", s) }
