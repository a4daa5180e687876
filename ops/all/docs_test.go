package all_test

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/sluice-dev/sluice/job"
	"github.com/sluice-dev/sluice/job/jobtest"
	_ "github.com/sluice-dev/sluice/ops/all"
)

const referenceDoc = "../../docs/pipeline-operations.md"

// TestReferenceDoc keeps docs/pipeline-operations.md equal to `pipeline
// docs`; UPDATE=1 rewrites it.
func TestReferenceDoc(t *testing.T) {
	var b bytes.Buffer
	job.Markdown(&b, nil)
	if os.Getenv("UPDATE") == "1" {
		if err := os.WriteFile(referenceDoc, b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	have, err := os.ReadFile(referenceDoc)
	if err != nil || !bytes.Equal(have, b.Bytes()) {
		t.Errorf("%s is out of date: run UPDATE=1 go test ./ops/all -run TestReferenceDoc", referenceDoc)
	}
}

// TestEveryExample runs the example of every registered operation and api.
func TestEveryExample(t *testing.T) { jobtest.RunExamples(t) }

// TestExampleJobsValidate: every job in examples/jobs validates.
func TestExampleJobsValidate(t *testing.T) {
	files, err := filepath.Glob("../../examples/jobs/*.json")
	if err != nil || len(files) < 2 {
		t.Fatalf("example jobs: %v %v", files, err)
	}
	for _, f := range files {
		if j, l := job.Load(f, job.Options{}); j == nil {
			t.Errorf("%s: %v", f, l.Items)
		}
	}
}
