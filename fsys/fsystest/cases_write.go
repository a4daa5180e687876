package fsystest

import (
	"bytes"
	"context"
	"fmt"
	"io/fs"
	"slices"
	"strings"
	"sync"

	"github.com/sluice-dev/sluice/fsys"
)

func writeCases() []testCase {
	return []testCase{
		{"CreateCommit", createCommit},
		{"CommitReplaces", commitReplaces},
		{"Abort", abort},
		{"CommitWithCanceledContext", commitCanceled},
		{"NeverCommitted", neverCommitted},
		{"CreateMissingParent", createMissingParent},
		{"CreateOverDirectory", createOverDirectory},
		{"ConcurrentWriters", concurrentWriters},
	}
}

// hiddenOnly checks that every entry of dir other than the allowed names is
// hidden by the dot prefix the dfs reader skips.
func (e *env) hiddenOnly(dir string, allowed ...string) {
	e.Helper()
	for _, fi := range e.list(dir) {
		if !strings.HasPrefix(fi.Name, ".") && !slices.Contains(allowed, fi.Name) {
			e.Fatalf("visible entry %q in %s, allowed %q", fi.Name, dir, allowed)
		}
	}
}

func createCommit(e *env) {
	name := e.path("out.ldjson")
	data := payload(200_003, 1)
	w, err := e.fs.Create(e.ctx, name)
	if err != nil {
		e.Fatal(err)
	}
	for off := 0; off < len(data); off += 7919 {
		if _, err := w.Write(data[off:min(off+7919, len(data))]); err != nil {
			e.Fatal(err)
		}
	}
	_, err = e.fs.Stat(e.ctx, name)
	e.wantErr(err, name, fs.ErrNotExist)
	e.hiddenOnly(e.dir)
	if err := w.Commit(); err != nil {
		e.Fatal(err)
	}
	if got := e.read(name); !bytes.Equal(got, data) {
		e.Fatalf("read back %d bytes, wrote %d", len(got), len(data))
	}
	fi, err := e.fs.Stat(e.ctx, name)
	if err != nil || fi.Kind != fsys.KindFile || fi.Size != int64(len(data)) || fi.Name != "out.ldjson" {
		e.Fatalf("stat after commit: %+v, %v", fi, err)
	}
	if got := names(e.list(e.dir)); len(got) != 1 || got[0] != "out.ldjson" {
		e.Fatalf("directory after commit holds %q, want only out.ldjson", got)
	}
}

func commitReplaces(e *env) {
	name := e.path("f")
	e.write(name, []byte("old contents"))
	w, err := e.fs.Create(e.ctx, name)
	if err != nil {
		e.Fatal(err)
	}
	w.Write([]byte("new"))
	if got := string(e.read(name)); got != "old contents" {
		e.Fatalf("before commit the file holds %q, want the old contents", got)
	}
	if err := w.Commit(); err != nil {
		e.Fatal(err)
	}
	if got := string(e.read(name)); got != "new" {
		e.Fatalf("after commit the file holds %q, want %q", got, "new")
	}
}

func abort(e *env) {
	name := e.path("f")
	w, err := e.fs.Create(e.ctx, name)
	if err != nil {
		e.Fatal(err)
	}
	w.Write(payload(70_000, 2))
	if err := w.Abort(); err != nil {
		e.Fatal(err)
	}
	if got := e.list(e.dir); len(got) != 0 {
		e.Fatalf("aborted writer left %q", names(got))
	}
	_, err = w.Write([]byte("x"))
	e.wantErr(err, name, fsys.ErrClosed)
	e.wantErr(w.Commit(), name, fsys.ErrClosed)
	e.wantErr(w.Abort(), name, fsys.ErrClosed)
}

// neverCommitted stands for a process killed while writing: the writer is
// left as it is, and no file may appear under the final name.
func neverCommitted(e *env) {
	name := e.path("part.csv")
	w, err := e.fs.Create(e.ctx, name)
	if err != nil {
		e.Fatal(err)
	}
	defer w.Abort()
	w.Write(payload(150_000, 3))
	_, err = e.fs.Stat(e.ctx, name)
	e.wantErr(err, name, fs.ErrNotExist)
	e.hiddenOnly(e.dir)
}

func createMissingParent(e *env) {
	name := e.path("missing", "f")
	_, err := e.fs.Create(e.ctx, name)
	e.wantErr(err, name, fs.ErrNotExist)
}

func createOverDirectory(e *env) {
	name := e.path("d")
	e.mkdir(name)
	_, err := e.fs.Create(e.ctx, name)
	e.wantErr(err, name, fsys.ErrIsDir)
}

func concurrentWriters(e *env) {
	const n = 6
	var wg sync.WaitGroup
	errs := make([]error, n)
	for i := range n {
		wg.Go(func() {
			errs[i] = fsys.WriteFile(e.ctx, e.fs, e.path(fmt.Sprint("w", i)), payload(90_000+i, uint64(10+i)))
		})
	}
	wg.Wait()
	for i := range n {
		if errs[i] != nil {
			e.Fatal(errs[i])
		}
		if got := e.read(e.path(fmt.Sprint("w", i))); !bytes.Equal(got, payload(90_000+i, uint64(10+i))) {
			e.Fatalf("writer %d: read back %d bytes", i, len(got))
		}
	}
}

// commitCanceled: a writer whose context ends before Commit publishes
// nothing and cleans up after itself.
func commitCanceled(e *env) {
	name := e.path("f")
	ctx, cancel := context.WithCancel(e.ctx)
	w, err := e.fs.Create(ctx, name)
	if err != nil {
		e.Fatal(err)
	}
	w.Write([]byte("data"))
	cancel()
	e.wantErr(w.Commit(), name, context.Canceled)
	if got := e.list(e.dir); len(got) != 0 {
		e.Fatalf("a canceled commit left %q", names(got))
	}
	e.wantErr(w.Abort(), name, fsys.ErrClosed)
}
