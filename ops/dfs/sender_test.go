package dfs

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/sluice-dev/sluice/fsys"
	"github.com/sluice-dev/sluice/job"
	"github.com/sluice-dev/sluice/job/jobtest"
	_ "github.com/sluice-dev/sluice/ops/routed" // routed_sender
)

// TestGrowingFileCarriesAnExistingFileOver: without file_per_slice a
// worker's file that already exists (from an earlier run) is carried over
// into the new version — streamed, not held in memory — and csv gets its
// header once, at the top.
func TestGrowingFileCarriesAnExistingFileOver(t *testing.T) {
	for _, b := range []testBackend{localBackend(), hdfsBackend(t)} {
		t.Run(b.name, func(t *testing.T) {
			dir := b.root(t) + "/out/"
			for run := range 2 {
				h, err := job.ProcessorHarness(`{"_op": "dfs_exporter", "path": "`+dir+`", "format": "csv", "file_per_slice": false, "include_header": true}`,
					"", job.HarnessOptions{Options: job.Options{Conns: b.conns}})
				if err != nil {
					t.Fatal(err)
				}
				for s := range 2 {
					recs, _ := jobtest.Records(fmt.Sprintf(`[{"run": %d, "slice": %d}]`, run, s))
					if _, err := h.RunSlice(recs); err != nil {
						t.Fatal(err)
					}
				}
				h.Close()
			}
			data, err := fsys.ReadFile(context.Background(), b.fs, dir+harnessWorker+".csv")
			if want := "\"run\",\"slice\"\n0,0\n0,1\n1,0\n1,1\n"; err != nil || string(data) != want {
				t.Fatalf("file %q (%v), want %q", data, err, want)
			}
		})
	}
}

// TestRoutedSenderWritesThroughTheDFSSenderAPI: dfs_sender_api is a sender
// api for routed_sender; each route writes under <directory>/<route>/.
func TestRoutedSenderWritesThroughTheDFSSenderAPI(t *testing.T) {
	b := hdfsBackend(t)
	dir := b.root(t) + "/routed/"
	apis := `[{"_name": "dfs_sender_api", "path": "` + dir + `", "format": "ldjson"}]`
	h, err := job.ProcessorHarness(`{"_op": "routed_sender", "_api_name": "dfs_sender_api", "routing": {"a": "default", "*": "default"}}`,
		apis, job.HarnessOptions{Options: job.Options{Conns: b.conns}})
	if err != nil {
		t.Fatal(err)
	}
	recs, _ := jobtest.Records(`[{"i": 1}, {"i": 2}, {"i": 3}]`)
	jobtest.SetMeta(recs, `[{"standard:route": "a"}, {"standard:route": "b"}, {"standard:route": "a"}]`)
	if _, err := h.RunSlice(recs); err != nil {
		t.Fatal(err)
	}
	h.Close()
	files := b.files(t, strings.TrimSuffix(dir, "/"))
	got := map[string]string{}
	for name := range files {
		data, _ := fsys.ReadFile(context.Background(), b.fs, name)
		got[strings.TrimPrefix(name, dir)] = string(data)
	}
	// file_per_slice is true by default for dfs_sender_api (seed)
	want := map[string]string{"a/" + harnessWorker + ".0.ldjson": "{\"i\":1}\n{\"i\":3}\n", "b/" + harnessWorker + ".0.ldjson": "{\"i\":2}\n"}
	if g, w := mustJSON(got), mustJSON(want); g != w {
		t.Fatalf("files %s, want %s", g, w)
	}
}

func mustJSON(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}
