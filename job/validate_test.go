package job_test

import (
	"strings"
	"testing"

	"github.com/sluice-dev/sluice/job"
	"github.com/sluice-dev/sluice/lang/diag"
	_ "github.com/sluice-dev/sluice/ops/builtin"
)

func validate(t *testing.T, doc string) (*job.Job, []string) {
	t.Helper()
	j, l := job.Validate(diag.NewSource("job.json", []byte(doc)), job.Options{})
	var out []string
	for _, d := range l.Items {
		out = append(out, d.Error())
	}
	return j, out
}

func TestValidateDefaults(t *testing.T) {
	j, diags := validate(t, `{"operations": [{"_op": "test-reader"}, {"_op": "noop"}]}`)
	if j == nil {
		t.Fatalf("unexpected errors: %v", diags)
	}
	if j.Name != "Custom Job" || j.Lifecycle != "once" || j.Slicers != 1 || j.MaxRetries != 3 || j.Workers != job.DefaultWorkers() {
		t.Errorf("defaults: %+v", j)
	}
	op := j.Operations[1]
	if op.String("_encoding") != "json" || op.String("_dead_letter_action") != "throw" {
		t.Errorf("common op defaults: %s", op.Obj.Keys())
	}
}

func TestValidateReportsEveryProblem(t *testing.T) {
	doc := `{
  "name": "",
  "lifecycle": "sometimes",
  "workers": 0,
  "operations": [
    {"_op": "noop"},
    {"_op": "test-reader"},
    {"_op": "nope"},
    {"_op": "delay", "ms": "soon", "speed": 1},
    {"_op": "noop", "_dead_letter_action": "dlq"}
  ]
}`
	j, diags := validate(t, doc)
	if j != nil {
		t.Fatal("expected errors")
	}
	want := []string{
		`job.json:2:11: JOB010 job: parameter "name": This field is required and must be of type string; given ""`,
		`job.json:3:16: JOB010 job: parameter "lifecycle": must be one of: "once", "persistent"; given "sometimes"`,
		`job.json:4:14: JOB010 job: parameter "workers": must be a positive integer; given 0`,
		`job.json:6:13: JOB013 operations[0] (noop): the first operation must be a reader`,
		`job.json:7:13: JOB013 operations[1] (test-reader): "test-reader" is a reader and can only be the first operation`,
		`job.json:8:13: JOB012 operations[2] (nope): unknown operation "nope"`,
		`job.json:9:28: JOB010 operations[3] (delay): parameter "ms": must be a positive integer or human readable string`,
		`job.json:9:36: JOB011 operations[3] (delay): unknown key "speed" is kept but not used`,
		`job.json:10:44: JOB015 operations[4] (noop): _dead_letter_action names the api "dlq"`,
	}
	if len(diags) != len(want) {
		t.Errorf("got %d diagnostics, want %d:\n%s", len(diags), len(want), strings.Join(diags, "\n"))
	}
	for i, w := range want {
		if i >= len(diags) || !strings.HasPrefix(diags[i], w) {
			got := ""
			if i < len(diags) {
				got = diags[i]
			}
			t.Errorf("diagnostic %d:\n got %s\nwant %s...", i, got, w)
		}
	}
}
