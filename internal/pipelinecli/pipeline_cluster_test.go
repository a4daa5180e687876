package pipelinecli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sluice-dev/sluice/internal/cli"
)

func TestClusterRefusesSingleWorkerOperations(t *testing.T) {
	p := writeJob(t, `{
  "operations": [
    {"_op": "test-reader"},
    {"_op": "window", "time_field": "t"}
  ]
}`)
	_, stderr, code := pipeline(t, "run", "--cluster", "embedded", p)
	if code != cli.ExitRules {
		t.Errorf("exit %d, want %d\n%s", code, cli.ExitRules, stderr)
	}
	want := p + `:4:13: JOB019 operations[1] (window) keeps state across slices and needs a single worker: it cannot run in cluster mode (run the job without --cluster)`
	if !strings.Contains(stderr, want) {
		t.Errorf("stderr:\n%s\nwant:\n%s", stderr, want)
	}
	if _, _, code := pipeline(t, "validate", p); code != cli.ExitOK {
		t.Errorf("without --cluster the job is valid; exit %d", code)
	}
	if _, stderr, code := pipeline(t, "validate", "--cluster", "nats://127.0.0.1:1", p); code != cli.ExitRules || !strings.Contains(stderr, want) {
		t.Errorf("validate --cluster: exit %d\n%s", code, stderr)
	}
}

func TestRunClusterEmbedded(t *testing.T) {
	dir := t.TempDir()
	p := writeJob(t, `{"name": "embedded", "workers": 3, "operations": [
    {"_op": "test-reader"}, {"_op": "delay", "ms": 1}, {"_op": "stdout"}]}`)
	sumFile := filepath.Join(dir, "summary.json")
	stdout, stderr, code := pipeline(t, "run", "--cluster", "embedded", "--summary", sumFile, p)
	if code != cli.ExitOK {
		t.Fatalf("exit %d\n%s", code, stderr)
	}
	if n := strings.Count(stdout, "\n"); n != 1870 {
		t.Errorf("%d lines on stdout, want 1870", n)
	}
	if !strings.Contains(stderr, `job "embedded" completed`) || !strings.Contains(stderr, "10 slice(s) done, 0 failed") {
		t.Errorf("stderr:\n%s", stderr)
	}
	if b, err := os.ReadFile(sumFile); err != nil || !strings.Contains(string(b), `"records_out": 1870`) {
		t.Errorf("summary %s %v", b, err)
	}
}

func TestWorkerFlags(t *testing.T) {
	for _, args := range [][]string{{}, {"--cluster", "embedded"}, {"--cluster"}, {"--cluster", "nats://x:1", "--bogus", "1"}, {"--workers", "0", "--cluster", "nats://x:1"}} {
		if _, stderr, code := pipeline(t, append([]string{"worker"}, args...)...); code != cli.ExitUsage || !strings.Contains(stderr, "worker") {
			t.Errorf("%v: exit %d, %s", args, code, stderr)
		}
	}
	if _, stderr, code := pipeline(t, "run", "--cluster", "embedded", "--ack-wait", "soon", writeJob(t, `{"operations": [{"_op": "test-reader"}, {"_op": "noop"}]}`)); code != cli.ExitUsage || !strings.Contains(stderr, "--ack-wait") {
		t.Errorf("exit %d, %s", code, stderr)
	}
}

func TestClusterUnreachableServer(t *testing.T) {
	p := writeJob(t, `{"operations": [{"_op": "test-reader"}, {"_op": "noop"}]}`)
	for _, args := range [][]string{{"run", "--cluster", "nats://127.0.0.1:1", p}, {"worker", "--cluster", "nats://127.0.0.1:1"}} {
		_, stderr, code := pipeline(t, args...)
		if code != ExitJobFailed || !strings.Contains(stderr, "connect to nats://127.0.0.1:1") {
			t.Errorf("%v: exit %d\n%s", args, code, stderr)
		}
	}
}
