package cli

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sluice-dev/sluice/internal/goldenfile"
	"github.com/sluice-dev/sluice/internal/ndjson"

	"github.com/sluice-dev/sluice/record"
)

func rulec(t *testing.T, stdin string, args ...string) (string, string, int) {
	t.Helper()
	var out, errb bytes.Buffer
	code := Rulec(args, Env{Stdin: strings.NewReader(stdin), Stdout: &out, Stderr: &errb})
	return out.String(), errb.String(), code
}

type cliCase struct {
	ID        string            `json:"id"`
	Name      string            `json:"name"`
	Rules     []json.RawMessage `json:"rules"`
	Args      []string          `json:"cli_args"`
	InputText string            `json:"input_text"`
	Expected  []json.RawMessage `json:"expected"`
}

// TestReferenceCLICases runs the reference CLI's test cases (TT-070..074):
// JSON array input, ldjson, search responses, streaming with comments. The
// files the arguments name are written to a temporary directory.
func TestReferenceCLICases(t *testing.T) {
	cases, err := ndjson.Read[cliCase]("testdata/cli-cases.ndjson", nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		t.Run(c.ID, func(t *testing.T) { runCLICase(t, c) })
	}
}

func runCLICase(t *testing.T, c cliCase) {
	dir := t.TempDir()
	var args []string
	for i := 0; i < len(c.Args); i++ {
		a := c.Args[i]
		switch a {
		case "-f":
			i++ // -f ldjson: streaming is always on in sluice
			continue
		case "-r", "-d":
			i++
			path := filepath.Join(dir, filepath.Base(c.Args[i]))
			content := c.InputText
			if a == "-r" {
				var b strings.Builder
				for _, r := range c.Rules {
					b.Write(r)
					b.WriteByte('\n')
				}
				content = b.String()
			}
			if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
				t.Fatal(err)
			}
			args = append(args, a, path)
			continue
		}
		args = append(args, a)
	}
	for _, viaStdin := range []bool{false, true} {
		runArgs := append([]string{"run"}, args...)
		stdin := ""
		if viaStdin {
			runArgs = dropDataFlag(runArgs)
			stdin = c.InputText
		}
		out, errOut, code := rulec(t, stdin, runArgs...)
		if code != 0 {
			t.Fatalf("exit %d: %s", code, errOut)
		}
		assertLines(t, out, c.Expected)
	}
}

func dropDataFlag(args []string) []string {
	var out []string
	for i := 0; i < len(args); i++ {
		if args[i] == "-d" {
			i++
			continue
		}
		out = append(out, args[i])
	}
	return out
}

func assertLines(t *testing.T, out string, want []json.RawMessage) {
	t.Helper()
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if out == "" {
		lines = nil
	}
	if len(lines) != len(want) {
		t.Fatalf("%d output lines, want %d:\n%s", len(lines), len(want), out)
	}
	for i, l := range lines {
		if !sameJSON(l, string(want[i])) {
			t.Errorf("line %d: got %s, want %s", i+1, l, want[i])
		}
	}
}

func writeFile(t *testing.T, dir, name, content string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestRunContract pins the exit codes and streams of rulec run.
func TestRunContract(t *testing.T) {
	dir := t.TempDir()
	rules := writeFile(t, dir, "r.txt", `{"selector":"a:1","source":"b","target":"c"}`+"\n")
	bad := writeFile(t, dir, "bad.txt", "{\"selector\":\"a:(\",\"source\":\"b\",\"target\":\"c\"}\n{\"follow\":\"nope\",\"validation\":\"email\"}\n")

	out, _, code := rulec(t, "{\"a\":1,\"b\":2}\n{\"a\":2,\"b\":3}\n\n# comment\n{\"a\":1,\"b\":4}\n", "run", "-r", rules)
	if code != 0 || out != "{\"c\":2}\n{\"c\":4}\n" {
		t.Errorf("ndjson: exit %d, out %q", code, out)
	}
	out, _, code = rulec(t, `[{"a":1,"b":"x"},{"a":3}]`, "run", "-r", rules, "-")
	if code != 0 || out != "{\"c\":\"x\"}\n" {
		t.Errorf("array: exit %d, out %q", code, out)
	}
	_, errOut, code := rulec(t, "", "run", "-r", bad)
	if code != ExitRules || !strings.Contains(errOut, "bad.txt:1:17: SEL001") || !strings.Contains(errOut, "bad.txt:2:11: RUL006") {
		t.Errorf("rule errors: exit %d, stderr:\n%s", code, errOut)
	}
	if _, _, code = rulec(t, "", "run"); code != ExitUsage {
		t.Errorf("no rules: exit %d", code)
	}
	if _, _, code = rulec(t, "", "run", "-r", rules, filepath.Join(dir, "missing.ndjson")); code != ExitUsage {
		t.Errorf("missing data: exit %d", code)
	}
	if _, _, code = rulec(t, "", "run", "-r", rules, "-t", "a:nonsense"); code != ExitUsage {
		t.Errorf("bad -t: exit %d", code)
	}
}

// TestDeadLetters: malformed lines never stop a run; they go to the
// dead-letter output with their reason and position.
func TestDeadLetters(t *testing.T) {
	dir := t.TempDir()
	rules := writeFile(t, dir, "r.txt", `{"selector":"*","source":"b","target":"c"}`+"\n")
	dead := filepath.Join(dir, "dead.ndjson")
	in := "{\"b\":1}\n{\"b\": oops}\n[1,2]\n{\"b\":2}\n"
	out, _, code := rulec(t, in, "run", "-r", rules, "--dead-letter", dead)
	if code != 0 || out != "{\"c\":1}\n{\"c\":2}\n" {
		t.Fatalf("exit %d, out %q", code, out)
	}
	b, _ := os.ReadFile(dead)
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	if len(lines) != 2 || !strings.Contains(lines[0], `"at":"<stdin>:2"`) || !strings.Contains(lines[0], "IN001") ||
		!strings.Contains(lines[1], `"at":"<stdin>:3"`) || !strings.Contains(lines[1], "IN002") {
		t.Errorf("dead letters:\n%s", b)
	}
}

// TestBigInputOrder: many batches come back in input order.
func TestBigInputOrder(t *testing.T) {
	dir := t.TempDir()
	rules := writeFile(t, dir, "r.txt", `{"selector":"*","source":"n","target":"n"}`+"\n")
	var in, want strings.Builder
	for i := 0; i < 60000; i++ {
		line := `{"n":` + record.FormatNumber(float64(i)) + `,"pad":"` + strings.Repeat("x", 20) + `"}` + "\n"
		in.WriteString(line)
		want.WriteString(`{"n":` + record.FormatNumber(float64(i)) + "}\n")
	}
	out, errOut, code := rulec(t, in.String(), "run", "-r", rules)
	if code != 0 || out != want.String() {
		t.Fatalf("exit %d (%s); output differs (len %d vs %d)", code, errOut, len(out), want.Len())
	}
}

// TestRuleTests runs the bundled rule tests with rulec test.
func TestRuleTests(t *testing.T) {
	files, _ := filepath.Glob("../../examples/tests/*.rtest")
	if len(files) == 0 {
		t.Fatal("no rule tests found")
	}
	out, errOut, code := rulec(t, "", append([]string{"test"}, files...)...)
	if code != 0 || !strings.Contains(out, "0 failed") {
		t.Fatalf("exit %d:\n%s%s", code, out, errOut)
	}
	dir := t.TempDir()
	failing := writeFile(t, dir, "f.rtest", "-- rules --\n{\"source\":\"a\",\"target\":\"b\"}\n-- input --\n{\"a\":1}\n-- output --\n{\"b\":2}\n")
	out, _, code = rulec(t, "", "test", failing)
	if code != ExitRules || !strings.Contains(out, `got:  {"b":1}`) {
		t.Errorf("failing test: exit %d\n%s", code, out)
	}
}

// TestExplainGolden keeps rulec explain output stable (UPDATE=1 rewrites).
func TestExplainGolden(t *testing.T) {
	for _, format := range []string{"text", "dot", "mermaid"} {
		out, errOut, code := rulec(t, "", "explain", "--types-file", "../../examples/weblog-types.json", "--format", format,
			"../../examples/weblog-rules.txt")
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", format, code, errOut)
		}
		goldenfile.Check(t, filepath.Join("testdata", "explain-weblog."+format), out)
	}
}
