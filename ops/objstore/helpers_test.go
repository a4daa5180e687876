package objstore_test

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sluice-dev/sluice/fsys"
	"github.com/sluice-dev/sluice/fsys/s3fs"
	"github.com/sluice-dev/sluice/internal/testservers"
	"github.com/sluice-dev/sluice/job"
	"github.com/sluice-dev/sluice/lang/diag"
	_ "github.com/sluice-dev/sluice/ops/builtin"
	"github.com/sluice-dev/sluice/record"
)

func init() {
	// route_from_field copies the record's `route` field to its
	// standard:route metadata, as a router would.
	job.Register(&job.Spec{Name: "route_from_field", Kind: job.KindProcessor, Summary: "test: route by the route field",
		NewProcessor: func(*job.OpContext, *job.Config) (job.Processor, error) { return routeFromField{}, nil }})
	// fail_first_attempt fails the first attempt of every odd slice, after
	// routed_sender has sent it.
	job.Register(&job.Spec{Name: "fail_first_attempt", Kind: job.KindProcessor, Summary: "test: fail first attempts",
		NewProcessor: func(*job.OpContext, *job.Config) (job.Processor, error) { return failFirst{}, nil }})
}

type routeFromField struct{}

func (routeFromField) Process(_ *job.Slice, in []*record.Record) ([]*record.Record, error) {
	for _, r := range in {
		if v, ok := r.Data.Get("route"); ok {
			r.SetMeta("standard:route", v)
		}
	}
	return in, nil
}

type failFirst struct{}

func (failFirst) Process(s *job.Slice, in []*record.Record) ([]*record.Record, error) {
	if s.Attempt == 0 && s.Order%2 == 1 {
		return nil, fmt.Errorf("injected failure after routed_sender")
	}
	return in, nil
}

// store is the test object store: its connections (the s3 connection
// "default" is the test server) and a client to look at what was written.
type store struct {
	conns *job.Connections
	fs    *s3fs.FS
}

func testStore(t testing.TB) store {
	conns := testservers.Connections(t, job.ConnS3)
	cfg, _ := conns.Get(job.ConnS3, "default")
	f, err := fsys.Open(context.Background(), s3fs.Kind, record.ToGo(cfg).(map[string]any))
	if err != nil {
		t.Fatal(err)
	}
	return store{conns: conns, fs: f.(*s3fs.FS)}
}

// freshBucket is a new bucket name, unique per run.
func freshBucket() string {
	var b [6]byte
	rand.Read(b[:])
	return "objstore-test-" + hex.EncodeToString(b[:])
}

// objects reads every object under dir (recursively): key -> contents.
func (s store) objects(t testing.TB, dir string) map[string][]byte {
	out := map[string][]byte{}
	ctx := context.Background()
	infos, err := s.fs.ReadDir(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, fi := range infos {
		name := dir + "/" + fi.Name
		if fi.IsDir() {
			for k, v := range s.objects(t, name) {
				out[k] = v
			}
			continue
		}
		b, err := fsys.ReadFile(ctx, s.fs, name)
		if err != nil {
			t.Fatal(err)
		}
		out[name] = b
	}
	return out
}

// writeSlices writes slices of records {id, route, data} routed r0..r3
// and returns, per route, the ids it must receive (once each).
func writeSlices(t testing.TB, dir string, slices, per int) (string, map[string]map[int]int) {
	want := map[string]map[int]int{}
	var all [][]map[string]any
	id := 0
	for range slices {
		var recs []map[string]any
		for range per {
			route := fmt.Sprintf("r%d", (id*7)%4)
			recs = append(recs, map[string]any{"id": id, "route": route, "data": fmt.Sprint(id)})
			if want[route] == nil {
				want[route] = map[int]int{}
			}
			want[route][id] = 1
			id++
		}
		all = append(all, recs)
	}
	b, _ := json.Marshal(all)
	p := filepath.Join(dir, "slices.json")
	if err := os.WriteFile(p, b, 0o644); err != nil {
		t.Fatal(err)
	}
	return p, want
}

func runJob(t testing.TB, doc string, conns *job.Connections) *job.Summary {
	j, l := job.Validate(diag.NewSource("job.json", []byte(doc)), job.Options{Conns: conns})
	if j == nil {
		t.Fatal(&job.DiagError{List: l})
	}
	sum, err := job.Run(context.Background(), j, job.RunOptions{Backoff: func(time.Duration) time.Duration { return time.Millisecond }})
	if err != nil {
		t.Fatal(err)
	}
	return sum
}

// ids reads the ids out of one object's decompressed text in a format
// whose records hold only the id (fields ["id"]; raw: the data string).
func ids(t testing.TB, format string, text []byte) []int {
	var out []int
	if format == "json" {
		var recs []struct{ ID int }
		if err := json.Unmarshal(text, &recs); err != nil {
			t.Fatalf("json object %q: %v", text, err)
		}
		for _, r := range recs {
			out = append(out, r.ID)
		}
		return out
	}
	for _, line := range strings.Split(strings.TrimSuffix(string(text), "\n"), "\n") {
		var id int
		var err error
		if format == "ldjson" {
			var r struct{ ID int }
			err = json.Unmarshal([]byte(line), &r)
			id = r.ID
		} else {
			_, err = fmt.Sscan(line, &id)
		}
		if err != nil {
			t.Fatalf("%s line %q: %v", format, line, err)
		}
		out = append(out, id)
	}
	return out
}
