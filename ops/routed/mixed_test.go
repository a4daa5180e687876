package routed_test

import (
	"fmt"
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
