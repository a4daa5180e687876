package routed_test

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sluice-dev/sluice/internal/routetest"
)

// TestFilesHoldEveryRecordOnceAcrossRetries runs whole jobs into
// file_sender_api: two workers, slices whose odd ones fail after
// routed_sender on their first attempt and are retried. Every record ends
// up exactly once in the file of its route (the reference writes the
// retried slice again: spec 10).
func TestFilesHoldEveryRecordOnceAcrossRetries(t *testing.T) {
	for _, perSlice := range []bool{false, true} {
		t.Run(fmt.Sprint("file_per_slice=", perSlice), func(t *testing.T) {
			dir := t.TempDir()
			slices, want := routetest.WriteSlices(t, dir, 12, 40)
			doc := fmt.Sprintf(`{"name": "files", "workers": 2, "max_retries": 2,
				"apis": [{"_name": "file_sender_api", "path": %q, "format": "ldjson", "file_per_slice": %v}],
				"operations": [
					{"_op": "test-reader", "passthrough_slice": true, "slicer_data_file_path": %q},
					{"_op": "route_from_field"},
					{"_op": "routed_sender", "_api_name": "file_sender_api", "routing": {"**": "default"}, "size": 7},
					{"_op": "fail_first_attempt"}]}`, filepath.Join(dir, "out"), perSlice, slices)
			sum := routetest.RunJob(t, doc, nil)
			if sum.Retries == 0 || sum.SlicesFailed != 0 {
				t.Fatalf("retries %d, failed %d: the scenario must retry and succeed", sum.Retries, sum.SlicesFailed)
			}
			got := readRouteFiles(t, filepath.Join(dir, "out"))
			if fmt.Sprint(got) != fmt.Sprint(want) {
				t.Errorf("files hold\n%v\nwant\n%v", got, want)
			}
		})
	}
}

// readRouteFiles counts the ids in the visible files of each route
// directory; a hidden (temporary) file left behind is an error.
func readRouteFiles(t *testing.T, out string) map[string]map[int]int {
	got := map[string]map[int]int{}
	err := filepath.Walk(out, func(p string, info os.FileInfo, err error) error {
		if err != nil || info.IsDir() {
			return err
		}
		if strings.HasPrefix(info.Name(), ".") {
			t.Errorf("temporary file left: %s", p)
			return nil
		}
		route := filepath.Base(filepath.Dir(p))
		if got[route] == nil {
			got[route] = map[int]int{}
		}
		return countIDs(p, got[route])
	})
	if err != nil {
		t.Fatal(err)
	}
	return got
}

func countIDs(p string, into map[int]int) error {
	f, err := os.Open(p)
	if err != nil {
		return err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		var r struct{ ID int }
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			return fmt.Errorf("%s: %w", p, err)
		}
		into[r.ID]++
	}
	return sc.Err()
}
