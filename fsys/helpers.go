package fsys

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"io"
	"path"
	"strings"
)

// MkdirAll creates dir and its parents on a backend with real directories
// and does nothing on one without (an object store).
func MkdirAll(ctx context.Context, f FS, dir string) error {
	if d, ok := f.(DirMaker); ok {
		return d.MkdirAll(ctx, dir)
	}
	return nil
}

// Append opens name for appending, or fails with errors.ErrUnsupported on a
// backend that cannot append.
func Append(ctx context.Context, f FS, name string) (io.WriteCloser, error) {
	if a, ok := f.(Appender); ok {
		return a.Append(ctx, name)
	}
	return nil, Wrap(f.Backend(), "append", name, errors.ErrUnsupported)
}

// Rename moves from to to, or fails with errors.ErrUnsupported on a backend
// without a cheap rename.
func Rename(ctx context.Context, f FS, from, to string) error {
	if r, ok := f.(Renamer); ok {
		return r.Rename(ctx, from, to)
	}
	return Wrap(f.Backend(), "rename", from, errors.ErrUnsupported)
}

// ReadFile reads a whole file.
func ReadFile(ctx context.Context, f FS, name string) ([]byte, error) {
	rc, err := f.ReadRange(ctx, name, 0, -1)
	if err != nil {
		return nil, err
	}
	defer rc.Close()
	return io.ReadAll(rc)
}

// WriteFile creates name with data, atomically.
func WriteFile(ctx context.Context, f FS, name string, data []byte) error {
	w, err := f.Create(ctx, name)
	if err != nil {
		return err
	}
	if _, err := w.Write(data); err != nil {
		w.Abort()
		return err
	}
	return w.Commit()
}

// TempName is the hidden name a Writer of final uses until it commits:
// ".<base>.tmp-<random>" in the same directory. The leading dot hides it
// from the dfs reader, which skips dot files.
func TempName(final string) string {
	var b [8]byte
	rand.Read(b[:])
	dir, base := path.Split(final)
	return dir + "." + base + ".tmp-" + hex.EncodeToString(b[:])
}

// Within reports whether name, with every symbolic link resolved, lies
// inside root (or is root), resolved the same way. The dfs reader follows a
// link found under its path only when Within holds. On a backend without
// symbolic links the answer is lexical.
func Within(ctx context.Context, f FS, root, name string) (bool, error) {
	if r, ok := f.(LinkResolver); ok {
		var err error
		if root, err = r.Realpath(ctx, root); err != nil {
			return false, err
		}
		if name, err = r.Realpath(ctx, name); err != nil {
			return false, err
		}
	}
	return inside(path.Clean(root), path.Clean(name)), nil
}

func inside(root, name string) bool {
	if root == "." {
		return !path.IsAbs(name) && name != ".." && !strings.HasPrefix(name, "../")
	}
	if root == name || root == "/" && strings.HasPrefix(name, "/") {
		return true
	}
	return strings.HasPrefix(name, root+"/")
}
