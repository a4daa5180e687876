package objstore_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sluice-dev/sluice/fsys"
	"github.com/sluice-dev/sluice/job"
	"github.com/sluice-dev/sluice/record"
)

// TestRecordsTheFormatCannotHoldGoToTheDeadLetterAction: raw writes the
// `data` field (missing: an empty line, as the reference), so a record
// whose data is an object goes to the api's dead-letter action while the
// others make the object; a route that would leave the path goes to
// routed_sender's (both write one file here).
func TestRecordsTheFormatCannotHoldGoToTheDeadLetterAction(t *testing.T) {
	s := testStore(t)
	bucket := freshBucket()
	dead := filepath.Join(t.TempDir(), "dead.ndjson")
	h, err := job.ProcessorHarness(`{"_op": "routed_sender", "_api_name": "object_sender_api", "routing": {"**": "default"}, "_dead_letter_action": "dead_letter_file"}`,
		fmt.Sprintf(`[{"_name": "object_sender_api", "path": "%s/raw", "format": "raw", "_dead_letter_action": "dead_letter_file"},
			{"_name": "dead_letter_file", "path": %q}]`, bucket, dead),
		job.HarnessOptions{Options: job.Options{Conns: s.conns}})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	var recs []*record.Record
	for i, data := range []any{"one", map[string]any{"not": "text"}, "three", nil} {
		o := record.FromMap(map[string]any{"i": float64(i)})
		if data != nil {
			o.Set("data", record.FromGo(data))
		}
		r := record.New(o)
		r.SetMeta("standard:route", "a")
		recs = append(recs, r)
	}
	recs = append(recs, routed(record.FromMap(map[string]any{"data": "x"}), "../escape"))
	if _, err := h.RunSlice(recs); err != nil {
		t.Fatal(err)
	}
	got, err := fsys.ReadFile(context.Background(), s.fs, "/"+bucket+"/raw/a/harness-0.0")
	if err != nil || string(got) != "one\nthree\n\n" {
		t.Fatalf("object holds %q (%v), want the three records without an object data", got, err)
	}
	text, err := os.ReadFile(dead)
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(text), "\n"); n != 2 || !strings.Contains(string(text), "../escape") || !strings.Contains(string(text), "RAW_DATA") {
		t.Errorf("dead letters:\n%s\nwant 2: the object data and the route leaving the path", text)
	}
}

func routed(o *record.Object, route string) *record.Record {
	r := record.New(o)
	r.SetMeta("standard:route", route)
	return r
}
