package main_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
)

var (
	buildOnce sync.Once
	binPath   string
	buildErr  error
)

// binary builds the pipeline command once for the end-to-end tests.
func binary(t testing.TB) string {
	t.Helper()
	buildOnce.Do(func() {
		dir, err := os.MkdirTemp("", "pipeline-e2e")
		if err != nil {
			buildErr = err
			return
		}
		binPath = filepath.Join(dir, "pipeline")
		out, err := exec.Command("go", "build", "-o", binPath, ".").CombinedOutput()
		if err != nil {
			buildErr = err
			t.Logf("%s", out)
		}
	})
	if buildErr != nil {
		t.Fatalf("build: %v", buildErr)
	}
	return binPath
}

func writeFile(t testing.TB, dir, name, text string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

type summary struct {
	Status       string `json:"status"`
	SlicesDone   int64  `json:"slices_done"`
	SlicesFailed int64  `json:"slices_failed"`
	Retries      int64  `json:"retries"`
	RecordsOut   int64  `json:"records_out"`
}

func readSummary(t testing.TB, path string) summary {
	t.Helper()
	var s summary
	b, err := os.ReadFile(path)
	if err == nil {
		err = json.Unmarshal(b, &s)
	}
	if err != nil {
		t.Fatalf("summary: %v", err)
	}
	return s
}

// TestPersistentJobStopsOnSIGTERM: a persistent job stopped with SIGTERM
// after a few slices exits 0, and every slice is either complete in the
// output or was never started.
func TestPersistentJobStopsOnSIGTERM(t *testing.T) {
	dir := t.TempDir()
	jobFile := writeFile(t, dir, "job.json", `{"lifecycle": "persistent", "workers": 2, "operations": [
		{"_op": "test-reader"}, {"_op": "delay", "ms": 30}, {"_op": "stdout"}]}`)
	sumFile := filepath.Join(dir, "summary.json")
	cmd := exec.Command(binary(t), "run", jobFile, "--summary", sumFile)
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	lines := 0
	sc := bufio.NewScanner(stdout)
	signalled := false
	for sc.Scan() {
		lines++
		if lines == 3*187 && !signalled {
			signalled = true
			if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
				t.Fatal(err)
			}
		}
	}
	if err := cmd.Wait(); err != nil {
		t.Fatalf("exit: %v\n%s", err, stderr.String())
	}
	s := readSummary(t, sumFile)
	if s.Status != "stopped" || s.SlicesFailed != 0 || s.RecordsOut != s.SlicesDone*187 || int64(lines) != s.RecordsOut {
		t.Errorf("summary %+v, %d lines written", s, lines)
	}
	if !strings.Contains(stderr.String(), "stopping — no new slices") {
		t.Errorf("stderr: %s", stderr.String())
	}
}

// TestRetriedSliceJobCompletes: a processor fails one slice twice; with
// max_retries 2 the job completes with every record.
func TestRetriedSliceJobCompletes(t *testing.T) {
	dir := t.TempDir()
	jobFile := writeFile(t, dir, "job.json", `{"workers": 2, "max_retries": 2, "operations": [
		{"_op": "test-reader"}, {"_op": "test-fail", "slices": [4], "times": 2}, {"_op": "stdout"}]}`)
	sumFile := filepath.Join(dir, "summary.json")
	out, err := exec.Command(binary(t), "run", jobFile, "--summary", sumFile).Output()
	if err != nil {
		t.Fatalf("exit: %v", err)
	}
	s := readSummary(t, sumFile)
	if s.Status != "completed" || s.SlicesDone != 10 || s.Retries != 2 || bytes.Count(out, []byte("\n")) != 1870 {
		t.Errorf("summary %+v, %d lines", s, bytes.Count(out, []byte("\n")))
	}
}

// TestBadJobFileGetsEveryDiagnostic: exit 1 and one diagnostic per problem.
func TestBadJobFileGetsEveryDiagnostic(t *testing.T) {
	dir := t.TempDir()
	jobFile := writeFile(t, dir, "job.json", `{"lifecycle": "forever", "max_retries": -1,
 "operations": [{"_op": "test-reader", "passthrough_slice": "yes"}, {"_op": "transform"}, {"_op": "nope"}]}`)
	cmd := exec.Command(binary(t), "validate", jobFile)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	err := cmd.Run()
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 1 {
		t.Fatalf("exit: %v", err)
	}
	for _, want := range []string{
		jobFile + `:1:15: JOB010 job: parameter "lifecycle"`,
		jobFile + `:1:41: JOB010 job: parameter "max_retries"`,
		jobFile + `:2:61: JOB010 operations[0] (test-reader): parameter "passthrough_slice": must be a boolean; given "yes"`,
		`JOB010 operations[1] (transform): parameter "rules": you must specify rules path`,
		`JOB012 operations[2] (nope): unknown operation "nope"`,
		`: 5 error(s)`,
	} {
		if !strings.Contains(stderr.String(), want) {
			t.Errorf("missing %q in:\n%s", want, stderr.String())
		}
	}
}

// TestDemoJob runs README's main job (examples/jobs/demo.json) and checks
// that every generated record arrived exactly once, in the directory of its
// day, with no temporary file left behind.
func TestDemoJob(t *testing.T) {
	dir := t.TempDir()
	jobFile, err := filepath.Abs("../../examples/jobs/demo.json")
	if err != nil {
		t.Fatal(err)
	}
	sumFile := filepath.Join(dir, "summary.json")
	cmd := exec.Command(binary(t), "run", jobFile, "--summary", sumFile)
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("exit: %v\n%s", err, out)
	}
	s := readSummary(t, sumFile)
	total := 0
	seen := map[string]int{}
	err = filepath.WalkDir(filepath.Join(dir, "out", "demo"), func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		if strings.HasPrefix(d.Name(), ".") {
			t.Errorf("temporary file left: %s", p)
		}
		day := filepath.Base(filepath.Dir(p))
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		for _, line := range strings.Split(strings.TrimSuffix(string(b), "\n"), "\n") {
			var rec struct{ ID, Created, Host, Browser string }
			if err := json.Unmarshal([]byte(line), &rec); err != nil {
				t.Fatalf("%s: %v", p, err)
			}
			if !strings.HasPrefix(rec.Created, day) || rec.ID == "" || rec.Host == "" {
				t.Errorf("%s: record %s in the wrong place or incomplete", p, line)
			}
			seen[line]++
			total++
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if s.Status != "completed" || s.RecordsOut != 10000 || total != 10000 {
		t.Errorf("summary %+v; %d records in files", s, total)
	}
	for line, n := range seen {
		if n > 1 {
			t.Errorf("written %d times: %s", n, line)
		}
	}
	if dead, err := os.ReadFile(filepath.Join(dir, "out", "demo-dead-letters.ndjson")); err != nil || len(dead) != 0 {
		t.Errorf("dead letters: %q %v", dead, err)
	}
}
