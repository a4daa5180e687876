package dfs

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sluice-dev/sluice/job"
	"github.com/sluice-dev/sluice/job/jobtest"
	"github.com/sluice-dev/sluice/record"
)

// The reference's file_reader / file_exporter cases (processors-cases.json)
// run on dfs_reader / dfs_exporter: file_reader_api and file_sender_api
// become dfs_reader_api and dfs_sender_api, the v4 key _api_name becomes
// the seed's api_name, and a `path` that names a directory ends in "/"
// (the seed reads a last part without one as a name prefix).
const casesFile = "testdata/cases.jsonl"

var fixtures, _ = filepath.Abs("testdata/fixtures/file_reader")

// TestSlicerCases: the reference's slicer test on its json fixtures.
func TestSlicerCases(t *testing.T) {
	for _, c := range jobtest.Cases(t, casesFile, "file_reader.slicer") {
		t.Run(c.Name(), func(t *testing.T) {
			doc := readerJob(`{"_op": "dfs_reader", "path": "` + fixtures + `/json/", "format": "json", "size": 750}`)
			calls := slicesOf(t, validate(t, doc, nil))
			var want struct {
				Count  int                      `json:"results_count"`
				Null   bool                     `json:"contains_null"`
				Single struct{ Length float64 } `json:"slice_for_single.json"`
				Array  struct{ Length float64 } `json:"slice_for_array.json"`
			}
			json.Unmarshal(c.Expected, &want)
			if len(calls) != want.Count || (calls[len(calls)-1] == nil) != want.Null {
				t.Fatalf("calls %v", calls)
			}
			lengths := map[string]float64{}
			for _, call := range calls[:len(calls)-1] {
				for _, req := range call {
					o := req.(*record.Object)
					p, _ := o.Get("path")
					l, _ := o.Get("length")
					lengths[filepath.Base(p.(string))] = l.(float64)
				}
			}
			if lengths["single.json"] != want.Single.Length || lengths["array.json"] != want.Array.Length {
				t.Fatalf("lengths %v", lengths)
			}
		})
	}
}

// TestSlicerCutsLdjsonFiles is the reference's second slicer test (spec
// 8.4): two 16820-byte files, one in a subdirectory, size 750: 23 slices a
// call, then done; each last slice is 321 bytes.
func TestSlicerCutsLdjsonFiles(t *testing.T) {
	doc := readerJob(`{"_op": "dfs_reader", "path": "` + fixtures + `/ldjson/", "format": "ldjson", "size": 750}`)
	calls := slicesOf(t, validate(t, doc, nil))
	if len(calls) != 3 || len(calls[0]) != 23 || len(calls[1]) != 23 || calls[2] != nil {
		t.Fatalf("%d calls", len(calls))
	}
	for _, call := range calls[:2] {
		if l, _ := call[22].(*record.Object).Get("length"); l != 321.0 {
			t.Errorf("last slice length %v", l)
		}
	}
}

// TestFetcherCases: the reference's fetcher tests (the file is the
// fixture, or the case's text).
func TestFetcherCases(t *testing.T) {
	for _, c := range jobtest.Cases(t, casesFile, "file_reader.fetcher") {
		t.Run(c.Name(), func(t *testing.T) {
			var in struct {
				File  string
				Slice map[string]any
			}
			json.Unmarshal(c.Input, &in)
			api, _ := record.ParseJSON(c.Config)
			cfg, _ := api.(*record.Object).Get("api")
			dir := fetcherFixture(t, in.Slice["path"], in.File)
			in.Slice["path"] = filepath.Join(dir, filepath.Base(strings.TrimSpace(jsonString(in.Slice["path"], "csv.txt"))))
			cfg.(*record.Object).Set("path", dir+"/")
			recs := fetchOne(t, cfg.(*record.Object), record.FromGo(in.Slice))
			checkFetched(t, c.Expected, recs)
		})
	}
}

func jsonString(v any, def string) string {
	if s, ok := v.(string); ok {
		return s
	}
	return def
}

// fetcherFixture is the directory of a case's file: the fixture's, or a
// temporary one holding the case's text as csv.txt.
func fetcherFixture(t *testing.T, path any, text string) string {
	switch path {
	case "testData.txt":
		return fixtures + "/ldjson"
	case "array.json":
		return fixtures + "/json/array"
	}
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{"csv.txt": text})
	return dir
}

// fetchOne reads one slice request through a harness of the reader.
func fetchOne(t *testing.T, api *record.Object, req any) []*record.Record {
	t.Helper()
	api.Set("_name", "dfs_reader_api")
	doc := `{"max_retries": 0, "apis": [` + record.JSON(api) + `], "operations": [{"_op": "dfs_reader", "api_name": "dfs_reader_api"}, {"_op": "noop"}]}`
	h, err := job.NewHarness(doc, job.HarnessOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	recs, err := h.RunRequest(req)
	if err != nil {
		t.Fatal(err)
	}
	return recs
}

func checkFetched(t *testing.T, expected json.RawMessage, recs []*record.Record) {
	t.Helper()
	want, _ := record.ParseJSON(expected)
	exp := want.(*record.Object)
	if n, _ := exp.Get("records_length"); n != float64(len(recs)) {
		t.Errorf("%d records, want %v", len(recs), n)
	}
	if first, ok := exp.Get("records[0]"); ok && (len(recs) == 0 || !record.DeepEqual(recs[0].Data, first)) {
		t.Errorf("first record %s, want %s", values(recs[:min(1, len(recs))]), record.JSON(first))
	}
}

// TestFetcherSpecTable: the rest of the reference's fetcher tests (spec
// 8.5's table), on its fixtures.
func TestFetcherSpecTable(t *testing.T) {
	six := `["data1","data2","data3","data4","data5","data6"]`
	for _, c := range []struct {
		name, dir, file, api string
		slice                string // offset, length, total
		n                    int
		first                string
	}{
		{"json single file", "json/single", "single.json", `"format": "json", "size": 400`, `0, 364, 364`, 1, ""},
		{"csv keeps the header", "csv", "csv.txt", `"format": "csv", "fields": ` + six + `, "remove_header": false`, `0, 200, 1000`, 4,
			`{"data1":"data1","data2":"data2","data3":"data3","data4":"data4","data5":"data5","data6":"data6"}`},
		{"tsv", "tsv", "tsv.tsv", `"format": "tsv", "fields": ` + six + `, "field_delimiter": "\t"`, `0, 200, 1000`, 3,
			`{"data1":"1","data2":"2","data3":"3","data4":"4","data5":"5","data6":"6"}`},
		{"raw", "raw", "raw.txt", `"format": "raw", "size": 200`, `0, 200, 1000`, 5, `{"data":"the quick brown fox jumped over the lazy dog"}`},
	} {
		t.Run(c.name, func(t *testing.T) {
			api, _ := record.ParseJSON([]byte(`{"path": "` + fixtures + "/" + c.dir + `/", ` + c.api + `}`))
			var nums [3]float64
			json.Unmarshal([]byte("["+c.slice+"]"), &nums)
			req := record.FromMap(map[string]any{"path": fixtures + "/" + c.dir + "/" + c.file, "offset": nums[0], "length": nums[1], "total": nums[2]})
			recs := fetchOne(t, api.(*record.Object), req)
			if len(recs) != c.n || c.first != "" && record.JSON(recs[0].Data) != c.first {
				t.Fatalf("got %s", values(recs))
			}
		})
	}
}

// TestLZ4FixtureReads: the reference's lz4 test reads its package.json.lz4
// (an LZ4 frame written by the reference) with file_per_slice.
func TestLZ4FixtureReads(t *testing.T) {
	dir, _ := filepath.Abs("testdata/fixtures/t1")
	recs := readAll(t, readerJob(`{"_op": "dfs_reader", "path": "`+dir+`/", "format": "json", "compression": "lz4", "file_per_slice": true}`), nil)
	if len(recs) != 1 {
		t.Fatalf("got %s", values(recs))
	}
	if v, _ := recs[0].Data.Get("version"); v != "0.1.0" {
		t.Fatalf("version %v", v)
	}
}

// TestJobCase: the reference's whole-job test. Version 4 of the reference
// has no short form and rejects the job; the seed keeps the short form,
// so here the job runs and reads its json file: one slice of one record
// (the reference's other job test).
func TestJobCase(t *testing.T) {
	for _, c := range jobtest.Cases(t, casesFile, "file_reader (job)") {
		t.Run(c.Name(), func(t *testing.T) {
			doc := readerJob(`{"_op": "dfs_reader", "path": "` + fixtures + `/json/single/", "compression": "none", "size": 400, "format": "json", "line_delimiter": "\n"}`)
			var slices, records int
			j := validate(t, doc, nil)
			_, err := job.Run(t.Context(), j, job.RunOptions{OnSliceDone: func(s *job.Slice, recs []*record.Record, err error) {
				slices++
				records += len(recs)
			}})
			if err != nil || slices != 1 || records != 1 {
				t.Fatalf("%d slices, %d records, %v", slices, records, err)
			}
		})
	}
}
