package s3fs

import (
	"bytes"
	"context"
	"errors"
	"io"
	"io/fs"
	"path"
	"slices"
	"strings"

	"github.com/minio/minio-go/v7"
	"github.com/minio/minio-go/v7/pkg/credentials"

	"github.com/sluice-dev/sluice/fsys"
)

func init() {
	fsys.Register(Kind, func(_ context.Context, cfg map[string]any) (fsys.FS, error) {
		c, err := ParseConfig(cfg)
		if err != nil {
			return nil, err
		}
		return Open(c)
	})
}

// FS is an S3 bucket (or every bucket of a server) as an fsys.FS. It is
// safe for concurrent use.
type FS struct {
	cfg  Config
	cl   *minio.Client
	core minio.Core
}

var _ fsys.DirMaker = (*FS)(nil)

// Open makes a client for the connection. It does not contact the server:
// a wrong endpoint or credentials show in the first operation's error.
func Open(c Config) (*FS, error) {
	if err := c.normalize(!strings.HasPrefix(c.Endpoint, "http://")); err != nil {
		return nil, err
	}
	u, _ := c.endpointURL()
	transport := c.Transport
	if transport == nil {
		t, err := minio.DefaultTransport(u.Scheme == "https")
		if err != nil {
			return nil, fsys.Wrap(Kind, "connect", c.Endpoint, err)
		}
		t.ResponseHeaderTimeout = c.RequestTimeout
		transport = t
	}
	opts := &minio.Options{Secure: u.Scheme == "https", Region: c.Region, MaxRetries: c.MaxRetries, Transport: transport}
	if c.AccessKeyID != "" {
		opts.Creds = credentials.NewStaticV4(c.AccessKeyID, c.SecretAccessKey, c.SessionToken)
	} else {
		opts.Creds = credentials.New(&credentials.Static{})
	}
	if c.ForcePathStyle {
		opts.BucketLookup = minio.BucketLookupPath
	}
	cl, err := minio.New(u.Host, opts)
	if err != nil {
		return nil, fsys.Wrap(Kind, "connect", c.Endpoint, err)
	}
	return &FS{cfg: c, cl: cl, core: minio.Core{Client: cl}}, nil
}

// Backend is "s3".
func (f *FS) Backend() string { return Kind }

// Close does nothing: the client holds no connection between requests
// beyond the HTTP keep-alive pool.
func (f *FS) Close() error { return nil }

// loc is a path split into its bucket and key ("" for the bucket itself).
type loc struct{ bucket, key string }

// dirPrefix is the key prefix of the entries of a directory.
func (l loc) dirPrefix() string {
	if l.key == "" {
		return ""
	}
	return l.key + "/"
}

func (l loc) base() string {
	if l.key == "" {
		return l.bucket
	}
	return path.Base(l.key)
}

// locate splits name into bucket and key.
func (f *FS) locate(name string) (loc, error) {
	clean := strings.TrimPrefix(path.Clean("/"+name), "/")
	if f.cfg.Bucket != "" {
		return loc{f.cfg.Bucket, clean}, nil
	}
	bucket, key, _ := strings.Cut(clean, "/")
	if bucket == "" {
		return loc{}, fsys.Classify(errors.New("the path names no bucket (its first element is the bucket, or the connection sets bucket)"), fs.ErrInvalid)
	}
	return loc{bucket, key}, nil
}

// start checks ctx and locates name, as every operation begins.
func (f *FS) start(ctx context.Context, op, name string) (loc, error) {
	if err := ctx.Err(); err != nil {
		return loc{}, fsys.Wrap(Kind, op, name, err)
	}
	l, err := f.locate(name)
	return l, fsys.Wrap(Kind, op, name, err)
}

// Stat describes a file (an object) or a directory (a key prefix, or a
// bucket).
func (f *FS) Stat(ctx context.Context, name string) (fsys.Info, error) {
	l, err := f.start(ctx, "stat", name)
	if err != nil {
		return fsys.Info{}, err
	}
	if l.key != "" {
		oi, err := f.cl.StatObject(ctx, l.bucket, l.key, minio.StatObjectOptions{})
		if err == nil {
			return fsys.Info{Name: l.base(), Kind: fsys.KindFile, Size: oi.Size, ModTime: oi.LastModified}, nil
		}
		if !notFound(err) {
			return fsys.Info{}, wrap(ctx, "stat", name, err)
		}
	}
	ok, err := f.dirExists(ctx, l)
	if err != nil {
		return fsys.Info{}, wrap(ctx, "stat", name, err)
	}
	if !ok {
		return fsys.Info{}, fsys.Wrap(Kind, "stat", name, fs.ErrNotExist)
	}
	return fsys.Info{Name: l.base(), Kind: fsys.KindDir}, nil
}

// Lstat is Stat: an object store has no symbolic links.
func (f *FS) Lstat(ctx context.Context, name string) (fsys.Info, error) { return f.Stat(ctx, name) }

// dirExists reports whether l is a bucket that exists or a prefix with at
// least one key under it (its marker included).
func (f *FS) dirExists(ctx context.Context, l loc) (bool, error) {
	if l.key == "" {
		return f.cl.BucketExists(ctx, l.bucket)
	}
	for oi := range f.cl.ListObjectsIter(ctx, l.bucket, minio.ListObjectsOptions{Prefix: l.dirPrefix(), MaxKeys: 1}) {
		if oi.Err != nil {
			if notFound(oi.Err) {
				return false, nil
			}
			return false, oi.Err
		}
		return true, nil
	}
	return false, nil
}

// isFile reports whether the object l exists.
func (f *FS) isFile(ctx context.Context, l loc) (bool, error) {
	if l.key == "" {
		return false, nil
	}
	_, err := f.cl.StatObject(ctx, l.bucket, l.key, minio.StatObjectOptions{})
	if notFound(err) {
		return false, nil
	}
	return err == nil, err
}

// ReadDir lists the objects and prefixes directly under a directory.
func (f *FS) ReadDir(ctx context.Context, name string) ([]fsys.Info, error) {
	l, err := f.start(ctx, "readdir", name)
	if err != nil {
		return nil, err
	}
	infos, seen, err := f.list(ctx, l)
	if err != nil {
		return nil, wrap(ctx, "readdir", name, err)
	}
	if !seen {
		return nil, f.missingDir(ctx, "readdir", name, l)
	}
	slices.SortFunc(infos, func(a, b fsys.Info) int { return strings.Compare(a.Name, b.Name) })
	return infos, nil
}

// list returns the entries under l and whether the directory showed up at
// all (an entry, its marker, or an existing bucket).
func (f *FS) list(ctx context.Context, l loc) ([]fsys.Info, bool, error) {
	prefix := l.dirPrefix()
	var infos []fsys.Info
	seen := false
	for oi := range f.cl.ListObjectsIter(ctx, l.bucket, minio.ListObjectsOptions{Prefix: prefix}) {
		if oi.Err != nil {
			if notFound(oi.Err) {
				return nil, false, nil
			}
			return nil, false, oi.Err
		}
		seen = true
		rel := strings.TrimPrefix(oi.Key, prefix)
		switch {
		case rel == "": // the directory's own marker
		case strings.HasSuffix(rel, "/"):
			infos = append(infos, fsys.Info{Name: strings.TrimSuffix(rel, "/"), Kind: fsys.KindDir})
		default:
			infos = append(infos, fsys.Info{Name: rel, Kind: fsys.KindFile, Size: oi.Size, ModTime: oi.LastModified})
		}
	}
	if !seen && l.key == "" {
		ok, err := f.cl.BucketExists(ctx, l.bucket)
		return nil, ok, err
	}
	return infos, seen, nil
}

// missingDir is the error for a directory that is not there: ErrNotDir
// when a file has its name, else ErrNotExist.
func (f *FS) missingDir(ctx context.Context, op, name string, l loc) error {
	file, err := f.isFile(ctx, l)
	switch {
	case err != nil:
		return wrap(ctx, op, name, err)
	case file:
		return fsys.Wrap(Kind, op, name, fsys.ErrNotDir)
	}
	return fsys.Wrap(Kind, op, name, fs.ErrNotExist)
}

// ReadRange streams part of an object with a ranged GET. The object's
// size is read first (HEAD) so that a range past the end is cut short, and
// the GET asks for that version of the object (If-Match its ETag).
func (f *FS) ReadRange(ctx context.Context, name string, offset, length int64) (io.ReadCloser, error) {
	l, err := f.start(ctx, "read", name)
	if err != nil {
		return nil, err
	}
	if offset < 0 {
		return nil, fsys.Wrap(Kind, "read", name, fs.ErrInvalid)
	}
	oi, err := f.cl.StatObject(ctx, l.bucket, l.key, minio.StatObjectOptions{})
	if l.key == "" || notFound(err) {
		return nil, f.notAFile(ctx, "read", name, l)
	}
	if err != nil {
		return nil, wrap(ctx, "read", name, err)
	}
	end := oi.Size - 1
	if length >= 0 {
		end = min(end, offset+length-1)
	}
	if offset > end {
		return io.NopCloser(bytes.NewReader(nil)), nil
	}
	opts := minio.GetObjectOptions{}
	opts.SetRange(offset, end)
	opts.SetMatchETag(oi.ETag)
	rc, _, _, err := f.core.GetObject(ctx, l.bucket, l.key, opts)
	if err != nil {
		return nil, wrap(ctx, "read", name, err)
	}
	return &reader{rc: rc, ctx: ctx, name: name}, nil
}

// notAFile is the error for reading something that is no object:
// ErrIsDir for a directory, else ErrNotExist.
func (f *FS) notAFile(ctx context.Context, op, name string, l loc) error {
	dir, err := f.dirExists(ctx, l)
	switch {
	case err != nil:
		return wrap(ctx, op, name, err)
	case dir:
		return fsys.Wrap(Kind, op, name, fsys.ErrIsDir)
	}
	return fsys.Wrap(Kind, op, name, fs.ErrNotExist)
}

// reader wraps the body's errors as path errors.
type reader struct {
	rc   io.ReadCloser
	ctx  context.Context
	name string
}

func (r *reader) Read(p []byte) (int, error) {
	n, err := r.rc.Read(p)
	if err != nil && err != io.EOF {
		err = wrap(r.ctx, "read", r.name, err)
	}
	return n, err
}

func (r *reader) Close() error { return r.rc.Close() }

// Create starts an upload to name that appears only on Commit. The parent
// directory must exist and name must not be a directory.
func (f *FS) Create(ctx context.Context, name string) (fsys.Writer, error) {
	l, err := f.start(ctx, "create", name)
	if err != nil {
		return nil, err
	}
	if l.key == "" {
		return nil, fsys.Wrap(Kind, "create", name, fsys.ErrIsDir)
	}
	if dir, err := f.dirExists(ctx, l); err != nil || dir {
		return nil, f.orErr(ctx, "create", name, err, fsys.ErrIsDir)
	}
	parent := f.parent(l)
	if ok, err := f.dirExists(ctx, parent); err != nil {
		return nil, wrap(ctx, "create", name, err)
	} else if !ok {
		return nil, f.missingDir(ctx, "create", name, parent)
	}
	return f.newWriter(ctx, name, l), nil
}

// CreateObject starts an upload to name like Create, without the
// directory checks: the object-store way, where any key may be written
// (the bucket must exist; see EnsureBucket).
func (f *FS) CreateObject(ctx context.Context, name string) (fsys.Writer, error) {
	l, err := f.start(ctx, "create", name)
	if err != nil {
		return nil, err
	}
	if l.key == "" {
		return nil, fsys.Wrap(Kind, "create", name, fsys.ErrIsDir)
	}
	return f.newWriter(ctx, name, l), nil
}

func (f *FS) orErr(ctx context.Context, op, name string, err, kind error) error {
	if err != nil {
		return wrap(ctx, op, name, err)
	}
	return fsys.Wrap(Kind, op, name, kind)
}

func (f *FS) parent(l loc) loc {
	dir := path.Dir(l.key)
	if dir == "." {
		dir = ""
	}
	return loc{l.bucket, dir}
}

// Remove deletes an object, or an empty directory's marker.
func (f *FS) Remove(ctx context.Context, name string) error {
	l, err := f.start(ctx, "remove", name)
	if err != nil {
		return err
	}
	if l.key == "" {
		return fsys.Wrap(Kind, "remove", name, fsys.Classify(errors.New("will not remove a bucket"), fs.ErrPermission))
	}
	file, err := f.isFile(ctx, l)
	if err != nil {
		return wrap(ctx, "remove", name, err)
	}
	if file {
		return wrap(ctx, "remove", name, f.cl.RemoveObject(ctx, l.bucket, l.key, minio.RemoveObjectOptions{}))
	}
	return f.removeDir(ctx, name, l)
}

func (f *FS) removeDir(ctx context.Context, name string, l loc) error {
	marker := false
	for oi := range f.cl.ListObjectsIter(ctx, l.bucket, minio.ListObjectsOptions{Prefix: l.dirPrefix(), MaxKeys: 2}) {
		switch {
		case oi.Err != nil && notFound(oi.Err):
		case oi.Err != nil:
			return wrap(ctx, "remove", name, oi.Err)
		case oi.Key == l.dirPrefix():
			marker = true
			continue
		default:
			return fsys.Wrap(Kind, "remove", name, fsys.ErrNotEmpty)
		}
		break
	}
	if !marker {
		return fsys.Wrap(Kind, "remove", name, fs.ErrNotExist)
	}
	return wrap(ctx, "remove", name, f.cl.RemoveObject(ctx, l.bucket, l.dirPrefix(), minio.RemoveObjectOptions{}))
}

// MkdirAll creates the bucket when it is missing and the marker objects of
// dir and its parents. A file on the way is ErrNotDir.
func (f *FS) MkdirAll(ctx context.Context, dir string) error {
	l, err := f.start(ctx, "mkdir", dir)
	if err != nil {
		return err
	}
	if err := f.ensureBucket(ctx, l.bucket); err != nil {
		return wrap(ctx, "mkdir", dir, err)
	}
	if l.key == "" {
		return nil
	}
	parts := strings.Split(l.key, "/")
	for i := range parts {
		if err := f.mkdir(ctx, dir, loc{l.bucket, strings.Join(parts[:i+1], "/")}); err != nil {
			return err
		}
	}
	return nil
}

func (f *FS) mkdir(ctx context.Context, name string, l loc) error {
	file, err := f.isFile(ctx, l)
	if err != nil || file {
		return f.orErr(ctx, "mkdir", name, err, fsys.ErrNotDir)
	}
	_, err = f.core.PutObject(ctx, l.bucket, l.dirPrefix(), bytes.NewReader(nil), 0, "", "", minio.PutObjectOptions{})
	return wrap(ctx, "mkdir", name, err)
}

// EnsureBucket creates the bucket of name when it does not exist (what
// teraslice's S3 sender does when it starts).
func (f *FS) EnsureBucket(ctx context.Context, name string) error {
	l, err := f.start(ctx, "mkdir", name)
	if err != nil {
		return err
	}
	return wrap(ctx, "mkdir", name, f.ensureBucket(ctx, l.bucket))
}

func (f *FS) ensureBucket(ctx context.Context, bucket string) error {
	ok, err := f.cl.BucketExists(ctx, bucket)
	if err != nil || ok {
		return err
	}
	err = f.cl.MakeBucket(ctx, bucket, minio.MakeBucketOptions{Region: f.cfg.Region})
	if code := minio.ToErrorResponse(err).Code; code == "BucketAlreadyOwnedByYou" || code == "BucketAlreadyExists" {
		return nil // made meanwhile by another writer
	}
	return err
}
