package transform_test

import (
	"bufio"
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sluice-dev/sluice/job"
	"github.com/sluice-dev/sluice/lang/diag"
	"github.com/sluice-dev/sluice/record"
)

func writeFiles(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func TestRuleDiagnosticsAreJobDiagnostics(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"rules.txt": "{\"selector\": \"a:1\", \"source\": \"a\", \"target\": \"b\"}\n{\"selector\": \"x:(\", \"source\": \"a\", \"target\": \"c\"}\n",
	})
	doc := `{"workers": -1, "operations": [{"_op": "test-reader"}, {"_op": "transform", "rules": ["` + filepath.Join(dir, "rules.txt") + `"], "plugins": ["my-plugin"], "type_config": {"a": "color"}}]}`
	j, l := job.Validate(diag.NewSource("job.json", []byte(doc)), job.Options{})
	if j != nil {
		t.Fatal("expected errors")
	}
	var got []string
	for _, d := range l.Items {
		got = append(got, d.Error())
	}
	all := strings.Join(got, "\n")
	for _, want := range []string{
		`job.json:1:13: JOB010 job: parameter "workers"`,
		`JOB010 operations[1] (transform): parameter "plugins": JavaScript plugins cannot be loaded by sluice`,
		`JOB010 operations[1] (transform): parameter "type_config": field "a": "color" is not a field type`,
		filepath.Join(dir, "rules.txt") + `:2:`,
		`SEL001`,
	} {
		if !strings.Contains(all, want) {
			t.Errorf("missing %q in:\n%s", want, all)
		}
	}
}

func TestMissingRules(t *testing.T) {
	_, l := job.Validate(diag.NewSource("job.json", []byte(`{"operations": [{"_op": "test-reader"}, {"_op": "transform"}]}`)), job.Options{})
	if len(l.Items) == 0 || !strings.Contains(l.Items[0].Msg, "you must specify rules path to retrive the rules for this op") {
		t.Fatalf("diagnostics: %v", l.Items)
	}
}

// TestWeblogThroughJob runs the benchmark rules over the 2k sample as a
// whole job (test-reader -> transform -> stdout) and compares the output
// with the reference's, record by record.
func TestWeblogThroughJob(t *testing.T) {
	lines, err := os.ReadFile("../../testdata/weblog/weblogs-2k.ndjson")
	if err != nil {
		t.Fatal(err)
	}
	arr := "[" + strings.Join(strings.Split(strings.TrimSpace(string(lines)), "\n"), ",") + "]"
	types, err := os.ReadFile("../../testdata/weblog/weblog-types.json")
	if err != nil {
		t.Fatal(err)
	}
	dir := writeFiles(t, map[string]string{"slices.json": "[" + arr + "]"})
	rules, _ := filepath.Abs("../../testdata/weblog/weblog-rules.txt")
	doc := `{"workers": 1, "operations": [
		{"_op": "test-reader", "passthrough_slice": true, "slicer_data_file_path": "` + filepath.Join(dir, "slices.json") + `"},
		{"_op": "transform", "rules": ["` + rules + `"], "type_config": ` + string(types) + `},
		{"_op": "stdout"}]}`
	j, l := job.Validate(diag.NewSource("job.json", []byte(doc)), job.Options{})
	if j == nil {
		t.Fatalf("invalid: %v", l.Items)
	}
	var out bytes.Buffer
	sum, err := job.Run(context.Background(), j, job.RunOptions{Stdout: &out})
	if err != nil {
		t.Fatal(err)
	}
	wantRaw, _ := os.ReadFile("../../testdata/weblog/out-2k.json")
	wantV, err := record.ParseJSON(wantRaw)
	if err != nil {
		t.Fatal(err)
	}
	want := wantV.([]any)
	sc := bufio.NewScanner(&out)
	sc.Buffer(nil, 1<<20)
	n := 0
	for ; sc.Scan(); n++ {
		got, err := record.ParseJSON(sc.Bytes())
		if err != nil {
			t.Fatal(err)
		}
		if n >= len(want) || !record.DeepEqual(got, want[n]) {
			t.Fatalf("record %d differs:\n got %s", n, sc.Text())
		}
	}
	if n != len(want) || sum.RecordsOut != int64(len(want)) {
		t.Errorf("%d records written (summary %d), want %d", n, sum.RecordsOut, len(want))
	}
}

func TestRecordErrorsGoToTheDeadLetterAction(t *testing.T) {
	dir := writeFiles(t, map[string]string{"rules.txt": `{"source": "s", "target": "t", "regex": "^(?!x)(a+)+$"}` + "\n"})
	dead := filepath.Join(dir, "dead.ndjson")
	op := `{"_op": "transform", "rules": ["` + filepath.Join(dir, "rules.txt") + `"], "_dead_letter_action": "dead_letter_file"}`
	h, err := job.ProcessorHarness(op, `[{"_name": "dead_letter_file", "path": "`+dead+`"}]`, job.HarnessOptions{})
	if err != nil {
		t.Fatal(err)
	}
	bad := record.New(record.FromMap(map[string]any{"s": strings.Repeat("a", 40) + "b"}))
	good := record.New(record.FromMap(map[string]any{"s": "aa"}))
	out, err := h.RunSlice([]*record.Record{bad, good})
	h.Close()
	if err != nil {
		t.Fatal(err)
	}
	if len(out) != 1 || record.JSON(out[0].Data) != `{"t":"aa"}` {
		t.Fatalf("output: %v", out)
	}
	lines, _ := os.ReadFile(dead)
	want := `{"op":"transform","index":1,"code":"RUN001","message":"` + filepath.Join(dir, "rules.txt") + `:1: regular expression match timed out","record":{"s":"` + strings.Repeat("a", 40) + `b"}}` + "\n"
	if string(lines) != want {
		t.Errorf("dead letters:\n got %s\nwant %s", lines, want)
	}
	if st := h.Stats(); st[1].DeadLettered != 1 {
		t.Errorf("stats: %+v", st)
	}
}

func TestRecordErrorThrowsByDefault(t *testing.T) {
	dir := writeFiles(t, map[string]string{"rules.txt": `{"source": "s", "target": "t", "regex": "^(?!x)(a+)+$"}` + "\n"})
	h, err := job.ProcessorHarness(`{"_op": "transform", "rules": ["`+filepath.Join(dir, "rules.txt")+`"]}`, "", job.HarnessOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	_, err = h.RunSlice([]*record.Record{record.New(record.FromMap(map[string]any{"s": strings.Repeat("a", 40) + "b"}))})
	if err == nil || !strings.Contains(err.Error(), "regular expression match timed out") {
		t.Fatalf("err = %v", err)
	}
}
