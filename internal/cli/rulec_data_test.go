package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The analysis commands (coverage, diff, trace) read their data whole: a
// BOM is dropped, and every line that is not a JSON object — a comment, a
// line of non-JSON white space, a broken line — is counted as skipped, never
// dropped silently.
func TestAnalysisInputAccountsForEveryLine(t *testing.T) {
	dir := t.TempDir()
	rules := filepath.Join(dir, "r.txt")
	if err := os.WriteFile(rules, []byte(`{"selector": "a:1", "source": "a", "target": "b"}`+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	data := "\ufeff" + `{"a": 1}` + "\n# a comment\n\u00a0\n{broken\n\n" + `{"a": 2}` + "\n"
	out, errOut, code := rulec(t, data, "coverage", "--format", "json", rules, "-")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if !strings.Contains(out, `"records": 2`) || !strings.Contains(out, `"skipped": 3`) {
		t.Errorf("want 2 records (the first behind a BOM) and 3 skipped lines:\n%s", out)
	}
}
