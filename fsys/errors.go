package fsys

import "errors"

// Error kinds beyond those of io/fs (fs.ErrNotExist, fs.ErrExist,
// fs.ErrPermission, fs.ErrInvalid) that every backend reports the same way.
var (
	ErrNotDir   = errors.New("not a directory")
	ErrIsDir    = errors.New("is a directory")
	ErrNotEmpty = errors.New("directory not empty")
	ErrClosed   = errors.New("writer already committed or aborted")
)

// PathError is every error of an FS operation: the backend, the operation,
// the path and the cause.
type PathError struct {
	Backend string
	Op      string
	Path    string
	Err     error
}

func (e *PathError) Error() string {
	return e.Backend + " " + e.Op + " " + e.Path + ": " + e.Err.Error()
}

func (e *PathError) Unwrap() error { return e.Err }

// Wrap returns err as a *PathError of the backend (nil stays nil). Backends
// use it for every error they return.
func Wrap(backend, op, path string, err error) error {
	if err == nil {
		return nil
	}
	return &PathError{Backend: backend, Op: op, Path: path, Err: err}
}

// Classify marks err as also being of kind (one of the sentinels above or of
// io/fs) without changing its message, so errors.Is(err, kind) holds.
func Classify(err, kind error) error {
	if err == nil || errors.Is(err, kind) {
		return err
	}
	return &classified{err: err, kind: kind}
}

type classified struct{ err, kind error }

func (c *classified) Error() string        { return c.err.Error() }
func (c *classified) Unwrap() error        { return c.err }
func (c *classified) Is(target error) bool { return target == c.kind }
