package dfs

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sluice-dev/sluice/job"
)

// TestRetriedSlicesAreWrittenOnce: slices fail after the exporter wrote
// them and are retried; every record is in the files once, and with
// file_per_slice no slice makes a second file.
func TestRetriedSlicesAreWrittenOnce(t *testing.T) {
	for _, b := range []testBackend{localBackend(), hdfsBackend(t)} {
		for _, perSlice := range []bool{true, false} {
			t.Run(fmt.Sprintf("%s/perslice=%v", b.name, perSlice), func(t *testing.T) {
				in, out := t.TempDir(), b.root(t)+"/out/"
				var lines []string
				for i := range 60 {
					lines = append(lines, fmt.Sprintf(`{"i":%d}`, i))
				}
				writeTree(t, in, map[string]string{"a.ldjson": strings.Join(lines, "\n") + "\n"})
				doc := fmt.Sprintf(`{"workers": 2, "max_retries": 3, "operations": [
					{"_op": "dfs_reader", "path": %q, "format": "ldjson", "size": 100, "connection": "local"},
					{"_op": "dfs_exporter", "path": %q, "format": "ldjson", "file_per_slice": %v},
					{"_op": "test-fail", "slices": [1, 2, 3, 5, 8], "times": 2}]}`, in+"/", out, perSlice)
				runJob(t, doc, b.conns)
				files := b.files(t, strings.TrimSuffix(out, "/"))
				// 530 bytes in slices of 100: 6 slices, a file each; or a file per worker
				if perSlice && len(files) != 6 || !perSlice && len(files) != 2 {
					t.Errorf("files %v", keys(files))
				}
				got := jsonLines(readAll(t, readerJob(`{"_op": "dfs_reader", "path": "`+out+`", "format": "ldjson"}`), b.conns))
				if len(got) != 60 || strings.Join(got, "\n") != strings.Join(sortedCopy(lines), "\n") {
					t.Fatalf("read back %d records: %v", len(got), got)
				}
			})
		}
	}
}

func sortedCopy(s []string) []string { return slices.Sorted(slices.Values(s)) }

// runJob validates and runs a job with quick retries.
func runJob(t *testing.T, doc string, conns *job.Connections) *job.Summary {
	t.Helper()
	j := validate(t, doc, conns)
	sum, err := job.Run(t.Context(), j, job.RunOptions{Backoff: func(time.Duration) time.Duration { return time.Millisecond }})
	if err != nil {
		t.Fatalf("run: %v", err)
	}
	return sum
}
