package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sluice-dev/sluice/internal/goldenfile"
)

// golden compares got with testdata/NAME; UPDATE=1 rewrites the file.
func golden(t *testing.T, name, got string) {
	t.Helper()
	goldenfile.Check(t, filepath.Join("testdata", name), got)
}

// TestExplainCode: rulec explain CODE prints the catalogue entry with the
// example's real diagnostics; unknown codes are a usage error.
func TestExplainCode(t *testing.T) {
	for _, code := range []string{"RUL011", "RUL007", "RUN001", "JOB015", "codes"} {
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

// TestCheckWarnings: rulec check prints analysis warnings with code,
// position and hint and exits 0; --deny-warnings makes them fail the check.
func TestCheckWarnings(t *testing.T) {
	dir := t.TempDir()
	rules := writeFile(t, dir, "lint.rules", `{"selector": "a:1 AND a:2", "source": "b", "target": "c", "tag": "t"}`+"\n"+
		`{"selector": "x:[10 TO *] AND x:<5", "source": "b", "target": "d"}`+"\n")
	out, errOut, code := rulec(t, "", "check", rules)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	golden(t, "check-warnings.txt", out+strings.ReplaceAll(errOut, dir+string(filepath.Separator), ""))
	out, errOut, code = rulec(t, "", "check", "--deny-warnings", rules)
	if code != ExitRules || out != "" || !strings.Contains(errOut, "rulec: 3 warning(s), denied by --deny-warnings") {
		t.Errorf("--deny-warnings: exit %d, stdout %q, stderr:\n%s", code, out, errOut)
	}
	clean := writeFile(t, dir, "clean.rules", `{"selector": "a:1", "source": "b", "target": "c"}`+"\n")
	if out, errOut, code = rulec(t, "", "check", "--deny-warnings", clean); code != 0 || out != "ok: 1 selector(s), 0 warning(s)\n" {
		t.Errorf("clean file: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
}

// TestFmt: rulec fmt prints the canonical form (golden); formatting is
// idempotent; --check lists unformatted files and fails; -w rewrites; a bad
// line is an error that changes nothing.
func TestFmt(t *testing.T) {
	out, errOut, code := rulec(t, "", "fmt", "testdata/fmt/messy.rules")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	golden(t, "fmt/messy.golden", out)
	dir := t.TempDir()
	formatted := writeFile(t, dir, "ok.rules", out)
	if again, _, _ := rulec(t, "", "fmt", formatted); again != out {
		t.Errorf("not idempotent:\n%s", again)
	}
	if again, _, _ := rulec(t, out, "fmt"); again != out {
		t.Errorf("stdin differs from file:\n%s", again)
	}
	messy, _ := os.ReadFile("testdata/fmt/messy.rules")
	unformatted := writeFile(t, dir, "messy.rules", string(messy))
	planOf := func(path string) string {
		out, _, _ := rulec(t, "", "explain", path)
		return strings.ReplaceAll(out, path, "F")
	}
	if a, b := planOf(unformatted), planOf(formatted); a != b {
		t.Errorf("formatting changed the plan:\n%s\nvs\n%s", a, b)
	}
	stdout, errOut, code := rulec(t, "", "fmt", "--check", formatted, unformatted)
	if code != ExitRules || stdout != unformatted+"\n" || !strings.Contains(errOut, "1 file(s) not formatted") {
		t.Errorf("--check: exit %d, stdout %q, stderr %q", code, stdout, errOut)
	}
	if _, _, code = rulec(t, "", "fmt", "-w", unformatted); code != 0 {
		t.Fatalf("-w: exit %d", code)
	}
	if b, _ := os.ReadFile(unformatted); string(b) != out {
		t.Errorf("-w wrote:\n%s", b)
	}
	bad := writeFile(t, dir, "bad.rules", "{\"selector\": \"a:1\"}\n{\"selector\": \"a:1\" \"source\": \"b\"}\n")
	_, errOut, code = rulec(t, "", "fmt", "-w", bad)
	if b, _ := os.ReadFile(bad); code != ExitRules || !strings.Contains(errOut, "bad.rules:2:1: RUL002 cannot format") || !strings.HasPrefix(string(b), "{\"selector\": \"a:1\"}\n{\"selector\": \"a:1\" \"source\"") {
		t.Errorf("bad line: exit %d, stderr %q, file %q", code, errOut, b)
	}
}

const usersRules, usersData = "testdata/authoring/users.rules", "testdata/authoring/users.ndjson"

// TestCoverage: rulec coverage as text and JSON (goldens); -r form.
func TestCoverage(t *testing.T) {
	for _, format := range []string{"text", "json", "html"} {
		out, errOut, code := rulec(t, "", "coverage", "--format", format, usersRules, usersData)
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", format, code, errOut)
		}
		golden(t, "authoring/coverage."+format, out)
		if format == "html" && (strings.Count(out, " cold\"") != 2 || !strings.Contains(out, `<g class="node selector cold" id="node-s1"`) ||
			!strings.Contains(out, `<g class="node extract cold" id="node-s1e0"`) || !strings.Contains(out, ">reached 2: rejected a value 1, accepted 1</text>")) {
			t.Errorf("html: the never-fired selector type:admin and its extraction must be the only cold nodes, with counts on every node")
		}
	}
	if out, _, _ := rulec(t, "", "coverage", "-r", usersRules, usersData); !strings.Contains(out, "never matched") {
		t.Errorf("-r form:\n%s", out)
	}
	if _, _, code := rulec(t, "", "coverage", usersRules); code != ExitUsage {
		t.Errorf("no data: exit %d", code)
	}
}

// TestDiff: rulec diff as text and JSON (goldens); identical rule sets
// change nothing.
func TestDiff(t *testing.T) {
	for _, format := range []string{"text", "json"} {
		out, errOut, code := rulec(t, "", "diff", "--format", format, usersRules, "testdata/authoring/users-new.rules", usersData)
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", format, code, errOut)
		}
		golden(t, "authoring/diff."+format, out)
	}
	out, _, code := rulec(t, "", "diff", usersRules, usersRules, usersData)
	if code != 0 || out != "4 record(s): 0 changed, 4 unchanged (output: 2 before, 2 after)\n" {
		t.Errorf("same rules: exit %d\n%s", code, out)
	}
	if _, _, code := rulec(t, "", "diff", usersRules, usersData); code != ExitUsage {
		t.Errorf("two arguments: exit %d", code)
	}
}

// TestExplainSVGHTML pins rulec explain --format svg and html (goldens):
// every plan element is a node carrying its rule's file and line.
func TestExplainSVGHTML(t *testing.T) {
	for _, format := range []string{"svg", "html"} {
		out, errOut, code := rulec(t, "", "explain", "--format", format, usersRules)
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", format, code, errOut)
		}
		golden(t, "authoring/explain."+format, out)
		if n := strings.Count(out, `<g class="node `); n != 14 {
			t.Errorf("%s: %d nodes, want 14 (4 selectors, 5 extractions, 3 steps, 2 output rules)", format, n)
		}
		if !strings.Contains(out, `<g class="node post" id="node-s0p1" data-file="0" data-line="5">`) {
			t.Errorf("%s: the isEmail step does not link to line 5", format)
		}
	}
}

// TestRunTrace pins rulec run --trace and --trace-json (goldens) and checks
// that tracing does not change what the rules output.
func TestRunTrace(t *testing.T) {
	for _, c := range []struct{ flag, golden string }{{"--trace", "trace.text"}, {"--trace-json", "trace.json"}} {
		out, errOut, code := rulec(t, "", "run", c.flag, "-r", usersRules, usersData)
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", c.flag, code, errOut)
		}
		golden(t, "authoring/"+c.golden, out)
	}
	data, _ := os.ReadFile(usersData)
	plain, _, _ := rulec(t, string(data), "run", "-r", usersRules)
	traced, _, _ := rulec(t, string(data), "run", "--trace-json", "-r", usersRules)
	var outputs []string
	for _, line := range strings.Split(strings.TrimSpace(traced), "\n") {
		var tr struct {
			At     string          `json:"at"`
			Output json.RawMessage `json:"output"`
		}
		if err := json.Unmarshal([]byte(line), &tr); err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(tr.At, "<stdin>:") {
			t.Errorf("stdin record at %q", tr.At)
		}
		if string(tr.Output) != "null" {
			outputs = append(outputs, string(tr.Output))
		}
	}
	if got := strings.Join(outputs, "\n") + "\n"; got != plain {
		t.Errorf("traced outputs:\n%s\nplain run:\n%s", got, plain)
	}
}

// The authoring commands read data exactly as rulec run does: a JSON
// array, a search response, NDJSON that starts with '[', a BOM and a
// comment line give them the records run processes, and what run
// dead-letters they count as skipped.
func TestAuthoringReadsLikeRun(t *testing.T) {
	cases := []struct {
		name, data       string
		records, skipped int
	}{
		{"array", `[{"type":"user","a":1}, 2, {"type":"user","a":3}]`, 2, 1},
		{"search response", `{"hits":{"hits":[{"_source":{"type":"user"}},{"_source":{"a":2}},{"x":1}]}}`, 2, 1},
		{"ndjson starting with [", "[1,2]\n{\"type\":\"user\"}\n", 1, 1},
		{"bom and comment", "\ufeff{\"type\":\"user\"}\n# a comment\n\n{\"a\":1}\n", 2, 1},
	}
	for _, c := range cases {
		dead := filepath.Join(t.TempDir(), "dead.ndjson")
		if _, errOut, code := rulec(t, c.data, "run", "-r", usersRules, "--dead-letter", dead, "-"); code != 0 {
			t.Fatalf("%s: run exit %d: %s", c.name, code, errOut)
		}
		deadText, _ := os.ReadFile(dead)
		if n := strings.Count(string(deadText), "\n"); n != c.skipped {
			t.Fatalf("%s: run dead-lettered %d, the case says %d", c.name, n, c.skipped)
		}
		out, errOut, code := rulec(t, c.data, "coverage", "--format", "json", usersRules, "-")
		if code != 0 {
			t.Fatalf("%s: coverage exit %d: %s", c.name, code, errOut)
		}
		var got struct{ Records, Skipped int }
		if err := json.Unmarshal([]byte(out), &got); err != nil {
			t.Fatal(err)
		}
		if got.Records != c.records || got.Skipped != c.skipped {
			t.Errorf("%s: coverage saw %d records, %d skipped; want %d, %d", c.name, got.Records, got.Skipped, c.records, c.skipped)
		}
	}
}
