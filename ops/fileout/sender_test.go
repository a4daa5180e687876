package fileout

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"

	"github.com/sluice-dev/sluice/job"
	"github.com/sluice-dev/sluice/record"
)

func routed(t *testing.T, routes ...string) []*record.Record {
	var out []*record.Record
	for i, r := range routes {
		o := record.NewObject(2)
		o.Set("i", float64(i))
		rec := record.New(o)
		if r != "-" {
			rec.SetMeta("standard:route", r)
		}
		out = append(out, rec)
	}
	return out
}

func newSender(t *testing.T, opt SenderOptions) *Sender {
	t.Helper()
	if opt.ID == "" {
		opt.ID = "w"
	}
	if opt.Format.Format == "" {
		opt.Format = FormatOptions{Format: LDJSON, LineDelimiter: "\n"}
	}
	s, err := NewSender(opt)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestDynamicRoutingWritesADirectoryPerRoute(t *testing.T) {
	dir := t.TempDir()
	s := newSender(t, SenderOptions{Path: dir, DynamicRouting: true, FilePerSlice: true})
	if n := send(t, s, routed(t, "a", "b", "-", "a", "x/y", "")); n != 6 {
		t.Fatalf("sent %d", n)
	}
	want := map[string]string{
		"a/w.0.ldjson":   "{\"i\":0}\n{\"i\":3}\n",
		"b/w.0.ldjson":   "{\"i\":1}\n",
		"w.0.ldjson":     "{\"i\":2}\n{\"i\":5}\n",
		"x/y/w.0.ldjson": "{\"i\":4}\n",
	}
	if got := tree(t, dir); !reflect.DeepEqual(got, want) {
		t.Errorf("got %v", got)
	}
}

func TestRoutesThatLeaveThePathAreRejected(t *testing.T) {
	dir := t.TempDir()
	var rejected []string
	reject := func(r *record.Record, err error) error {
		route, _ := r.GetMeta("standard:route")
		rejected = append(rejected, route.(string)+": "+err.Error())
		return nil
	}
	s := newSender(t, SenderOptions{Path: filepath.Join(dir, "out"), DynamicRouting: true, Reject: reject})
	if n := send(t, s, routed(t, "../escape", "..", ".", "ok", "a/../..", "/abs")); n != 2 {
		t.Fatalf("sent %d, want 2", n)
	}
	if len(rejected) != 4 || !strings.Contains(rejected[0], `the route "../escape" does not name a directory inside`) {
		t.Errorf("rejected %q", rejected)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	got := tree(t, dir)
	want := map[string]string{"out/ok/w.ldjson": "{\"i\":3}\n", "out/abs/w.ldjson": "{\"i\":5}\n"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("files %v", got)
	}
}

func TestRejectErrorFailsTheWholeSend(t *testing.T) {
	dir := t.TempDir()
	throw := func(r *record.Record, err error) error { return &job.RejectedError{Where: "api", Record: r, Err: err} }
	s := newSender(t, SenderOptions{Path: dir, DynamicRouting: true, FilePerSlice: true, Reject: throw,
		Format: FormatOptions{Format: Raw, LineDelimiter: "\n"}})
	recs := recordsOf(t, parse(t, json.RawMessage(`[{"data":"fine"},{"data":{"not":"raw"}}]`)))
	if _, err := s.Send(context.Background(), recs); err == nil {
		t.Fatal("want an error")
	}
	if files := tree(t, dir); len(files) != 0 {
		t.Errorf("a failed send left %v", files)
	}
}

// failingFS fails Create for names under one directory, or every Write
// after a number of bytes.
type failingFS struct {
	Local
	failDir string
}

var errInjected = errors.New("injected failure")

func (f failingFS) Create(name string) (File, error) {
	if f.failDir != "" && strings.Contains(name, "/"+f.failDir+"/") {
		return nil, errInjected
	}
	return f.Local.Create(name)
}

func TestAFailedSendLeavesNothing(t *testing.T) {
	for _, perSlice := range []bool{true, false} {
		dir := t.TempDir()
		fs := &switchFS{}
		s := newSender(t, SenderOptions{Path: dir, DynamicRouting: true, FilePerSlice: perSlice, FS: fs, Concurrency: 1})
		send(t, s, routed(t, "a", "b"))
		fs.set(failingFS{failDir: "c"})
		if _, err := s.Send(context.Background(), routed(t, "a", "b", "c")); !errors.Is(err, errInjected) {
			t.Fatalf("error %v", err)
		}
		fs.set(nil)
		send(t, s, routed(t, "a"))
		if err := s.Close(); err != nil {
			t.Fatal(err)
		}
		got := tree(t, dir)
		want := map[string]string{"a/w.0.ldjson": "{\"i\":0}\n", "b/w.0.ldjson": "{\"i\":1}\n", "a/w.2.ldjson": "{\"i\":0}\n"}
		if !perSlice {
			want = map[string]string{"a/w.ldjson": "{\"i\":0}\n{\"i\":0}\n", "b/w.ldjson": "{\"i\":1}\n"}
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("file_per_slice %v: got %v, want %v", perSlice, got, want)
		}
	}
}

// switchFS delegates to another FS that a test can swap.
type switchFS struct {
	mu sync.Mutex
	fs FS
}

func (s *switchFS) set(fs FS) {
	s.mu.Lock()
	s.fs = fs
	s.mu.Unlock()
}

func (s *switchFS) cur() FS {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.fs == nil {
		return Local{}
	}
	return s.fs
}

func (s *switchFS) MkdirAll(dir string) error               { return s.cur().MkdirAll(dir) }
func (s *switchFS) Exists(name string) (bool, error)        { return s.cur().Exists(name) }
func (s *switchFS) Create(name string) (File, error)        { return s.cur().Create(name) }
func (s *switchFS) Open(name string) (io.ReadCloser, error) { return s.cur().Open(name) }

func TestAppendFilesAppearAtClose(t *testing.T) {
	dir := t.TempDir()
	s := newSender(t, SenderOptions{Path: dir, DynamicRouting: true})
	send(t, s, routed(t, "a", "-"))
	send(t, s, routed(t, "a"))
	files := tree(t, dir)
	if len(hiddenFiles(files)) != 2 || len(files) != 2 {
		t.Fatalf("before Close want only 2 hidden files, got %v", keys(files))
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"a/w.ldjson": "{\"i\":0}\n{\"i\":0}\n", "w.ldjson": "{\"i\":1}\n"}
	if got := tree(t, dir); !reflect.DeepEqual(got, want) {
		t.Errorf("got %v", got)
	}
}

func TestAppendCarriesAnExistingFileOverAndWritesHeadersOncePerFile(t *testing.T) {
	dir := t.TempDir()
	csv := FormatOptions{Format: CSV, LineDelimiter: "\n", IncludeHeader: true}
	os.MkdirAll(filepath.Join(dir, "a"), 0o755)
	os.WriteFile(filepath.Join(dir, "a", "w.csv"), []byte("\"i\"\n7\n"), 0o644)
	s := newSender(t, SenderOptions{Path: dir, DynamicRouting: true, Format: csv})
	send(t, s, routed(t, "a"))
	send(t, s, routed(t, "b", "a"))
	send(t, s, routed(t, "b"))
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"a/w.csv": "\"i\"\n7\n0\n1\n", "b/w.csv": "\"i\"\n0\n0\n"}
	if got := tree(t, dir); !reflect.DeepEqual(got, want) {
		t.Errorf("got %v", got)
	}
}

func TestTwoSendersOfOneFileShareIt(t *testing.T) {
	dir := t.TempDir()
	s1 := newSender(t, SenderOptions{Path: dir, DynamicRouting: true})
	s2 := newSender(t, SenderOptions{Path: dir, DynamicRouting: true})
	send(t, s1, routed(t, "a"))
	send(t, s2, routed(t, "-", "a/"))
	if err := s1.Close(); err != nil {
		t.Fatal(err)
	}
	if files := tree(t, dir); len(hiddenFiles(files)) != len(files) {
		t.Fatalf("a file appeared while a sender still holds it: %v", keys(files))
	}
	if err := s2.Close(); err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"a/w.ldjson": "{\"i\":0}\n{\"i\":1}\n", "w.ldjson": "{\"i\":0}\n"}
	if got := tree(t, dir); !reflect.DeepEqual(got, want) {
		t.Errorf("got %v", got)
	}
}

// TestUncommittedFilesLeaveNoFinalFile is the kill-safety rule: a file
// written but never committed (the process died) is not visible under its
// final name, only as a hidden temporary file; Abort removes even that.
func TestUncommittedFilesLeaveNoFinalFile(t *testing.T) {
	dir := t.TempDir()
	final := filepath.Join(dir, "w.0.ldjson")
	f, err := Local{}.Create(final)
	if err != nil {
		t.Fatal(err)
	}
	f.Write([]byte(`{"partial":`))
	if _, err := os.Stat(final); !os.IsNotExist(err) {
		t.Fatalf("final name exists before commit: %v", err)
	}
	if hidden := hiddenFiles(tree(t, dir)); len(hidden) != 1 || !strings.HasPrefix(hidden[0], ".w.0.ldjson.tmp-") {
		t.Fatalf("hidden files %v", hidden)
	}
	if err := f.Abort(); err != nil {
		t.Fatal(err)
	}
	if files := tree(t, dir); len(files) != 0 {
		t.Errorf("after Abort: %v", files)
	}
}

func TestCompressedFilesDecompressToTheFormat(t *testing.T) {
	recs := recordsOf(t, parse(t, json.RawMessage(`[{"a":"x"},{"a":"y","b":[1,2]}]`)))
	f, _ := NewFormatter(FormatOptions{Format: LDJSON, LineDelimiter: "\n"})
	plain, _ := f.Format(recs, false)
	for _, c := range []Compression{Gzip, LZ4} {
		dir := t.TempDir()
		s := newSender(t, SenderOptions{Path: dir, FilePerSlice: true, Compression: c})
		send(t, s, recs)
		name := "w.0.ldjson" + c.Suffix()
		raw, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		magic := map[Compression][]byte{Gzip: {0x1f, 0x8b}, LZ4: {0x04, 0x22, 0x4d, 0x18}}[c]
		if !bytes.HasPrefix(raw, magic) {
			t.Errorf("%s: no %s magic: % x", name, c, raw[:4])
		}
		got, err := c.Decompress(raw)
		if err != nil || string(got) != plain {
			t.Errorf("%s: %q (%v), want %q", name, got, err, plain)
		}
	}
}

func TestSenderOptionErrors(t *testing.T) {
	for _, c := range []struct {
		opt  SenderOptions
		want string
	}{
		{SenderOptions{ID: "w", Format: FormatOptions{Format: "xml"}}, "Invalid parameter format, it must be provided and be set to any of these: json, ldjson, raw, tsv, csv"},
		{SenderOptions{Format: FormatOptions{Format: LDJSON}}, "Invalid parameter id, it must be set to a unique string value"},
		{SenderOptions{ID: "w", Format: FormatOptions{Format: JSON}}, `Invalid parameter "file_per_slice", it must be set to true if format is set to json`},
		{SenderOptions{ID: "w", Format: FormatOptions{Format: CSV}, Compression: Gzip}, ErrCompressionAppend},
		{SenderOptions{ID: "w", Format: FormatOptions{Format: CSV}, Compression: "zip", FilePerSlice: true}, "Unsupported compression: zip"},
	} {
		if _, err := NewSender(c.opt); err == nil || err.Error() != c.want {
			t.Errorf("%+v: %v, want %q", c.opt, err, c.want)
		}
	}
}

func TestConcurrentSendsNameFilesUniquely(t *testing.T) {
	dir := t.TempDir()
	s := newSender(t, SenderOptions{Path: dir, DynamicRouting: true, FilePerSlice: true})
	var wg sync.WaitGroup
	for i := 0; i < 8; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			send(t, s, routed(t, "a", "b"))
		}()
	}
	wg.Wait()
	if files := tree(t, dir); len(files) != 16 {
		t.Errorf("%d files: %v", len(files), keys(files))
	}
}
