package dfs

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/sluice-dev/sluice/job"
	"github.com/sluice-dev/sluice/job/jobtest"
	"github.com/sluice-dev/sluice/record"
)

// harnessWorker is the worker id of a job.Harness: files are named after it.
const harnessWorker = "harness-0"

// TestExporterCases: the reference's file_exporter tests through
// dfs_exporter (long form), the reference's `path` directory written as
// "<dir>/".
func TestExporterCases(t *testing.T) {
	for _, c := range jobtest.Cases(t, casesFile, "file_exporter") {
		t.Run(c.Name(), func(t *testing.T) {
			dir := t.TempDir()
			var cfg struct{ API map[string]any }
			json.Unmarshal(c.Config, &cfg)
			cfg.API["_name"], cfg.API["path"] = "dfs_sender_api", dir+"/"
			var in struct{ Slices [][]json.RawMessage }
			json.Unmarshal(c.Input, &in)
			exportSlices(t, jsonOf([]any{cfg.API}), in.Slices)
			checkExported(t, c.Expected, tree(t, dir))
		})
	}
}

// exportSlices runs slices through dfs_exporter with the given apis and
// shuts the worker down.
func exportSlices(t *testing.T, apis string, slices [][]json.RawMessage) {
	t.Helper()
	h, err := job.ProcessorHarness(`{"_op": "dfs_exporter", "api_name": "dfs_sender_api"}`, apis, job.HarnessOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for _, slice := range slices {
		out, err := h.RunSlice(caseRecords(slice))
		if err != nil || len(out) != len(slice) {
			t.Fatalf("slice: %d records out, %v", len(out), err)
		}
	}
	h.Close()
}

// caseRecords reads records; {"data": {...}, "meta": {...}} carries
// metadata.
func caseRecords(raw []json.RawMessage) []*record.Record {
	out := make([]*record.Record, len(raw))
	for i, r := range raw {
		v, _ := record.ParseJSON(r)
		o := v.(*record.Object)
		data, hasData := o.Get("data")
		meta, hasMeta := o.Get("meta")
		if !hasData || !hasMeta {
			out[i] = record.New(o)
			continue
		}
		out[i] = jobtest.WithMeta([]any{data}, []any{meta})[0]
	}
	return out
}

func checkExported(t *testing.T, expected json.RawMessage, files map[string]string) {
	t.Helper()
	var want struct {
		Count int `json:"file_count"`
		Files map[string]string
	}
	json.Unmarshal(expected, &want)
	if len(files) != want.Count {
		t.Fatalf("files %v, want %d", keys(files), want.Count)
	}
	for name, content := range want.Files {
		got, ok := files[strings.ReplaceAll(name, "<wid>", harnessWorker)]
		switch {
		case !ok:
			t.Errorf("no file %s in %v", name, keys(files))
		case content == "a JSON array with 2 elements":
			var arr []any
			if json.Unmarshal([]byte(got), &arr) != nil || len(arr) != 2 || !strings.HasSuffix(got, "]\n") {
				t.Errorf("%s holds %q", name, got)
			}
		case got != content:
			t.Errorf("%s holds %q, want %q", name, got, content)
		}
	}
}

// TestParsePathCase: the reference's parsePath test (its object-store
// bucket and prefix) read as the seed's rule on a file system: a path
// without "/" (a leading one aside) or ending in "/" is a directory; else
// its last part is a name prefix. The reference turns "data/export" into
// the directory "export/" of the bucket (docs/compat.md).
func TestParsePathCase(t *testing.T) {
	c := jobtest.Cases(t, casesFile, "file.parsePath")[0]
	var in struct{ Paths []string }
	json.Unmarshal(c.Input, &in)
	want := []location{{Dir: "data"}, {Dir: "/data"}, {Dir: "data"}, {Dir: "/data"},
		{Dir: "data", Prefix: "export"}, {Dir: "/data", Prefix: "export"}, {Dir: "data/export"}, {Dir: "/data/export"}}
	for i, p := range in.Paths {
		if got := readerLocation(p); got != want[i] {
			t.Errorf("%q: %+v, want %+v", p, got, want[i])
		}
	}
}
