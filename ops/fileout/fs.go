package fileout

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
)

// FS is the file system a Sender writes to: the few operations it needs.
// Names use "/" separators.
type FS interface {
	// MkdirAll makes a directory and its missing parents.
	MkdirAll(dir string) error
	// Exists reports whether a (committed) file exists.
	Exists(name string) (bool, error)
	// Create starts a new version of the file name. Nothing is visible
	// under name until Commit; a process killed before it leaves at most
	// a hidden temporary file (its base name starts with ".") beside it.
	Create(name string) (File, error)
	// Open reads a committed file.
	Open(name string) (io.ReadCloser, error)
}

// File is a file being written by FS.Create.
type File interface {
	io.Writer
	// Size is the number of bytes written so far.
	Size() int64
	// Truncate drops every byte after the first size (undoes writes).
	Truncate(size int64) error
	// Commit makes the file visible under its final name, replacing any
	// file there, and closes it.
	Commit() error
	// Abort discards the file.
	Abort() error
}

// Canonicaler is implemented by file systems whose names have one
// canonical form (an absolute path), so that two names for one file are
// known to be the same file.
type Canonicaler interface {
	Canonical(name string) string
}

// Local is FS on local directories. With Sync set, Commit flushes the file
// to stable storage before renaming it (a power failure then cannot leave
// an empty file under the final name); without it, a killed process still
// never leaves a partial file under a final name.
type Local struct {
	Sync bool
}

// MkdirAll is os.MkdirAll with mode 0755.
func (Local) MkdirAll(dir string) error { return os.MkdirAll(filepath.FromSlash(dir), 0o755) }

// Exists reports whether name exists.
func (Local) Exists(name string) (bool, error) {
	_, err := os.Stat(filepath.FromSlash(name))
	if errors.Is(err, fs.ErrNotExist) {
		return false, nil
	}
	return err == nil, err
}

// Open opens name for reading.
func (Local) Open(name string) (io.ReadCloser, error) { return os.Open(filepath.FromSlash(name)) }

// Canonical is the absolute form of name.
func (Local) Canonical(name string) string {
	abs, err := filepath.Abs(filepath.FromSlash(name))
	if err != nil {
		return name
	}
	return abs
}

// Create opens a hidden temporary file in name's directory.
func (l Local) Create(name string) (File, error) {
	final := filepath.FromSlash(name)
	tmp := filepath.Join(filepath.Dir(final), "."+filepath.Base(final)+".tmp-"+randomHex(6))
	f, err := os.OpenFile(tmp, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o644)
	if err != nil {
		return nil, err
	}
	return &localFile{f: f, tmp: tmp, final: final, sync: l.Sync}, nil
}

type localFile struct {
	f     *os.File
	tmp   string
	final string
	size  int64
	sync  bool
}

func (l *localFile) Write(p []byte) (int, error) {
	n, err := l.f.Write(p)
	l.size += int64(n)
	return n, err
}

func (l *localFile) Size() int64 { return l.size }

func (l *localFile) Truncate(size int64) error {
	if err := l.f.Truncate(size); err != nil {
		return err
	}
	if _, err := l.f.Seek(size, io.SeekStart); err != nil {
		return err
	}
	l.size = size
	return nil
}

func (l *localFile) Commit() error {
	if l.sync {
		if err := l.f.Sync(); err != nil {
			return errors.Join(err, l.Abort())
		}
	}
	if err := l.f.Close(); err != nil {
		_ = os.Remove(l.tmp)
		return err
	}
	if err := os.Rename(l.tmp, l.final); err != nil {
		_ = os.Remove(l.tmp)
		return err
	}
	return nil
}

func (l *localFile) Abort() error {
	cerr := l.f.Close()
	if err := os.Remove(l.tmp); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	if errors.Is(cerr, os.ErrClosed) {
		return nil
	}
	return cerr
}

func randomHex(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}
