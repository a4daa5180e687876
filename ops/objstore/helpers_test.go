package objstore_test

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/sluice-dev/sluice/fsys"
	"github.com/sluice-dev/sluice/fsys/s3fs"
	"github.com/sluice-dev/sluice/internal/routetest"
	"github.com/sluice-dev/sluice/internal/testservers"
	"github.com/sluice-dev/sluice/job"
	_ "github.com/sluice-dev/sluice/ops/builtin"
	"github.com/sluice-dev/sluice/record"
)

func init() { routetest.Register() }

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
