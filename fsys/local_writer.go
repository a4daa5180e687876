package fsys

import (
	"bufio"
	"context"
	"io"
	"os"
)

// Create writes to TempName(name) and renames it to name on Commit, after
// an fsync, so name holds either the old file or the complete new one.
func (Local) Create(ctx context.Context, name string) (Writer, error) {
	if err := ctx.Err(); err != nil {
		return nil, localErr("create", name, err)
	}
	if fi, err := os.Stat(name); err == nil && fi.IsDir() {
		return nil, localErr("create", name, ErrIsDir)
	}
	tmp := TempName(name)
	f, err := os.OpenFile(tmp, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o644)
	if err != nil {
		return nil, localErr("create", name, err)
	}
	return &localWriter{ctx: ctx, f: f, buf: bufio.NewWriterSize(f, 128<<10), tmp: tmp, final: name}, nil
}

// localWriter is a Local file being created. It is not safe for concurrent
// use.
type localWriter struct {
	ctx        context.Context
	f          *os.File
	buf        *bufio.Writer
	tmp, final string
	done       bool
}

func (w *localWriter) Write(p []byte) (int, error) {
	if err := w.usable(); err != nil {
		return 0, err
	}
	n, err := w.buf.Write(p)
	return n, localErr("write", w.final, err)
}

func (w *localWriter) usable() error {
	if w.done {
		return localErr("write", w.final, ErrClosed)
	}
	return localErr("write", w.final, w.ctx.Err())
}

// Commit publishes the file; on any error it discards it instead, so the
// writer is finished either way.
func (w *localWriter) Commit() error {
	if w.done {
		return localErr("commit", w.final, ErrClosed)
	}
	if err := w.ctx.Err(); err != nil {
		w.Abort()
		return localErr("commit", w.final, err)
	}
	w.done = true
	err := firstErr(w.buf.Flush, w.f.Sync, w.f.Close)
	if err == nil {
		err = os.Rename(w.tmp, w.final)
	}
	if err != nil {
		w.f.Close()
		os.Remove(w.tmp)
	}
	return localErr("commit", w.final, err)
}

func (w *localWriter) Abort() error {
	if w.done {
		return localErr("abort", w.final, ErrClosed)
	}
	w.done = true
	w.f.Close()
	return localErr("abort", w.final, os.Remove(w.tmp))
}

func firstErr(steps ...func() error) error {
	for _, step := range steps {
		if err := step(); err != nil {
			return err
		}
	}
	return nil
}

// Append opens name for appending, creating it if needed.
func (Local) Append(ctx context.Context, name string) (io.WriteCloser, error) {
	if err := ctx.Err(); err != nil {
		return nil, localErr("append", name, err)
	}
	f, err := os.OpenFile(name, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		return nil, localErr("append", name, err)
	}
	return &appendFile{f: f}, nil
}

type appendFile struct{ f *os.File }

func (a *appendFile) Write(p []byte) (int, error) {
	n, err := a.f.Write(p)
	return n, localErr("append", a.f.Name(), err)
}

func (a *appendFile) Close() error { return localErr("append", a.f.Name(), a.f.Close()) }
