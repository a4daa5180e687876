package fsystest

import (
	"bytes"
	"errors"
	"io/fs"

	"github.com/sluice-dev/sluice/fsys"
)

func capabilityCases() []testCase {
	return []testCase{
		{"MkdirAll", mkdirAll},
		{"Rename", rename},
		{"Append", appendCase},
		{"Symlinks", symlinks},
		{"WithinSymlinks", withinSymlinks},
	}
}

func mkdirAll(e *env) {
	if _, ok := e.fs.(fsys.DirMaker); !ok {
		e.Skip("no real directories")
	}
	deep := e.path("a", "b", "c")
	e.mkdir(deep)
	e.mkdir(deep) // again: not an error
	if fi, err := e.fs.Stat(e.ctx, deep); err != nil || fi.Kind != fsys.KindDir {
		e.Fatalf("stat %s: %+v, %v", deep, fi, err)
	}
	file := e.path("f")
	e.write(file, []byte("x"))
	e.wantErr(fsys.MkdirAll(e.ctx, e.fs, file), file, nil)
}

func rename(e *env) {
	if _, ok := e.fs.(fsys.Renamer); !ok {
		err := fsys.Rename(e.ctx, e.fs, e.path("a"), e.path("b"))
		e.wantErr(err, e.path("a"), errors.ErrUnsupported)
		return
	}
	a, b, c := e.path("a"), e.path("b"), e.path("c")
	e.write(a, []byte("A"))
	e.write(c, []byte("C"))
	if err := fsys.Rename(e.ctx, e.fs, a, b); err != nil {
		e.Fatal(err)
	}
	_, err := e.fs.Stat(e.ctx, a)
	e.wantErr(err, a, fs.ErrNotExist)
	if err := fsys.Rename(e.ctx, e.fs, b, c); err != nil {
		e.Fatalf("rename over an existing file: %v", err)
	}
	if got := string(e.read(c)); got != "A" {
		e.Fatalf("renamed file holds %q, want %q", got, "A")
	}
	e.wantErr(fsys.Rename(e.ctx, e.fs, a, b), a, fs.ErrNotExist)
	e.wantErr(fsys.Rename(e.ctx, e.fs, c, e.path("nodir", "x")), c, fs.ErrNotExist)
}

func appendCase(e *env) {
	name := e.path("log")
	if _, ok := e.fs.(fsys.Appender); !ok {
		_, err := fsys.Append(e.ctx, e.fs, name)
		e.wantErr(err, name, errors.ErrUnsupported)
		return
	}
	var want []byte
	sizes := []int{5, 1000, 3*max(e.h.BlockSize, 4096) + 7, 1}
	for i, n := range sizes {
		chunk := payload(n, uint64(20+i))
		w, err := fsys.Append(e.ctx, e.fs, name)
		if err != nil {
			e.Fatal(err)
		}
		if _, err := w.Write(chunk); err != nil {
			e.Fatal(err)
		}
		if err := w.Close(); err != nil {
			e.Fatal(err)
		}
		want = append(want, chunk...)
		if got := e.read(name); !bytes.Equal(got, want) {
			e.Fatalf("after append %d: %d bytes, want %d", i, len(got), len(want))
		}
	}
}

// symlinkLayout builds in/ with a file, links to it and to a directory
// inside in/, a link to a file outside in/ and a dangling link.
func (e *env) symlinkLayout() {
	if e.h.Symlink == nil {
		e.Skip("no symbolic links")
	}
	e.mkdir(e.path("in", "sub"))
	e.mkdir(e.path("out"))
	e.write(e.path("in", "f"), []byte("inside"))
	e.write(e.path("out", "secret"), []byte("outside"))
	e.h.Symlink(e.T, e.path("in", "f"), e.path("in", "link-file"))
	e.h.Symlink(e.T, e.path("in", "sub"), e.path("in", "link-dir"))
	e.h.Symlink(e.T, e.path("out", "secret"), e.path("in", "link-out"))
	e.h.Symlink(e.T, e.path("in", "gone"), e.path("in", "link-dangling"))
}

func symlinks(e *env) {
	e.symlinkLayout()
	link := e.path("in", "link-file")
	if fi, err := e.fs.Lstat(e.ctx, link); err != nil || fi.Kind != fsys.KindSymlink {
		e.Fatalf("lstat %s: %+v, %v", link, fi, err)
	}
	if fi, err := e.fs.Stat(e.ctx, link); err != nil || fi.Kind != fsys.KindFile || fi.Size != 6 {
		e.Fatalf("stat %s: %+v, %v", link, fi, err)
	}
	kinds := map[string]fsys.Kind{}
	for _, fi := range e.list(e.path("in")) {
		kinds[fi.Name] = fi.Kind
	}
	for _, n := range []string{"link-file", "link-dir", "link-out", "link-dangling"} {
		if kinds[n] != fsys.KindSymlink {
			e.Fatalf("readdir reports %s as %v, want symlink", n, kinds[n])
		}
	}
	dangling := e.path("in", "link-dangling")
	_, err := e.fs.Stat(e.ctx, dangling)
	e.wantErr(err, dangling, fs.ErrNotExist)
}

func withinSymlinks(e *env) {
	e.symlinkLayout()
	root := e.path("in")
	for n, want := range map[string]bool{"link-file": true, "link-dir": true, "link-out": false} {
		got, err := fsys.Within(e.ctx, e.fs, root, e.path("in", n))
		if err != nil || got != want {
			e.Fatalf("Within(%s, %s) = %v, %v; want %v", root, n, got, err, want)
		}
	}
	_, err := fsys.Within(e.ctx, e.fs, root, e.path("in", "link-dangling"))
	e.wantErr(err, e.path("in", "link-dangling"), fs.ErrNotExist)
}
