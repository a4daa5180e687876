package s3fs

import (
	"bytes"
	"context"
	"errors"
	"time"

	"github.com/minio/minio-go/v7"

	"github.com/sluice-dev/sluice/fsys"
)

// abortTimeout bounds the clean-up of an upload after its context ended.
const abortTimeout = 30 * time.Second

// writer uploads an object that appears only on Commit. It keeps up to one
// part in memory; when a file outgrows a part it becomes a multipart
// upload whose parts go up as they fill, assembled by the server on
// Commit. An unfinished multipart upload is not an object: listings and
// reads never see it.
type writer struct {
	f        *FS
	ctx      context.Context
	name     string
	l        loc
	buf      []byte
	uploadID string
	parts    []minio.CompletePart
	closed   bool
	err      error // a failed part upload: the writer can only be aborted
}

func (f *FS) newWriter(ctx context.Context, name string, l loc) *writer {
	return &writer{f: f, ctx: ctx, name: name, l: l}
}

func (w *writer) Write(p []byte) (int, error) {
	if w.closed {
		return 0, fsys.Wrap(Kind, "write", w.name, fsys.ErrClosed)
	}
	if w.err != nil {
		return 0, w.err
	}
	n := 0
	size := int(w.f.cfg.PartSize)
	for len(p) > 0 {
		take := min(len(p), size-len(w.buf))
		w.buf = append(w.buf, p[:take]...)
		p, n = p[take:], n+take
		if len(w.buf) == size && len(p) > 0 {
			if w.err = w.uploadPart(); w.err != nil {
				return n, w.err
			}
		}
	}
	return n, nil
}

// uploadPart sends the buffer as the next part, starting the multipart
// upload first if needed.
func (w *writer) uploadPart() error {
	if w.uploadID == "" {
		id, err := w.f.core.NewMultipartUpload(w.ctx, w.l.bucket, w.l.key, minio.PutObjectOptions{})
		if err != nil {
			return wrap(w.ctx, "write", w.name, err)
		}
		w.uploadID = id
	}
	num := len(w.parts) + 1
	part, err := w.f.core.PutObjectPart(w.ctx, w.l.bucket, w.l.key, w.uploadID, num,
		bytes.NewReader(w.buf), int64(len(w.buf)), minio.PutObjectPartOptions{})
	if err != nil {
		return wrap(w.ctx, "write", w.name, err)
	}
	w.parts = append(w.parts, minio.CompletePart{PartNumber: num, ETag: part.ETag})
	w.buf = w.buf[:0]
	return nil
}

// Commit uploads what is left and makes the object visible; on any failure
// the upload is aborted and nothing appears.
func (w *writer) Commit() error {
	if w.closed {
		return fsys.Wrap(Kind, "commit", w.name, fsys.ErrClosed)
	}
	w.closed = true
	err := w.err
	if err == nil {
		err = w.finish()
	}
	if err != nil {
		return errors.Join(err, w.abortUpload())
	}
	return nil
}

func (w *writer) finish() error {
	if err := w.ctx.Err(); err != nil {
		return fsys.Wrap(Kind, "commit", w.name, err)
	}
	if w.uploadID == "" {
		_, err := w.f.core.PutObject(w.ctx, w.l.bucket, w.l.key, bytes.NewReader(w.buf), int64(len(w.buf)), "", "", minio.PutObjectOptions{})
		return wrap(w.ctx, "commit", w.name, err)
	}
	if len(w.buf) > 0 {
		if err := w.uploadPart(); err != nil {
			return err
		}
	}
	_, err := w.f.core.CompleteMultipartUpload(w.ctx, w.l.bucket, w.l.key, w.uploadID, w.parts, minio.PutObjectOptions{})
	if err == nil {
		w.uploadID = ""
	}
	return wrap(w.ctx, "commit", w.name, err)
}

// Abort discards the data and the unfinished upload.
func (w *writer) Abort() error {
	if w.closed {
		return fsys.Wrap(Kind, "abort", w.name, fsys.ErrClosed)
	}
	w.closed = true
	return w.abortUpload()
}

// abortUpload cancels a multipart upload, with a fresh context: the
// writer's may be the reason it is aborted.
func (w *writer) abortUpload() error {
	w.buf = nil
	if w.uploadID == "" {
		return nil
	}
	ctx, cancel := context.WithTimeout(context.WithoutCancel(w.ctx), abortTimeout)
	defer cancel()
	err := w.f.core.AbortMultipartUpload(ctx, w.l.bucket, w.l.key, w.uploadID)
	w.uploadID = ""
	return wrap(ctx, "abort", w.name, err)
}
