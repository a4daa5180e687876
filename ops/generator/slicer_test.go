package generator_test

import (
	"fmt"
	"path/filepath"
	"testing"

	"github.com/sluice-dev/sluice/internal/ndjson"
	"github.com/sluice-dev/sluice/job"
	"github.com/sluice-dev/sluice/ops/generator"
	"github.com/sluice-dev/sluice/record"
)

// refCase is one case of processors-cases.json (testdata/reference-cases.jsonl).
type refCase struct {
	Processor  string         `json:"processor"`
	Config     map[string]any `json:"config"`
	Input      map[string]any `json:"input"`
	Expected   map[string]any `json:"expected"`
	SourceTest string         `json:"source_test"`
}

func refCases(t *testing.T, processor string) []refCase {
	t.Helper()
	cases, err := ndjson.Read(filepath.Join("testdata", "reference-cases.jsonl"), func(c *refCase) bool { return c.Processor == processor })
	if err != nil || len(cases) == 0 {
		t.Fatalf("cases of %s: %v", processor, err)
	}
	return cases
}

// slicerJob builds the job of a reference slicer case: data_generator,
// then the case's last operation.
func slicerJob(c refCase) map[string]any {
	doc := map[string]any{}
	for k, v := range c.Config["job"].(map[string]any) {
		doc[k] = v
	}
	gen := map[string]any{"_op": "data_generator"}
	for k, v := range c.Config["data_generator"].(map[string]any) {
		gen[k] = v
	}
	doc["operations"] = []any{gen, c.Config["last_op"]}
	return doc
}

func caseRecovery(c refCase) []job.Recovery {
	raw, _ := c.Input["recoveryData"].([]any)
	var rec []map[string]any
	for _, r := range raw {
		rec = append(rec, r.(map[string]any))
	}
	return recoveryOf(rec)
}

// expectedSlices normalises a case's expected slices to the harness form:
// each call's answer as an array ([null] when done).
func expectedSlices(t *testing.T, raw []any) []any {
	out := make([]any, len(raw))
	for i, s := range raw {
		if _, isArr := s.([]any); !isArr {
			s = []any{s}
		}
		out[i] = fromJSON(t, s)
	}
	return out
}

// The slicer cases of processors-cases.json, through the slicer itself.
func TestReferenceSlicerCases(t *testing.T) {
	for _, c := range refCases(t, "data_generator.slicer") {
		t.Run(c.SourceTest, func(t *testing.T) {
			j := mustValidate(t, slicerJob(c))
			if want, ok := c.Expected["slicers()"]; ok {
				checkOneSlicer(t, j, int(want.(float64)))
				return
			}
			want := expectedSlices(t, c.Expected["slices"].([]any))
			got := slicerCalls(t, j, caseRecovery(c), len(want))
			if !record.DeepEqual(got, want) {
				t.Errorf("slices\n got %s\nwant %s", record.JSON(got), record.JSON(want))
			}
		})
	}
}

// The same cases through job.Run: the requests the workers receive are the
// expected ones, in order, and every requested record is generated.
func TestReferenceSlicerCasesThroughTheRunner(t *testing.T) {
	for _, c := range refCases(t, "data_generator.slicer") {
		raw, ok := c.Expected["slices"].([]any)
		if !ok {
			continue
		}
		t.Run(c.SourceTest, func(t *testing.T) {
			want := flatRequests(expectedSlices(t, raw))
			j := mustValidate(t, slicerJob(c))
			stop := 0
			if j.Persistent() {
				stop = len(want)
			}
			got, records := runRequests(t, j, caseRecovery(c), stop)
			if len(got) < len(want) || !record.DeepEqual(got[:len(want)], want) {
				t.Fatalf("requests\n got %s\nwant %s", record.JSON(got), record.JSON(want))
			}
			if !j.Persistent() && (len(got) != len(want) || records != countOf(want)) {
				t.Errorf("once job: %d slices and %d records, want %d and %d", len(got), records, len(want), countOf(want))
			}
		})
	}
}

// flatRequests drops the [null] answers and unwraps the others.
func flatRequests(calls []any) []any {
	var out []any
	for _, c := range calls {
		if r := c.([]any)[0]; r != nil {
			out = append(out, r)
		}
	}
	return out
}

func countOf(reqs []any) int {
	n := 0
	for _, r := range reqs {
		c, _ := r.(*record.Object).Get("count")
		n += int(c.(float64))
	}
	return n
}

// checkOneSlicer: with `slicers: 3` the job still has one slicer — a
// persistent run yields one sequence of running totals, no repeats.
func checkOneSlicer(t *testing.T, j *job.Job, want int) {
	if want != 1 || j.Slicers != 3 {
		t.Fatalf("case expects %d slicer(s) for slicers=%d", want, j.Slicers)
	}
	reqs, _ := runRequests(t, j, nil, 6)
	for i, r := range reqs {
		p, _ := r.(*record.Object).Get("processed")
		if p != float64(5000*(i+1)) {
			t.Fatalf("slice %d: processed %v, want %d (one slicer)", i+1, p, 5000*(i+1))
		}
	}
}

// diffCase is a slicer answer of the reference processors on an invented
// job (testdata/slicer-differential.jsonl); sluice is set where sluice
// deliberately differs (docs/compat.md).
type diffCase struct {
	ID        string           `json:"id"`
	Job       map[string]any   `json:"job"`
	Calls     int              `json:"calls"`
	Recovery  []map[string]any `json:"recovery"`
	Reference []any            `json:"reference"`
	Sluice    []any            `json:"sluice"`
	Why       string           `json:"why"`
}

func TestSlicerDifferential(t *testing.T) {
	cases, err := ndjson.Read[diffCase](filepath.Join("testdata", "slicer-differential.jsonl"), nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		t.Run(c.ID, func(t *testing.T) {
			want := c.Reference
			if c.Sluice != nil {
				want = c.Sluice
			}
			j := mustValidate(t, c.Job)
			got := slicerCalls(t, j, recoveryOf(c.Recovery), c.Calls)
			if w := fromJSON(t, want); !record.DeepEqual(got, w) {
				t.Errorf("%s\n got %s\nwant %s", c.Why, record.JSON(got), record.JSON(w))
			}
		})
	}
}

// Spec 2.2, e2e: size 800 with a last operation of size 200 is exactly 4
// slices of 200 records.
func TestEndToEndSliceCount(t *testing.T) {
	j := mustValidate(t, map[string]any{"workers": 2, "operations": []any{
		map[string]any{"_op": "data_generator", "size": 800},
		map[string]any{"_op": "noop", "size": 200},
	}})
	reqs, records := runRequests(t, j, nil, 0)
	if len(reqs) != 4 || records != 800 {
		t.Fatalf("%d slices, %d records; want 4 and 800: %s", len(reqs), records, record.JSON(reqs))
	}
	for i, r := range reqs {
		if want := generator.Request(200, int64(200*(i+1))); !record.DeepEqual(r, want) {
			t.Errorf("slice %d: %s, want %s", i, record.JSON(r), record.JSON(want))
		}
	}
}

// The api the last operation names is found by its name (spec 12 row 2),
// and the apis keep their names.
func TestAPILookupByName(t *testing.T) {
	j := mustValidate(t, map[string]any{"lifecycle": "persistent",
		"apis":       []any{map[string]any{"_name": "test_api", "size": 1000}, map[string]any{"_name": "fake_sender_api", "size": 7}},
		"operations": []any{map[string]any{"_op": "data_generator", "size": 550}, map[string]any{"_op": "noop", "_api_name": "fake_sender_api"}}})
	if n := generator.SliceSize(j, j.Operations[0]); n != 7 {
		t.Errorf("slice size %d, want 7 (fake_sender_api's size)", n)
	}
	if j.APIs[0].Label != "test_api" || j.APIs[1].Label != "fake_sender_api" {
		t.Errorf("apis renamed: %s, %s", j.APIs[0].Label, j.APIs[1].Label)
	}
}

func TestMaxQueue(t *testing.T) {
	j := mustValidate(t, map[string]any{"operations": []any{map[string]any{"_op": "data_generator"}, map[string]any{"_op": "noop"}}})
	s, _ := generator.NewSlicer(&job.SlicerContext{Job: j, Config: j.Operations[0]}, j.Operations[0])
	ql, ok := s.(job.QueueLimiter)
	if !ok {
		t.Fatal("the slicer does not limit its queue")
	}
	for _, w := range []int{1, 2, 5} {
		if got := ql.MaxQueue(w); got != 3*w {
			t.Errorf("MaxQueue(%d) = %d, want %d", w, got, 3*w)
		}
	}
}

// A once job generates exactly size records whatever the slice size.
func TestOnceTotals(t *testing.T) {
	for _, c := range [][2]int{{1, 1}, {10, 3}, {1000, 7}, {2500, 0}} {
		t.Run(fmt.Sprint(c), func(t *testing.T) {
			last := map[string]any{"_op": "noop"}
			if c[1] > 0 {
				last["size"] = c[1]
			}
			j := mustValidate(t, map[string]any{"workers": 2, "operations": []any{map[string]any{"_op": "data_generator", "size": c[0]}, last}})
			_, records := runRequests(t, j, nil, 0)
			if records != c[0] {
				t.Errorf("%d records, want %d", records, c[0])
			}
		})
	}
}
