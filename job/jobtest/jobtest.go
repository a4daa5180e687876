// Package jobtest runs the examples of registered operations as tests: one
// call checks that every example of every spec produces its documented
// output.
//
// It imports job and record; operations packages use it from their tests.
package jobtest

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/sluice-dev/sluice/internal/testservers"
	"github.com/sluice-dev/sluice/job"
	"github.com/sluice-dev/sluice/lang/diag"
	"github.com/sluice-dev/sluice/record"
)

// RunExamples runs every example of the named specs (all registered specs
// when names is empty) as a subtest.
func RunExamples(t *testing.T, names ...string) {
	t.Helper()
	specs := job.Specs()
	if len(names) > 0 {
		specs = specs[:0]
		for _, n := range names {
			s, ok := job.Lookup(n)
			if !ok {
				t.Fatalf("no spec %q is registered", n)
			}
			specs = append(specs, s)
		}
	}
	for _, s := range specs {
		if len(s.Examples) == 0 {
			t.Errorf("%s has no example", s.Name)
		}
		for i, ex := range s.Examples {
			t.Run(fmt.Sprintf("%s/%d", s.Name, i), func(t *testing.T) {
				out, err := RunExample(t, s, ex)
				if err != nil {
					t.Fatalf("%s: %v", ex.Title, err)
				}
				if err := CheckOutput(ex, out); err != nil {
					t.Errorf("%s: %v", ex.Title, err)
				}
			})
		}
	}
}

// RunExample runs one example and returns its output records.
func RunExample(t *testing.T, s *job.Spec, ex job.Example) ([]*record.Record, error) {
	dir := t.TempDir()
	for name, text := range ex.Files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return nil, err
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			return nil, err
		}
	}
	t.Chdir(dir)
	var conns *job.Connections
	if len(ex.Servers) > 0 {
		conns = testservers.Connections(t, ex.Servers...)
	}
	if ex.Setup != nil {
		if conns == nil {
			conns = job.DefaultConnections()
		}
		if err := ex.Setup(conns); err != nil {
			return nil, fmt.Errorf("example setup: %w", err)
		}
	}
	if s.Kind == job.KindReader || readsFirst(ex.Config) {
		return runReader(ex, dir, conns)
	}
	return runProcessor(ex, dir, conns)
}

// readsFirst reports whether an example's operation is a reader (the
// example of a reader's api runs the reader).
func readsFirst(config string) bool {
	v, err := record.ParseJSON([]byte(config))
	o, ok := v.(*record.Object)
	if err != nil || !ok {
		return false
	}
	op, _ := o.Get("_op")
	name, _ := op.(string)
	spec, found := job.Lookup(name)
	return found && spec.Kind == job.KindReader
}

func runProcessor(ex job.Example, dir string, conns *job.Connections) ([]*record.Record, error) {
	h, err := job.ProcessorHarness(ex.Config, ex.APIs, job.HarnessOptions{Options: job.Options{Dir: dir, Conns: conns}})
	if err != nil {
		return nil, err
	}
	defer h.Close()
	in, err := Records(ex.Input)
	if err != nil {
		return nil, fmt.Errorf("example input: %w", err)
	}
	if err := SetMeta(in, ex.Meta); err != nil {
		return nil, fmt.Errorf("example metadata: %w", err)
	}
	out, err := h.RunSlice(in)
	if err != nil {
		return nil, err
	}
	flushed, err := h.Flush()
	return append(out, flushed...), err
}

func runReader(ex job.Example, dir string, conns *job.Connections) ([]*record.Record, error) {
	apis := ex.APIs
	if apis == "" {
		apis = "[]"
	}
	extra := ex.Job
	if extra == "" {
		extra = "{}"
	}
	doc := fmt.Sprintf(`{"workers": 1, "max_retries": 0, "apis": %s, "operations": [%s, {"_op": "noop"}]}`, apis, ex.Config)
	j, l := job.Validate(diag.NewSource("example.json", []byte(mergeTop(doc, extra))), job.Options{Conns: conns})
	if j == nil {
		return nil, &job.DiagError{List: l}
	}
	j.Dir = dir
	var mu sync.Mutex
	var out []*record.Record
	_, err := job.Run(context.Background(), j, job.RunOptions{OnSliceDone: func(_ *job.Slice, recs []*record.Record, _ error) {
		mu.Lock()
		out = append(out, recs...)
		mu.Unlock()
	}})
	return out, err
}

// mergeTop adds the keys of extra (a JSON object) to the job document.
func mergeTop(doc, extra string) string {
	d, _ := record.ParseJSON([]byte(doc))
	e, _ := record.ParseJSON([]byte(extra))
	dobj, eobj := d.(*record.Object), e.(*record.Object)
	for _, k := range eobj.Keys() {
		v, _ := eobj.Get(k)
		dobj.Set(k, v)
	}
	return record.JSON(dobj)
}

// Records parses a JSON array of objects into records.
func Records(jsonArray string) ([]*record.Record, error) {
	if jsonArray == "" {
		return nil, nil
	}
	v, err := record.ParseJSON([]byte(jsonArray))
	if err != nil {
		return nil, err
	}
	arr, ok := v.([]any)
	if !ok {
		return nil, fmt.Errorf("expected a JSON array")
	}
	out := make([]*record.Record, len(arr))
	for i, e := range arr {
		o, ok := e.(*record.Object)
		if !ok {
			return nil, fmt.Errorf("element %d is not an object", i)
		}
		out[i] = record.New(o)
	}
	return out, nil
}

// SetMeta sets the metadata of records from a JSON array of objects, one
// per record ("" sets nothing).
func SetMeta(recs []*record.Record, jsonArray string) error {
	metas, err := objects(jsonArray, len(recs))
	if err != nil {
		return err
	}
	for i, m := range metas {
		for _, k := range m.Keys() {
			v, _ := m.Get(k)
			recs[i].SetMeta(k, v)
		}
	}
	return nil
}

// objects parses "" (none) or a JSON array of n objects.
func objects(jsonArray string, n int) ([]*record.Object, error) {
	if jsonArray == "" {
		return nil, nil
	}
	recs, err := Records(jsonArray)
	if err != nil {
		return nil, err
	}
	if len(recs) != n {
		return nil, fmt.Errorf("%d metadata objects for %d records", len(recs), n)
	}
	out := make([]*record.Object, n)
	for i, r := range recs {
		out[i] = r.Data
	}
	return out, nil
}

// CheckOutput compares output with the example's Output (as JSON values, in
// order) and OutputMeta, or runs its Check.
func CheckOutput(ex job.Example, out []*record.Record) error {
	if ex.Check != nil {
		return ex.Check(out)
	}
	if err := checkMeta(ex.OutputMeta, out); err != nil {
		return err
	}
	want, err := record.ParseJSON([]byte(ex.Output))
	if err != nil {
		return fmt.Errorf("example output: %w", err)
	}
	got := make([]any, len(out))
	for i, r := range out {
		got[i] = job.RecordValue(r)
	}
	if !record.DeepEqual(got, want) {
		return fmt.Errorf("output\n got %s\nwant %s", record.JSON(got), record.JSON(want))
	}
	return nil
}

// checkMeta compares the metadata keys the example shows.
func checkMeta(jsonArray string, out []*record.Record) error {
	metas, err := objects(jsonArray, len(out))
	if err != nil {
		return fmt.Errorf("example output metadata: %w", err)
	}
	for i, m := range metas {
		for _, k := range m.Keys() {
			want, _ := m.Get(k)
			got, ok := out[i].GetMeta(k)
			if !ok || !record.DeepEqual(got, want) {
				return fmt.Errorf("output record %d: metadata %q is %s, want %s", i, k, record.JSON(got), record.JSON(want))
			}
		}
	}
	return nil
}
