// Package goldenfile compares test output with files kept in testdata: with
// UPDATE=1 in the environment the files are rewritten from the output.
package goldenfile

import (
	"os"
	"testing"
)

// Check fails t unless got is the content of the file at path; with
// UPDATE=1 it first writes got there.
func Check(t testing.TB, path, got string) {
	t.Helper()
	if os.Getenv("UPDATE") != "" {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if got != string(want) {
		t.Errorf("output differs from %s (UPDATE=1 to rewrite):\n%s", path, got)
	}
}
