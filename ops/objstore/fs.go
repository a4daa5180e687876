package objstore

import (
	"context"
	"errors"
	"io"
	"io/fs"

	"github.com/sluice-dev/sluice/fsys"
	"github.com/sluice-dev/sluice/fsys/s3fs"
	"github.com/sluice-dev/sluice/ops/fileout"
)

// objectFS is the file system a fileout.Sender writes objects through:
// "directories" need no making beyond the bucket, and an object is one
// upload that appears on Commit.
type objectFS struct {
	ctx context.Context
	s3  *s3fs.FS
}

// MkdirAll makes sure the bucket of dir exists (teraslice's S3 sender
// creates a missing bucket); prefixes need no making.
func (o *objectFS) MkdirAll(dir string) error { return o.s3.EnsureBucket(o.ctx, dir) }

func (o *objectFS) Exists(name string) (bool, error) {
	_, err := o.s3.Stat(o.ctx, name)
	if errors.Is(err, fs.ErrNotExist) {
		return false, nil
	}
	return err == nil, err
}

func (o *objectFS) Open(name string) (io.ReadCloser, error) {
	return o.s3.ReadRange(o.ctx, name, 0, -1)
}

func (o *objectFS) Create(name string) (fileout.File, error) {
	w, err := o.s3.CreateObject(o.ctx, name)
	if err != nil {
		return nil, err
	}
	return &object{w: w}, nil
}

// object is an upload as a fileout.File. Objects are written whole (the
// sender's file_per_slice mode), never cut back.
type object struct {
	w    fsys.Writer
	size int64
}

func (o *object) Write(p []byte) (int, error) {
	n, err := o.w.Write(p)
	o.size += int64(n)
	return n, err
}

func (o *object) Size() int64 { return o.size }

func (o *object) Truncate(int64) error {
	return errors.New("objstore: an object being uploaded cannot be cut back")
}

func (o *object) Commit() error { return o.w.Commit() }

func (o *object) Abort() error {
	if err := o.w.Abort(); err != nil && !errors.Is(err, fsys.ErrClosed) {
		return err
	}
	return nil
}
