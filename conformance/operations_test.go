package conformance

import (
	"bytes"
	"os"
	"testing"

	"github.com/sluice-dev/sluice/postprocess"
)

const operationsDoc = "../docs/operations.md"

// TestOperationsDoc keeps docs/operations.md equal to the generated
// reference (`rulec docs`); UPDATE=1 rewrites it.
func TestOperationsDoc(t *testing.T) {
	var b bytes.Buffer
	postprocess.Markdown(&b)
	if os.Getenv("UPDATE") == "1" {
		if err := os.WriteFile(operationsDoc, b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	have, err := os.ReadFile(operationsDoc)
	if err != nil {
		t.Fatalf("%v (run UPDATE=1 go test ./conformance -run TestOperationsDoc)", err)
	}
	if !bytes.Equal(have, b.Bytes()) {
		t.Errorf("%s is out of date: run UPDATE=1 go test ./conformance -run TestOperationsDoc", operationsDoc)
	}
}
