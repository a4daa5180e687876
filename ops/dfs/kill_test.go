package dfs

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path"
	"strings"
	"testing"
	"time"

	"github.com/sluice-dev/sluice/fsys"
	"github.com/sluice-dev/sluice/internal/hdfstest"
	"github.com/sluice-dev/sluice/job"
	"github.com/sluice-dev/sluice/record"
)

const (
	killDirEnv  = "SLUICE_DFS_KILL_DIR"
	killHDFSEnv = "SLUICE_DFS_KILL_NAMENODE"
	killS3Env   = "SLUICE_DFS_KILL_S3" // "1": the exporter writes to the test object store
	killBatch   = 2000
)

// TestKillHelper is not a test on its own: run by TestKilledExporter in a
// child process, it exports slices (one file per slice, and one growing
// file per worker) until it is killed.
func TestKillHelper(t *testing.T) {
	dir := os.Getenv(killDirEnv)
	if dir == "" {
		t.Skip("runs only as the child of TestKilledExporter")
	}
	var conns *job.Connections
	conn := ""
	if nn := os.Getenv(killHDFSEnv); nn != "" {
		conns = job.DefaultConnections()
		conns.Set(job.ConnHDFS, "default", record.FromMap(map[string]any{"namenodes": []any{nn}}))
	}
	if os.Getenv(killS3Env) != "" {
		conns, _ = s3Connections(t)
		conn = "archive"
	}
	perSlice := harnessFor(t, dir+"/slices/", true, conns, conn)
	grow := harnessFor(t, dir+"/grow/", false, conns, conn)
	for n := 0; ; n++ {
		recs := killRecords(n)
		if _, err := perSlice.RunSlice(recs); err != nil {
			t.Fatal(err)
		}
		if _, err := grow.RunSlice(recs); err != nil {
			t.Fatal(err)
		}
	}
}

func harnessFor(t *testing.T, dir string, perSlice bool, conns *job.Connections, conn string) *job.Harness {
	op := fmt.Sprintf(`{"_op": "dfs_exporter", "path": %q, "format": "ldjson", "file_per_slice": %v%s}`, dir, perSlice,
		testBackend{conn: conn}.connParam())
	h, err := job.ProcessorHarness(op, "", job.HarnessOptions{Options: job.Options{Conns: conns}})
	if err != nil {
		t.Fatal(err)
	}
	return h
}

func killRecords(n int) []*record.Record {
	recs := make([]*record.Record, killBatch)
	for i := range recs {
		o := record.NewObject(3)
		o.Set("slice", float64(n))
		o.Set("i", float64(i))
		o.Set("pad", strings.Repeat("x", 300))
		recs[i] = record.New(o)
	}
	return recs
}

// TestKilledExporter kills (SIGKILL) a process in the middle of exporting,
// on local directories and on HDFS: every file under a final name is a
// complete slice, and the growing file of the worker, never committed, is
// not visible at all.
func TestKilledExporter(t *testing.T) {
	if testing.Short() {
		t.Skip("spawns processes")
	}
	t.Run("local", func(t *testing.T) {
		dir := t.TempDir()
		killChild(t, dir, "", func() int { return len(finalFiles(t, fsys.Local{}, dir+"/slices")) })
		checkAfterKill(t, fsys.Local{}, dir)
	})
	t.Run("hdfs", func(t *testing.T) {
		srv := hdfstest.StartTB(t, hdfstest.Options{BlockSize: 256 << 10})
		f, err := fsys.Open(context.Background(), job.ConnHDFS, map[string]any{"namenodes": []any{srv.Addr()}})
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		killChild(t, "/killed", srv.Addr(), func() int { return len(finalFiles(t, f, "/killed/slices")) })
		checkAfterKill(t, f, "/killed")
	})
}

// killChild starts the helper (with env added to its environment) and
// kills it once ready() counts 3 files.
func killChild(t *testing.T, dir, namenode string, ready func() int, env ...string) {
	cmd := exec.Command(os.Args[0], "-test.run=^TestKillHelper$")
	cmd.Env = append(append(os.Environ(), killDirEnv+"="+dir, killHDFSEnv+"="+namenode), env...)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(60 * time.Second)
	for ready() < 3 && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	if err := cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	_ = cmd.Wait()
	if ready() < 3 {
		t.Fatal("the helper wrote no files")
	}
}

// finalFiles lists the names under dir that do not start with "." (none
// when dir does not exist yet).
func finalFiles(t *testing.T, f fsys.FS, dir string) []string {
	entries, err := f.ReadDir(context.Background(), dir)
	if err != nil {
		return nil
	}
	var out []string
	for _, e := range entries {
		if !strings.HasPrefix(e.Name, ".") {
			out = append(out, path.Join(dir, e.Name))
		}
	}
	return out
}

func checkAfterKill(t *testing.T, f fsys.FS, dir string) {
	if grown := finalFiles(t, f, dir+"/grow"); len(grown) > 0 {
		t.Errorf("the uncommitted growing file is visible: %v", grown)
	}
	for _, name := range finalFiles(t, f, dir+"/slices") {
		data, err := fsys.ReadFile(context.Background(), f, name)
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(string(data), "\n")
		if len(lines) != killBatch+1 || lines[killBatch] != "" || !strings.HasPrefix(lines[killBatch-1], `{"slice":`) {
			t.Errorf("%s is not a complete slice: %d lines", name, len(lines))
		}
	}
}
