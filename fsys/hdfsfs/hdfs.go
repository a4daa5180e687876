package hdfsfs

import (
	"context"
	"errors"
	"io"
	"io/fs"
	"os"
	"path"
	"slices"
	"strings"

	hdfs "github.com/colinmarc/hdfs/v2"
	"github.com/sluice-dev/sluice/fsys"
)

// Kind is the registered connection kind of HDFS.
const Kind = "hdfs"

func init() { fsys.Register(Kind, Open) }

// Open connects with a connection's settings (see ParseConfig).
func Open(ctx context.Context, cfg map[string]any) (fsys.FS, error) {
	c, err := ParseConfig(cfg)
	if err != nil {
		return nil, err
	}
	return New(ctx, c)
}

// FS is an HDFS file system reached through github.com/colinmarc/hdfs/v2.
// It is an Appender, a Renamer and a DirMaker. Symbolic links are reported
// by kind when the NameNode returns them, but not resolved (HDFS ships with
// them disabled), so it is no LinkResolver.
type FS struct {
	client *hdfs.Client
	user   string
}

var (
	_ fsys.Appender = (*FS)(nil)
	_ fsys.Renamer  = (*FS)(nil)
	_ fsys.DirMaker = (*FS)(nil)
)

// New connects to the NameNode(s) of c.
func New(ctx context.Context, c Config) (*FS, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	user := c.User
	if user == "" {
		user = DefaultUser
	}
	client, err := hdfs.NewClient(hdfs.ClientOptions{Addresses: c.Namenodes, User: user})
	if err != nil {
		return nil, fsys.Wrap(Kind, "connect", strings.Join(c.Namenodes, ","), err)
	}
	// Fetch the server defaults now: the client caches them without a lock,
	// so the first concurrent Creates would otherwise race to fill the cache.
	if _, err := client.ServerDefaults(); err != nil {
		client.Close()
		return nil, fsys.Wrap(Kind, "connect", strings.Join(c.Namenodes, ","), err)
	}
	return &FS{client: client, user: user}, nil
}

// Backend returns "hdfs".
func (*FS) Backend() string { return Kind }

// Close closes the NameNode connection.
func (f *FS) Close() error { return f.client.Close() }

// abs resolves a relative name against the user's home directory, as
// Hadoop resolves paths against its working directory /user/<user>.
func (f *FS) abs(name string) string {
	if strings.HasPrefix(name, "/") {
		return path.Clean(name)
	}
	return path.Join("/user", f.user, name)
}

func (f *FS) Stat(ctx context.Context, name string) (fsys.Info, error) {
	if err := ctx.Err(); err != nil {
		return fsys.Info{}, wrap("stat", name, err)
	}
	fi, err := f.client.Stat(f.abs(name))
	if err != nil {
		return fsys.Info{}, wrap("stat", name, err)
	}
	return infoOf(fi), nil
}

// Lstat is Stat: the NameNode's getFileInfo reports a link as a link.
func (f *FS) Lstat(ctx context.Context, name string) (fsys.Info, error) {
	return f.Stat(ctx, name)
}

func infoOf(fi os.FileInfo) fsys.Info {
	info := fsys.Info{Name: fi.Name(), Kind: fsys.KindFile, Size: fi.Size(), ModTime: fi.ModTime()}
	if st, ok := fi.Sys().(*hdfs.FileStatus); ok && len(st.GetSymlink()) > 0 {
		info.Kind = fsys.KindSymlink
	} else if fi.IsDir() {
		info.Kind, info.Size = fsys.KindDir, 0
	}
	return info
}

func (f *FS) ReadDir(ctx context.Context, name string) ([]fsys.Info, error) {
	dir, err := f.Stat(ctx, name)
	if err != nil {
		return nil, relabel(err, "readdir")
	}
	if !dir.IsDir() {
		return nil, wrap("readdir", name, fsys.ErrNotDir)
	}
	fis, err := f.client.ReadDir(f.abs(name))
	if err != nil {
		return nil, wrap("readdir", name, err)
	}
	out := make([]fsys.Info, len(fis))
	for i, fi := range fis {
		out[i] = infoOf(fi)
	}
	slices.SortFunc(out, func(a, b fsys.Info) int { return strings.Compare(a.Name, b.Name) })
	return out, nil
}

// relabel changes the operation named by a *fsys.PathError.
func relabel(err error, op string) error {
	var pe *fsys.PathError
	if errors.As(err, &pe) {
		pe.Op = op
	}
	return err
}

func (f *FS) ReadRange(ctx context.Context, name string, offset, length int64) (io.ReadCloser, error) {
	if err := ctx.Err(); err != nil {
		return nil, wrap("read", name, err)
	}
	if offset < 0 {
		return nil, wrap("read", name, fsys.Classify(errors.New("negative offset"), fs.ErrInvalid))
	}
	r, err := f.client.Open(f.abs(name))
	if err != nil {
		return nil, wrap("read", name, err)
	}
	if r.Stat().IsDir() {
		r.Close()
		return nil, wrap("read", name, fsys.ErrIsDir)
	}
	size := r.Stat().Size()
	offset = min(offset, size)
	if length < 0 || length > size-offset {
		length = size - offset
	}
	if _, err := r.Seek(offset, io.SeekStart); err != nil {
		r.Close()
		return nil, wrap("read", name, err)
	}
	unwrapped := func(err error) error { return wrap("read", name, err) }
	return fsys.NewReader(ctx, io.LimitReader(r, length), r, unwrapped), nil
}

func (f *FS) Remove(ctx context.Context, name string) error {
	if err := ctx.Err(); err != nil {
		return wrap("remove", name, err)
	}
	return wrap("remove", name, f.client.Remove(f.abs(name)))
}

func (f *FS) Rename(ctx context.Context, from, to string) error {
	if err := ctx.Err(); err != nil {
		return wrap("rename", from, err)
	}
	return wrap("rename", from, f.client.Rename(f.abs(from), f.abs(to)))
}

func (f *FS) MkdirAll(ctx context.Context, name string) error {
	if err := ctx.Err(); err != nil {
		return wrap("mkdir", name, err)
	}
	return wrap("mkdir", name, f.client.MkdirAll(f.abs(name), 0o755))
}
