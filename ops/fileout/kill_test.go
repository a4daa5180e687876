package fileout

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sluice-dev/sluice/record"
)

const killHelperEnv = "SLUICE_FILEOUT_KILL_HELPER"
const killBatch = 3000

// TestKillHelper is not a test on its own: run by TestKilledWriterLeavesNoPartialFile
// in a child process, it writes batches until it is killed.
func TestKillHelper(t *testing.T) {
	dir := os.Getenv(killHelperEnv)
	if dir == "" {
		t.Skip("runs only as the child of TestKilledWriterLeavesNoPartialFile")
	}
	perSlice, _ := NewSender(SenderOptions{Path: filepath.Join(dir, "slices"), ID: "w", FilePerSlice: true,
		Format: FormatOptions{Format: LDJSON, LineDelimiter: "\n"}})
	grow, _ := NewSender(SenderOptions{Path: filepath.Join(dir, "grow"), ID: "w",
		Format: FormatOptions{Format: LDJSON, LineDelimiter: "\n"}})
	recs := make([]*record.Record, killBatch)
	for i := range recs {
		o := record.NewObject(2)
		o.Set("i", float64(i))
		o.Set("pad", strings.Repeat("x", 200))
		recs[i] = record.New(o)
	}
	for {
		if _, err := perSlice.Send(context.Background(), recs); err != nil {
			t.Fatal(err)
		}
		if _, err := grow.Send(context.Background(), recs); err != nil {
			t.Fatal(err)
		}
	}
}

// TestKilledWriterLeavesNoPartialFile kills (SIGKILL) a process in the
// middle of writing: every file visible under a final name is complete,
// and the growing file of the worker, never committed, is not visible.
func TestKilledWriterLeavesNoPartialFile(t *testing.T) {
	if testing.Short() {
		t.Skip("spawns a process")
	}
	dir := t.TempDir()
	cmd := exec.Command(os.Args[0], "-test.run=^TestKillHelper$")
	cmd.Env = append(os.Environ(), killHelperEnv+"="+dir)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	waitForFiles(t, filepath.Join(dir, "slices"), 5)
	if err := cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	_ = cmd.Wait()
	files := tree(t, dir)
	complete := 0
	for name, content := range files {
		if strings.HasPrefix(filepath.Base(name), ".") {
			continue
		}
		if !strings.HasPrefix(name, "slices/") {
			t.Errorf("%s is visible although never committed", name)
			continue
		}
		checkCompleteBatch(t, name, content)
		complete++
	}
	if complete < 5 {
		t.Errorf("only %d complete files", complete)
	}
}

func waitForFiles(t *testing.T, dir string, n int) {
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		names, _ := filepath.Glob(filepath.Join(dir, "w.*.ldjson"))
		if len(names) >= n {
			return
		}
		time.Sleep(5 * time.Millisecond)
	}
	t.Fatalf("the writer made no %d files in time", n)
}

func checkCompleteBatch(t *testing.T, name, content string) {
	lines := bytes.Split([]byte(strings.TrimSuffix(content, "\n")), []byte("\n"))
	if len(lines) != killBatch || !strings.HasSuffix(content, "\n") {
		t.Errorf("%s: %d lines, want %d", name, len(lines), killBatch)
		return
	}
	for i, l := range lines {
		var v struct{ I int }
		if err := json.Unmarshal(l, &v); err != nil || v.I != i {
			t.Errorf("%s line %d: %q (%v)", name, i+1, l, err)
			return
		}
	}
}
