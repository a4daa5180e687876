package dfs

import (
	"context"
	"errors"
	"io"
	"io/fs"
	"path"
	"path/filepath"

	"github.com/sluice-dev/sluice/fsys"
	"github.com/sluice-dev/sluice/ops/fileout"
)

// outFS is the file system a fileout.Sender writes through, over an fsys
// file system: files are fsys writers (a hidden temporary name, renamed on
// Commit).
type outFS struct {
	ctx context.Context
	fs  fsys.FS
	id  string // the backend, in Canonical names
	// hold makes files hold back their latest write so that a failed send
	// can still be cut off (Truncate): fsys writers cannot truncate. The
	// growing file of a worker (without file_per_slice) needs it.
	hold bool
}

var _ fileout.Canonicaler = (*outFS)(nil)

func (o *outFS) MkdirAll(dir string) error { return fsys.MkdirAll(o.ctx, o.fs, dir) }

func (o *outFS) Exists(name string) (bool, error) {
	_, err := o.fs.Stat(o.ctx, name)
	if errors.Is(err, fs.ErrNotExist) {
		return false, nil
	}
	return err == nil, err
}

func (o *outFS) Open(name string) (io.ReadCloser, error) { return o.fs.ReadRange(o.ctx, name, 0, -1) }

// Canonical names a file so that names of different backends never meet.
func (o *outFS) Canonical(name string) string {
	if o.fs.Backend() == fsys.LocalKind {
		if abs, err := filepath.Abs(name); err == nil {
			return abs
		}
	}
	return o.id + "|" + path.Clean(name)
}

func (o *outFS) Create(name string) (fileout.File, error) {
	w, err := o.fs.Create(o.ctx, name)
	if err != nil {
		return nil, err
	}
	return &outFile{w: w, hold: o.hold}, nil
}

// outFile is a fileout.File on an fsys writer. With hold, a write is kept
// until the next write, Settle or Commit, and Truncate can drop it; bytes
// written out cannot be truncated. Copies (ReadFrom: the carried-over
// contents of an existing file) stream straight through.
type outFile struct {
	w       fsys.Writer
	hold    bool
	held    []byte
	written int64
}

var (
	_ fileout.Settler = (*outFile)(nil)
	_ io.ReaderFrom   = (*outFile)(nil)
)

func (f *outFile) Write(p []byte) (int, error) {
	if !f.hold {
		n, err := f.w.Write(p)
		f.written += int64(n)
		return n, err
	}
	if err := f.Settle(); err != nil {
		return 0, err
	}
	f.held = append(f.held[:0], p...)
	return len(p), nil
}

// ReadFrom copies r to the file without holding it back.
func (f *outFile) ReadFrom(r io.Reader) (int64, error) {
	if err := f.Settle(); err != nil {
		return 0, err
	}
	n, err := io.Copy(struct{ io.Writer }{f.w}, r)
	f.written += n
	return n, err
}

// Settle writes out the held bytes.
func (f *outFile) Settle() error {
	if len(f.held) == 0 {
		return nil
	}
	n, err := f.w.Write(f.held)
	f.written += int64(n)
	f.held = f.held[:0]
	return err
}

func (f *outFile) Size() int64 { return f.written + int64(len(f.held)) }

// Truncate drops held bytes; bytes written out cannot be dropped.
func (f *outFile) Truncate(size int64) error {
	if size < f.written || size > f.Size() {
		return errors.New("dfs: a file can only be cut back within its latest write")
	}
	f.held = f.held[:size-f.written]
	return nil
}

func (f *outFile) Commit() error {
	if err := f.Settle(); err != nil {
		return errors.Join(err, f.w.Abort())
	}
	return f.w.Commit()
}

func (f *outFile) Abort() error {
	f.held = nil
	err := f.w.Abort()
	if errors.Is(err, fsys.ErrClosed) {
		return nil
	}
	return err
}
