package fsys

import (
	"context"
	"io"
	"time"
)

// Kind is what a directory entry is.
type Kind uint8

// The kinds of entries. KindOther covers devices, sockets, pipes and the
// like; readers skip it.
const (
	KindFile Kind = iota + 1
	KindDir
	KindSymlink
	KindOther
)

func (k Kind) String() string {
	switch k {
	case KindFile:
		return "file"
	case KindDir:
		return "dir"
	case KindSymlink:
		return "symlink"
	case KindOther:
		return "other"
	}
	return "unknown"
}

// Info describes one file, directory or link.
type Info struct {
	Name    string // base name
	Kind    Kind
	Size    int64 // bytes of a file; for a symlink from Lstat, of the link
	ModTime time.Time
}

// IsDir reports whether the entry is a directory.
func (i Info) IsDir() bool { return i.Kind == KindDir }

// FS is a file system as the dfs processors use it. Names are slash-separated
// paths in the backend's namespace ("/data/in/a.json" on HDFS; an OS path for
// local directories). Every error carries the backend, the operation and the
// path (*PathError) and works with errors.Is against fs.ErrNotExist,
// fs.ErrExist, fs.ErrPermission, ErrNotDir, ErrIsDir and ErrNotEmpty.
//
// What not every backend can do is a separate capability interface: Appender,
// Renamer, DirMaker, LinkResolver. Use the package functions (MkdirAll,
// Append, Rename, Within) rather than asserting them directly; they do the
// right thing for a backend without the capability.
type FS interface {
	// Backend is the registered kind of the backend: "local", "hdfs", ...
	Backend() string

	// Stat describes name, following symbolic links.
	Stat(ctx context.Context, name string) (Info, error)
	// Lstat describes name itself: a symbolic link is KindSymlink.
	Lstat(ctx context.Context, name string) (Info, error)
	// ReadDir lists a directory, sorted by name in byte order. Entries are
	// described as by Lstat.
	ReadDir(ctx context.Context, name string) ([]Info, error)

	// ReadRange streams the bytes [offset, offset+length) of a file; a
	// negative length reads to the end. A range past the end of the file is
	// cut short (possibly to nothing) without an error, so a reader can ask
	// for margins past a slice and learn where the file ends.
	ReadRange(ctx context.Context, name string, offset, length int64) (io.ReadCloser, error)

	// Create starts writing a file that appears under name, complete, only
	// when Commit returns nil, replacing a file already there. Until then the
	// data lives under a hidden temporary name in the same directory (see
	// TempName) or, on an object store, in an unfinished upload; a writer
	// that is aborted, or whose process dies, never leaves a partial file
	// under name. The directory must exist (see MkdirAll).
	Create(ctx context.Context, name string) (Writer, error)

	// Remove deletes a file or an empty directory.
	Remove(ctx context.Context, name string) error

	// Close releases the connection, if any.
	Close() error
}

// Writer is a file being created. Exactly one of Commit and Abort ends it;
// after that Write, Commit and Abort report ErrClosed.
type Writer interface {
	io.Writer
	// Commit makes the file visible under its final name. When it fails
	// (including for a canceled context) the data is discarded instead.
	Commit() error
	// Abort discards everything written.
	Abort() error
}

// Appender is a backend that can append to an existing file in place (local
// directories, HDFS). Object stores cannot.
type Appender interface {
	// Append opens name for appending, creating it empty if it does not
	// exist. Appended data is not atomic: a crash can leave part of it.
	Append(ctx context.Context, name string) (io.WriteCloser, error)
}

// Renamer is a backend with a cheap rename that replaces an existing file
// atomically. Object stores have neither.
type Renamer interface {
	Rename(ctx context.Context, from, to string) error
}

// DirMaker is a backend with real directories that must exist before files
// are created in them. On an object store, "directories" are key prefixes
// and need no creating.
type DirMaker interface {
	// MkdirAll creates name and any missing parents; an existing directory
	// is not an error.
	MkdirAll(ctx context.Context, name string) error
}

// LinkResolver is a backend with symbolic links.
type LinkResolver interface {
	// Realpath returns name with every symbolic link resolved.
	Realpath(ctx context.Context, name string) (string, error)
}
