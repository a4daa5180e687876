package fsys

import (
	"context"
	"errors"
	"io"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"syscall"
)

// LocalKind is the registered kind of local directories, the default file
// system of the dfs processors.
const LocalKind = "local"

func init() { Register(LocalKind, openLocal) }

func openLocal(_ context.Context, config map[string]any) (FS, error) {
	if err := CheckKeys(LocalKind, config); err != nil {
		return nil, err
	}
	return Local{}, nil
}

// Local is the local-directory backend. Names are OS paths, relative ones
// to the working directory. It has every capability: Appender, Renamer,
// DirMaker and LinkResolver.
type Local struct{}

var (
	_ Appender     = Local{}
	_ Renamer      = Local{}
	_ DirMaker     = Local{}
	_ LinkResolver = Local{}
)

// Backend returns "local".
func (Local) Backend() string { return LocalKind }

// Close does nothing.
func (Local) Close() error { return nil }

func (Local) Stat(ctx context.Context, name string) (Info, error) {
	return localStat(ctx, "stat", name, os.Stat)
}

func (Local) Lstat(ctx context.Context, name string) (Info, error) {
	return localStat(ctx, "lstat", name, os.Lstat)
}

func localStat(ctx context.Context, op, name string, stat func(string) (fs.FileInfo, error)) (Info, error) {
	if err := ctx.Err(); err != nil {
		return Info{}, localErr(op, name, err)
	}
	fi, err := stat(name)
	if err != nil {
		return Info{}, localErr(op, name, err)
	}
	return infoOf(fi), nil
}

func infoOf(fi fs.FileInfo) Info {
	return Info{Name: fi.Name(), Kind: kindOf(fi.Mode()), Size: fi.Size(), ModTime: fi.ModTime()}
}

func kindOf(m fs.FileMode) Kind {
	switch {
	case m.IsRegular():
		return KindFile
	case m.IsDir():
		return KindDir
	case m&fs.ModeSymlink != 0:
		return KindSymlink
	}
	return KindOther
}

// ReadDir lists name; os.ReadDir already sorts by name in byte order. An
// entry removed while the directory is read is left out.
func (Local) ReadDir(ctx context.Context, name string) ([]Info, error) {
	if err := ctx.Err(); err != nil {
		return nil, localErr("readdir", name, err)
	}
	entries, err := os.ReadDir(name)
	if err != nil {
		return nil, localErr("readdir", name, err)
	}
	out := make([]Info, 0, len(entries))
	for _, e := range entries {
		fi, err := e.Info()
		if errors.Is(err, fs.ErrNotExist) {
			continue
		} else if err != nil {
			return nil, localErr("readdir", name, err)
		}
		out = append(out, infoOf(fi))
	}
	return out, nil
}

func (Local) ReadRange(ctx context.Context, name string, offset, length int64) (io.ReadCloser, error) {
	if err := checkRange(ctx, offset); err != nil {
		return nil, localErr("read", name, err)
	}
	f, err := os.Open(name)
	if err != nil {
		return nil, localErr("read", name, err)
	}
	if fi, err := f.Stat(); err != nil || fi.IsDir() {
		f.Close()
		return nil, localErr("read", name, cmpErr(err, ErrIsDir))
	}
	if length < 0 || length > math.MaxInt64-offset {
		length = math.MaxInt64 - offset
	}
	wrap := func(err error) error { return localErr("read", name, err) }
	return NewReader(ctx, io.NewSectionReader(f, offset, length), f, wrap), nil
}

func checkRange(ctx context.Context, offset int64) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	if offset < 0 {
		return Classify(errors.New("negative offset"), fs.ErrInvalid)
	}
	return nil
}

func cmpErr(err, otherwise error) error {
	if err != nil {
		return err
	}
	return otherwise
}

func (Local) Remove(ctx context.Context, name string) error {
	if err := ctx.Err(); err != nil {
		return localErr("remove", name, err)
	}
	return localErr("remove", name, os.Remove(name))
}

func (Local) Rename(ctx context.Context, from, to string) error {
	if err := ctx.Err(); err != nil {
		return localErr("rename", from, err)
	}
	return localErr("rename", from, os.Rename(from, to))
}

func (Local) MkdirAll(ctx context.Context, name string) error {
	if err := ctx.Err(); err != nil {
		return localErr("mkdir", name, err)
	}
	return localErr("mkdir", name, os.MkdirAll(name, 0o755))
}

func (Local) Realpath(ctx context.Context, name string) (string, error) {
	if err := ctx.Err(); err != nil {
		return "", localErr("realpath", name, err)
	}
	real, err := filepath.EvalSymlinks(name)
	if err == nil {
		real, err = filepath.Abs(real)
	}
	return real, localErr("realpath", name, err)
}

// localErr wraps an OS error, classifying the errno values that io/fs has no
// sentinel for.
func localErr(op, name string, err error) error {
	if err == nil {
		return nil
	}
	err = bare(err)
	switch {
	case errors.Is(err, syscall.ENOTDIR):
		err = Classify(err, ErrNotDir)
	case errors.Is(err, syscall.EISDIR):
		err = Classify(err, ErrIsDir)
	case errors.Is(err, syscall.ENOTEMPTY):
		err = Classify(err, ErrNotEmpty)
	}
	return Wrap(LocalKind, op, name, err)
}

// bare strips the *fs.PathError or *os.LinkError of an OS call: the
// PathError around it already names the operation and the path.
func bare(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	var le *os.LinkError
	if errors.As(err, &le) {
		return le.Err
	}
	return err
}
