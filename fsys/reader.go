package fsys

import (
	"context"
	"io"
)

// NewReader makes the stream a backend returns from ReadRange: each Read
// first checks ctx, errors other than io.EOF go through wrap (so they carry
// the backend and path), and Close closes c.
func NewReader(ctx context.Context, r io.Reader, c io.Closer, wrap func(error) error) io.ReadCloser {
	return &reader{ctx: ctx, r: r, c: c, wrap: wrap}
}

type reader struct {
	ctx  context.Context
	r    io.Reader
	c    io.Closer
	wrap func(error) error
}

func (r *reader) Read(p []byte) (int, error) {
	if err := r.ctx.Err(); err != nil {
		return 0, r.wrap(err)
	}
	n, err := r.r.Read(p)
	if err != nil && err != io.EOF {
		err = r.wrap(err)
	}
	return n, err
}

func (r *reader) Close() error { return r.wrap(r.c.Close()) }
