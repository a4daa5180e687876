package dfs

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sluice-dev/sluice/fsys"
	"github.com/sluice-dev/sluice/job"
	"github.com/sluice-dev/sluice/job/jobtest"
	"github.com/sluice-dev/sluice/ops/fileout"
)

// TestHeldWritesCanBeCutOff: a growing file holds its latest write until
// the next one (or Settle), so a failed send can still be cut off; bytes
// written out cannot.
func TestHeldWritesCanBeCutOff(t *testing.T) {
	dir := t.TempDir()
	o := &outFS{ctx: context.Background(), fs: fsys.Local{}, id: "local:", hold: true}
	f, err := o.Create(filepath.Join(dir, "f"))
	if err != nil {
		t.Fatal(err)
	}
	f.Write([]byte("one\n"))
	size := f.Size()
	f.Write([]byte("two\n"))
	if err := f.Truncate(size); err != nil {
		t.Fatal(err)
	}
	f.Write([]byte("three\n"))
	if err := f.(fileout.Settler).Settle(); err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(size); err == nil {
		t.Fatal("cut back into written bytes")
	}
	if err := f.Commit(); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(filepath.Join(dir, "f")); string(got) != "one\nthree\n" {
		t.Fatalf("file %q", got)
	}
}

// TestFailedSendLeavesTheGrowingFileAsItWas: a slice whose send fails
// after its bytes went to the growing file (raw cannot write an object, and
// the dead-letter action throws) leaves nothing of itself in the file, on
// HDFS too.
func TestFailedSendLeavesTheGrowingFileAsItWas(t *testing.T) {
	b := hdfsBackend(t)
	dir := b.root(t) + "/raw/"
	h, err := job.ProcessorHarness(`{"_op": "dfs_exporter", "path": "`+dir+`", "format": "raw", "file_per_slice": false}`,
		"", job.HarnessOptions{Options: job.Options{Conns: b.conns}})
	if err != nil {
		t.Fatal(err)
	}
	good, _ := jobtest.Records(`[{"data": "a"}, {"data": "b"}]`)
	bad, _ := jobtest.Records(`[{"data": "c"}, {"data": {"not": "text"}}]`)
	if _, err := h.RunSlice(good); err != nil {
		t.Fatal(err)
	}
	if _, err := h.RunSlice(bad); err == nil || !strings.Contains(err.Error(), "raw") {
		t.Fatalf("the bad slice: %v", err)
	}
	if _, err := h.RunSlice(good); err != nil {
		t.Fatal(err)
	}
	h.Close()
	data, err := fsys.ReadFile(context.Background(), b.fs, dir+harnessWorker)
	if err != nil || string(data) != "a\nb\na\nb\n" {
		t.Fatalf("file %q (%v)", data, err)
	}
}
