package routed_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sluice-dev/sluice/internal/routetest"
	"github.com/sluice-dev/sluice/job"
	"github.com/sluice-dev/sluice/lang/diag"
)

// One routing mixes sender apis: routes r0 and r1 go through the
// _api_name api, r2 through a second api named by its _name, r3 through
// that api with a connection given after the colon. Every record lands once,
// in the api (directory, format) its route names.
func TestOneRoutingMixesSenderAPIs(t *testing.T) {
	dir := t.TempDir()
	slices, want := routetest.WriteSlices(t, dir, 6, 20)
	a, b := filepath.Join(dir, "a"), filepath.Join(dir, "b")
	doc := fmt.Sprintf(`{"name": "mixed", "workers": 2, "max_retries": 2,
		"apis": [{"_name": "file_sender_api", "path": %q, "format": "ldjson"},
		         {"_name": "file_sender_api:second", "path": %q, "format": "ldjson", "file_per_slice": true}],
		"operations": [
			{"_op": "test-reader", "passthrough_slice": true, "slicer_data_file_path": %q},
			{"_op": "route_from_field"},
			{"_op": "routed_sender", "_api_name": "file_sender_api",
			 "routing": {"r0, r1": "default", "r2": "file_sender_api:second", "r3": "file_sender_api:second:default"}},
			{"_op": "fail_first_attempt"}]}`, a, b, slices)
	sum := routetest.RunJob(t, doc, nil)
	if sum.Retries == 0 || sum.SlicesFailed != 0 {
		t.Fatalf("retries %d, failed %d: the scenario must retry and succeed", sum.Retries, sum.SlicesFailed)
	}
	gotA, gotB := readRouteFiles(t, a), readRouteFiles(t, b)
	if fmt.Sprint(gotA) != fmt.Sprint(map[string]map[int]int{"r0": want["r0"], "r1": want["r1"]}) {
		t.Errorf("the _api_name api holds %v", gotA)
	}
	if fmt.Sprint(gotB) != fmt.Sprint(map[string]map[int]int{"r2": want["r2"], "r3": want["r3"]}) {
		t.Errorf("the second api holds %v", gotB)
	}
}

// A value shaped like API:CONNECTION whose API the job lacks is reported
// at validation with the route; plain connection names stay valid.
func TestRoutingToAMissingAPIIsAValidationError(t *testing.T) {
	doc := `{"name": "x", "apis": [{"_name": "file_sender_api", "path": "out"}], "operations": [
		{"_op": "data_generator", "size": 10},
		{"_op": "routed_sender", "_api_name": "file_sender_api", "routing": {"a": "default", "b": "object_sender_api:archive"}}]}`
	j, l := job.Validate(diag.NewSource("job.json", []byte(doc)), job.Options{})
	if j != nil {
		t.Fatal("the job validated")
	}
	var msgs []string
	for _, d := range l.Items {
		msgs = append(msgs, d.Msg)
	}
	got := strings.Join(msgs, "\n")
	if !strings.Contains(got, `the route "b" names "object_sender_api:archive", but the job has no api named "object_sender_api"`) || strings.Contains(got, `"a"`) {
		t.Errorf("diagnostics:\n%s", got)
	}
}

// Records a sender api dead-letters count in the summary line of the
// routed_sender that sends through it.
func TestAPIDeadLettersCountOnTheSendingOperation(t *testing.T) {
	dir := t.TempDir()
	slices := filepath.Join(dir, "slices.json")
	// format raw writes each record's "data" string; an object has no raw form
	data := `[[{"id": 1, "route": "ok", "data": "one"}, {"id": 2, "route": "ok", "data": {"x": 1}}, {"id": 3, "route": "ok", "data": [3]}]]`
	if err := os.WriteFile(slices, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	doc := fmt.Sprintf(`{"name": "dead", "workers": 1,
		"apis": [{"_name": "file_sender_api", "path": %q, "format": "raw", "_dead_letter_action": "none"}],
		"operations": [
			{"_op": "test-reader", "passthrough_slice": true, "slicer_data_file_path": %q},
			{"_op": "route_from_field"},
			{"_op": "routed_sender", "_api_name": "file_sender_api", "routing": {"**": "default"}}]}`, filepath.Join(dir, "out"), slices)
	j, l := job.Validate(diag.NewSource("job.json", []byte(doc)), job.Options{})
	if j == nil {
		t.Fatal(&job.DiagError{List: l})
	}
	sum, err := job.Run(context.Background(), j, job.RunOptions{})
	if err != nil {
		t.Fatalf("%v: %v", err, sum.Errors)
	}
	if got := sum.Operations[2].DeadLettered; got != 2 {
		t.Errorf("routed_sender dead-lettered %d, want the api's 2 (objects have no raw form)", got)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "out", "ok", "*"))
	if len(files) != 1 {
		t.Fatalf("files %v", files)
	}
	if b, _ := os.ReadFile(files[0]); string(b) != "one\n" {
		t.Errorf("the file holds %q", b)
	}
}
