package objstore_test

import (
	"fmt"
	"path"
	"regexp"
	"testing"

	"github.com/sluice-dev/sluice/internal/routetest"
	"github.com/sluice-dev/sluice/ops/fileout"
	_ "github.com/sluice-dev/sluice/ops/objstore"
	_ "github.com/sluice-dev/sluice/ops/routed"
)

// TestJobsWriteEveryRecordOnce runs whole jobs (two workers, slices whose
// odd ones fail after routed_sender on their first attempt and are
// retried) into object_sender_api in every format and compression: every
// record is found exactly once in the objects of its route, each object
// named <worker>.<n>.<ext>.
func TestJobsWriteEveryRecordOnce(t *testing.T) {
	s := testStore(t)
	bucket := freshBucket()
	for _, format := range fileout.Formats {
		for _, comp := range fileout.Compressions {
			t.Run(format+"-"+comp, func(t *testing.T) {
				slices, want := routetest.WriteSlices(t, t.TempDir(), 10, 30)
				prefix := bucket + "/" + format + "-" + comp
				doc := fmt.Sprintf(`{"name": "objects", "workers": 2, "max_retries": 2,
					"apis": [{"_name": "object_sender_api", "path": %q, "format": %q, "compression": %q, "fields": ["id"]}],
					"operations": [
						{"_op": "test-reader", "passthrough_slice": true, "slicer_data_file_path": %q},
						{"_op": "route_from_field"},
						{"_op": "routed_sender", "_api_name": "object_sender_api", "routing": {"**": "default"}, "size": 12},
						{"_op": "fail_first_attempt"}]}`, prefix, format, comp, slices)
				sum := routetest.RunJob(t, doc, s.conns)
				if sum.Retries == 0 || sum.SlicesFailed != 0 {
					t.Fatalf("retries %d, failed %d: the scenario must retry and succeed", sum.Retries, sum.SlicesFailed)
				}
				got := s.routeIDs(t, "/"+prefix, format, fileout.Compression(comp))
				if fmt.Sprint(got) != fmt.Sprint(want) {
					t.Errorf("objects hold\n%v\nwant\n%v", got, want)
				}
			})
		}
	}
}

var objectName = regexp.MustCompile(`^[^.]+\.[0-9]+(\.(ldjson|json|csv|tsv))?(\.gz|\.lz4)?$`)

// routeIDs counts the ids in the objects of each route prefix.
func (s store) routeIDs(t *testing.T, dir, format string, comp fileout.Compression) map[string]map[int]int {
	got := map[string]map[int]int{}
	for name, body := range s.objects(t, dir) {
		if !objectName.MatchString(path.Base(name)) {
			t.Errorf("object %s is not named <worker>.<n>.<ext>", name)
		}
		text, err := comp.Decompress(body)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		route := path.Base(path.Dir(name))
		if got[route] == nil {
			got[route] = map[int]int{}
		}
		for _, id := range ids(t, format, text) {
			got[route][id]++
		}
	}
	return got
}
