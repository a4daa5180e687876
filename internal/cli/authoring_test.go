package cli

import (
	"os"
	"path/filepath"
	"testing"
)

// golden compares got with testdata/NAME; UPDATE=1 rewrites the file.
func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name)
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

// TestExplainCode: rulec explain CODE prints the catalogue entry with the
// example's real diagnostics; unknown codes are a usage error.
func TestExplainCode(t *testing.T) {
	for _, code := range []string{"RUL011", "RUL007", "RUN001", "codes"} {
		out, errOut, exit := rulec(t, "", "explain", code)
		if exit != 0 {
			t.Fatalf("%s: exit %d: %s", code, exit, errOut)
		}
		golden(t, "explain-code-"+code+".txt", out)
	}
	if _, errOut, exit := rulec(t, "", "explain", "RUL999"); exit != ExitUsage || errOut == "" {
		t.Errorf("unknown code: exit %d, stderr %q", exit, errOut)
	}
}
