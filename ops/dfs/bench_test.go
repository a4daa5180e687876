package dfs

import (
	"context"
	"fmt"
	"os"
	"path"
	"strconv"
	"syscall"
	"testing"

	"github.com/sluice-dev/sluice/fsys"
	"github.com/sluice-dev/sluice/internal/hdfstest"
	"github.com/sluice-dev/sluice/job"
	"github.com/sluice-dev/sluice/ops/fileout"
	"github.com/sluice-dev/sluice/record"
)

var benchFormats = []string{"ldjson", "json", "csv", "tsv", "raw"}

// benchRecords are n records of about 150 bytes in a format.
func benchRecords(format string, n, from int) []*record.Record {
	out := make([]*record.Record, n)
	for i := range out {
		o := record.NewObject(5)
		id := from + i
		if format == "raw" {
			o.Set("data", fmt.Sprintf("%09d 203.0.113.%d GET /index.html?q=%d HTTP/1.1 200 Mozilla/5.0 (X11; Linux x86_64) é∑", id, id%250, id*7))
		} else {
			o.Set("id", strconv.Itoa(id))
			o.Set("ip", fmt.Sprintf("203.0.113.%d", id%250))
			o.Set("url", fmt.Sprintf("https://example.com/a/b/c?q=%d", id*7))
			o.Set("agent", "Mozilla/5.0 (X11; Linux x86_64) é∑")
			o.Set("created", "2026-11-23T10:00:00.000Z")
		}
		out[i] = record.New(o)
	}
	return out
}

// benchFile writes a file of about size bytes in a format with the
// exporter's formatter and returns its size.
func benchFile(b *testing.B, f fsys.FS, name, format string, size int) int64 {
	fm, err := fileout.NewFormatter(fileout.FormatOptions{Format: fileout.Format(format), LineDelimiter: "\n",
		Fields: []string{"id", "ip", "url", "agent", "created"}})
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	fsys.MkdirAll(ctx, f, path.Dir(name))
	w, err := f.Create(ctx, name)
	if err != nil {
		b.Fatal(err)
	}
	written := 0
	for n := 0; written < size; n += 5000 {
		recs := benchRecords(format, 5000, n)
		if format == "json" { // one array: the whole file
			recs = benchRecords(format, size/150, 0)
		}
		data, _ := fm.Format(recs, false)
		w.Write([]byte(data))
		written += len(data)
		if format == "json" {
			break
		}
	}
	if err := w.Commit(); err != nil {
		b.Fatal(err)
	}
	return int64(written)
}

// BenchmarkRead measures reading files through dfs_reader (slicing
// excluded): MB/s of file read into records, 10 MB slices, per backend and
// format.
func BenchmarkRead(b *testing.B) {
	for _, be := range []string{"local", "hdfs"} {
		for _, format := range benchFormats {
			b.Run(be+"/"+format, func(b *testing.B) { benchRead(b, be, format) })
		}
	}
}

func benchRead(b *testing.B, be, format string) {
	env := benchEnv(b, be)
	name := env.dir + "/in/data." + format
	total := benchFile(b, env.fs, name, format, 32<<20)
	op := fmt.Sprintf(`{"_op": "dfs_reader", "path": %q, "format": %q, "fields": ["id", "ip", "url", "agent", "created"]}`, env.dir+"/in/", format)
	doc := readerJob(op)
	j := validate(b, doc, env.conns)
	reqs := slicesOf(b, j)
	h, err := job.NewHarness(doc, job.HarnessOptions{Options: job.Options{Conns: env.conns}})
	if err != nil {
		b.Fatal(err)
	}
	defer h.Close()
	b.SetBytes(total)
	b.ResetTimer()
	for b.Loop() {
		n := 0
		for _, call := range reqs {
			for _, req := range call {
				recs, err := h.RunRequest(req)
				if err != nil {
					b.Fatal(err)
				}
				n += len(recs)
			}
		}
		if n == 0 {
			b.Fatal("no records")
		}
	}
}

// BenchmarkWrite measures writing slices through dfs_exporter (one file
// per slice): MB/s of formatted output, per backend and format.
func BenchmarkWrite(b *testing.B) {
	for _, be := range []string{"local", "hdfs"} {
		for _, format := range benchFormats {
			b.Run(be+"/"+format, func(b *testing.B) { benchWrite(b, be, format) })
		}
	}
}

func benchWrite(b *testing.B, be, format string) {
	env := benchEnv(b, be)
	out := env.dir + "/out/"
	op := fmt.Sprintf(`{"_op": "dfs_exporter", "path": %q, "format": %q}`, out, format)
	h, err := job.ProcessorHarness(op, "", job.HarnessOptions{Options: job.Options{Conns: env.conns}})
	if err != nil {
		b.Fatal(err)
	}
	defer h.Close()
	recs := benchRecords(format, 20000, 0)
	fm, _ := fileout.NewFormatter(fileout.FormatOptions{Format: fileout.Format(format), LineDelimiter: "\n"})
	data, _ := fm.Format(recs, false)
	b.SetBytes(int64(len(data)))
	b.ResetTimer()
	i := 0
	for b.Loop() {
		if _, err := h.RunSlice(recs); err != nil {
			b.Fatal(err)
		}
		if i++; i%16 == 0 { // keep the disk use down
			b.StopTimer()
			env.clear(b, out)
			b.StartTimer()
		}
	}
}

type benchEnvT struct {
	fs    fsys.FS
	conns *job.Connections
	dir   string
	clear func(b *testing.B, dir string)
}

func benchEnv(b *testing.B, be string) benchEnvT {
	ctx := context.Background()
	if be == "local" {
		return benchEnvT{fs: fsys.Local{}, dir: b.TempDir(), clear: func(b *testing.B, dir string) {
			entries, _ := os.ReadDir(dir)
			for _, e := range entries {
				os.Remove(path.Join(dir, e.Name()))
			}
		}}
	}
	srv := hdfstest.StartTB(b, hdfstest.Options{})
	settings := map[string]any{"namenodes": []any{srv.Addr()}}
	conns := job.DefaultConnections()
	conns.Set(job.ConnHDFS, "default", record.FromMap(settings))
	f, err := fsys.Open(ctx, job.ConnHDFS, settings)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { f.Close() })
	return benchEnvT{fs: f, conns: conns, dir: "/bench", clear: func(b *testing.B, dir string) {
		entries, _ := f.ReadDir(ctx, dir)
		for _, e := range entries {
			f.Remove(ctx, path.Join(dir, e.Name))
		}
	}}
}

// BenchmarkReadLargeFile reads an ldjson file of DFS_BENCH_BYTES bytes
// (default 256 MB; the target is measured with 2e9) through a whole job
// (slicer, two workers, noop) and reports the process's peak RSS.
func BenchmarkReadLargeFile(b *testing.B) {
	size := int64(256e6)
	if s := os.Getenv("DFS_BENCH_BYTES"); s != "" {
		f, _ := strconv.ParseFloat(s, 64)
		size = int64(f)
	}
	dir := b.TempDir()
	total := writeLDJSON(b, dir+"/big.ldjson", size)
	doc := `{"workers": 2, "operations": [{"_op": "dfs_reader", "path": "` + dir + `/", "format": "ldjson"}, {"_op": "noop"}]}`
	j := validate(b, doc, nil)
	b.SetBytes(total)
	b.ResetTimer()
	for b.Loop() {
		sum, err := job.Run(context.Background(), j, job.RunOptions{})
		if err != nil || sum.Operations[0].RecordsOut == 0 {
			b.Fatalf("%v", err)
		}
	}
	b.StopTimer()
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	b.ReportMetric(float64(ru.Maxrss)/1024, "peak-RSS-MB")
}

// writeLDJSON writes an ldjson file of about size bytes with plain file
// writes (a generated file: its records differ from line to line).
func writeLDJSON(b *testing.B, name string, size int64) int64 {
	f, err := os.Create(name)
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	buf := make([]byte, 0, 1<<20)
	var total int64
	for i := 0; total < size; i++ {
		buf = fmt.Appendf(buf, `{"id":%d,"ip":"203.0.113.%d","url":"https://example.com/a?q=%d","agent":"Mozilla/5.0 é∑","ok":true}`+"\n", i, i%250, i*7)
		if len(buf) > 1<<20-200 {
			n, _ := f.Write(buf)
			total += int64(n)
			buf = buf[:0]
		}
	}
	f.Write(buf)
	return total + int64(len(buf))
}
