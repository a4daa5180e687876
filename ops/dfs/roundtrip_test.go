package dfs

import (
	"context"
	"fmt"
	"math/rand/v2"
	"path"
	"slices"
	"strings"
	"testing"

	"github.com/sluice-dev/sluice/fsys"
	"github.com/sluice-dev/sluice/internal/hdfstest"
	"github.com/sluice-dev/sluice/job"
	"github.com/sluice-dev/sluice/record"
)

// testBackend is a file system the processors run on in tests.
type testBackend struct {
	name  string
	conns *job.Connections // nil: the defaults (local directories)
	conn  string           // the connection the operations name ("": default)
	fs    fsys.FS          // to look at the files
	root  func(t *testing.T) string
}

func localBackend() testBackend {
	return testBackend{name: "local", fs: fsys.Local{}, root: func(t *testing.T) string { return t.TempDir() }}
}

// hdfsBackend starts a test NameNode + DataNode (small blocks, so files
// span several) and names it as the "default" hdfs connection.
func hdfsBackend(t *testing.T) testBackend {
	srv := hdfstest.StartTB(t, hdfstest.Options{BlockSize: 64 << 10})
	settings := map[string]any{"namenodes": []any{srv.Addr()}}
	conns := job.DefaultConnections()
	conns.Set(job.ConnHDFS, "default", record.FromMap(settings))
	f, err := fsys.Open(context.Background(), job.ConnHDFS, settings)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() })
	n := 0
	return testBackend{name: "hdfs", conns: conns, fs: f, root: func(t *testing.T) string {
		n++
		return fmt.Sprintf("/rt/%d", n)
	}}
}

// connParam is the `connection` parameter of the backend's operations, as
// a JSON member to append to an object ("" for the default).
func (b testBackend) connParam() string {
	if b.conn == "" {
		return ""
	}
	return fmt.Sprintf(`, "connection": %q`, b.conn)
}

// files lists every file under dir on the backend: path -> size.
func (b testBackend) files(t *testing.T, dir string) map[string]int64 {
	out := map[string]int64{}
	entries, err := b.fs.ReadDir(context.Background(), dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		p := path.Join(dir, e.Name)
		if e.IsDir() {
			for k, v := range b.files(t, p) {
				out[k] = v
			}
			continue
		}
		out[p] = e.Size
	}
	return out
}

// roundTripRecords are records every format can carry back: strings
// without line breaks or surrounding spaces for csv, tsv and raw; any
// JSON for json and ldjson.
func roundTripRecords(rng *rand.Rand, format string, n, from int) []*record.Record {
	text := func() string {
		alphabet := []string{"a", "Z", "é", "∑", "😀", ",", "\"", "'", "|", ";", "x y", "\\", "{}", "[1]"}
		var b strings.Builder
		for range 1 + rng.IntN(12) {
			b.WriteString(alphabet[rng.IntN(len(alphabet))])
		}
		return "<" + b.String() + ">"
	}
	out := make([]*record.Record, n)
	for i := range out {
		o := record.NewObject(4)
		id := from + i
		switch format {
		case "raw":
			o.Set("data", fmt.Sprintf("%d %s", id, text()))
		case "csv", "tsv":
			o.Set("id", fmt.Sprint(id))
			o.Set("name", text()+"\t"+text())
			o.Set("note", text())
		default:
			o.Set("id", float64(id))
			o.Set("name", text()+"\n"+text())
			o.Set("nested", record.FromMap(map[string]any{"n": rng.Float64(), "ok": rng.IntN(2) == 0, "none": nil, "list": []any{1.0, "two"}}))
		}
		out[i] = record.New(o)
	}
	return out
}

type roundTrip struct {
	format, compression string
	perSlice            bool
}

func (rt roundTrip) String() string {
	return fmt.Sprintf("%s-%s-perslice=%v", rt.format, rt.compression, rt.perSlice)
}

func roundTrips() []roundTrip {
	var out []roundTrip
	for _, f := range []string{"ldjson", "json", "raw", "csv", "tsv"} {
		for _, c := range []string{"none", "gzip", "lz4"} {
			out = append(out, roundTrip{f, c, true})
			if f != "json" && c == "none" {
				out = append(out, roundTrip{f, c, false})
			}
		}
	}
	return out
}

// TestRoundTrips exports slices in every format and compression on every
// backend, reads the files back in small slices and finds every record
// exactly once.
func TestRoundTrips(t *testing.T) {
	for _, b := range []testBackend{localBackend(), hdfsBackend(t)} {
		t.Run(b.name, func(t *testing.T) {
			for _, rt := range roundTrips() {
				t.Run(rt.String(), func(t *testing.T) { runRoundTrip(t, b, rt) })
			}
		})
	}
}

func runRoundTrip(t *testing.T, b testBackend, rt roundTrip) {
	rng := rand.New(rand.NewPCG(uint64(len(rt.String())), 7))
	dir := b.root(t) + "/out"
	exporter := fmt.Sprintf(`{"_op": "dfs_exporter", "path": %q, "format": %q, "compression": %q, "file_per_slice": %v, "include_header": true%s}`,
		dir+"/part-", rt.format, rt.compression, rt.perSlice, b.connParam())
	h, err := job.ProcessorHarness(exporter, "", job.HarnessOptions{Options: job.Options{Conns: b.conns}})
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	for s := range 4 {
		recs := roundTripRecords(rng, rt.format, 25, s*25)
		for _, r := range recs {
			want = append(want, record.JSON(r.Data))
		}
		if _, err := h.RunSlice(recs); err != nil {
			t.Fatal(err)
		}
	}
	h.Close()
	checkFileNames(t, b.files(t, dir), rt)
	reader := fmt.Sprintf(`{"_op": "dfs_reader", "path": %q, "format": %q, "compression": %q, "file_per_slice": %v, "size": 64, "fields": ["id", "name", "note"]%s}`,
		dir+"/", rt.format, rt.compression, rt.compression != "none", b.connParam())
	got := jsonLines(readAll(t, readerJob(reader), b.conns))
	slices.Sort(want)
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("read back %d records, wrote %d\nfirst difference: %s", len(got), len(want), firstDiff(got, want))
	}
}

// checkFileNames: the files are complete under their final names — one
// per slice or one per worker — and no temporary file is left.
func checkFileNames(t *testing.T, files map[string]int64, rt roundTrip) {
	want := 4
	if !rt.perSlice {
		want = 1
	}
	if len(files) != want {
		t.Fatalf("files %v", keys(files))
	}
	for name := range files {
		if base := path.Base(name); strings.HasPrefix(base, ".") || !strings.HasPrefix(base, "part-"+harnessWorker) {
			t.Errorf("file %s", name)
		}
	}
}

func jsonLines(recs []*record.Record) []string {
	out := make([]string, len(recs))
	for i, r := range recs {
		out[i] = record.JSON(r.Data)
	}
	slices.Sort(out)
	return out
}

func firstDiff(got, want []string) string {
	for i := range min(len(got), len(want)) {
		if got[i] != want[i] {
			return fmt.Sprintf("got %s, want %s", got[i], want[i])
		}
	}
	return "(one is a prefix of the other)"
}
