package pipelinecli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sluice-dev/sluice/internal/cli"
)

func pipeline(t *testing.T, args ...string) (string, string, int) {
	t.Helper()
	var out, errb bytes.Buffer
	code := Pipeline(args, cli.Env{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errb})
	return out.String(), errb.String(), code
}

func writeJob(t *testing.T, text string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "job.json")
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestPipelineValidateRendersEveryDiagnostic(t *testing.T) {
	p := writeJob(t, `{
  "workers": "many",
  "operations": [
    {"_op": "test-reader", "passthrough": true},
    {"_op": "delya"}
  ]
}`)
	_, stderr, code := pipeline(t, "validate", p)
	if code != cli.ExitRules {
		t.Errorf("exit %d, want %d", code, cli.ExitRules)
	}
	want := p + `:2:14: JOB010 job: parameter "workers": must be a positive integer; given "many"
      "workers": "many",
                 ^^^^^^
` + p + `:4:28: warning: JOB011 operations[0] (test-reader): unknown key "passthrough" is kept but not used
        {"_op": "test-reader", "passthrough": true},
                               ^^^^^^^^^^^^^
    note: did you mean "passthrough_slice"?
` + p + `:5:13: JOB012 operations[1] (delya): unknown operation "delya"
        {"_op": "delya"}
                ^^^^^^^
    note: did you mean "delay"?
    note: ` + "`pipeline docs`" + ` lists every operation
pipeline: ` + p + `: 2 error(s)
`
	if stderr != want {
		t.Errorf("stderr:\n%s\nwant:\n%s", stderr, want)
	}
}

func TestPipelineValidateOK(t *testing.T) {
	p := writeJob(t, `{"name": "x", "workers": 2, "operations": [{"_op": "test-reader"}, {"_op": "noop"}]}`)
	out, stderr, code := pipeline(t, "validate", p)
	if code != cli.ExitOK || stderr != "" || !strings.Contains(out, `valid ("x", once, 2 worker(s), 2 operation(s), 0 api(s))`) {
		t.Errorf("exit %d\nstdout %s\nstderr %s", code, out, stderr)
	}
}

func TestPipelineRun(t *testing.T) {
	p := writeJob(t, `{"workers": 2, "operations": [{"_op": "test-reader"}, {"_op": "stdout"}]}`)
	summary := filepath.Join(t.TempDir(), "summary.json")
	out, stderr, code := pipeline(t, "run", p, "--summary", summary)
	if code != cli.ExitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if n := strings.Count(out, "\n"); n != 1870 {
		t.Errorf("%d lines, want 1870", n)
	}
	if !strings.Contains(stderr, `completed`) || !strings.Contains(stderr, "test-reader") {
		t.Errorf("summary on stderr: %s", stderr)
	}
	b, err := os.ReadFile(summary)
	if err != nil || !bytes.Contains(b, []byte(`"records_out": 1870`)) {
		t.Errorf("summary file: %s %v", b, err)
	}
}

func TestPipelineRunFailedSlice(t *testing.T) {
	p := writeJob(t, `{"workers": 1, "max_retries": 0, "operations": [{"_op": "test-reader"}, {"_op": "test-fail", "slices": [3]}]}`)
	_, stderr, code := pipeline(t, "run", p)
	if code != ExitJobFailed || !strings.Contains(stderr, "test-fail: failing slice 3 on attempt 1") {
		t.Errorf("exit %d: %s", code, stderr)
	}
}

func TestPipelineDocs(t *testing.T) {
	out, _, code := pipeline(t, "docs", "delay")
	if code != cli.ExitOK || !strings.HasPrefix(out, "## delay\n") || !strings.Contains(out, "| `ms` | duration | `100` |") {
		t.Errorf("exit %d: %s", code, out)
	}
	_, stderr, code := pipeline(t, "docs", "nope")
	if code != cli.ExitUsage || !strings.Contains(stderr, `unknown operation or api "nope"`) {
		t.Errorf("exit %d: %s", code, stderr)
	}
}

// pipeline run --cpuprofile writes a CPU profile of the run, and refuses
// to write it over the job file.
func TestPipelineCPUProfile(t *testing.T) {
	dir := t.TempDir()
	jobFile := filepath.Join(dir, "job.json")
	if err := os.WriteFile(jobFile, []byte(`{"operations": [{"_op": "data_generator", "size": 2000}, {"_op": "noop"}]}`), 0o644); err != nil {
		t.Fatal(err)
	}
	prof := filepath.Join(dir, "cpu.prof")
	if _, errOut, code := pipeline(t, "run", jobFile, "--cpuprofile", prof, "--no-progress"); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if fi, err := os.Stat(prof); err != nil || fi.Size() == 0 {
		t.Errorf("no profile written: %v", err)
	}
	if _, _, code := pipeline(t, "run", jobFile, "--cpuprofile", jobFile); code != cli.ExitUsage {
		t.Errorf("the job file as --cpuprofile: exit %d", code)
	}
	if b, _ := os.ReadFile(jobFile); !strings.Contains(string(b), "data_generator") {
		t.Error("the job file was overwritten")
	}
}
