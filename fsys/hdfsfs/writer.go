package hdfsfs

import (
	"context"
	"io"
	"time"

	hdfs "github.com/colinmarc/hdfs/v2"
	"github.com/sluice-dev/sluice/fsys"
)

// Create writes to a hidden temporary file next to name (fsys.TempName) and
// renames it over name on Commit (rename2 with overwrite), so name holds
// either its old contents or the complete new file.
func (f *FS) Create(ctx context.Context, name string) (fsys.Writer, error) {
	if err := ctx.Err(); err != nil {
		return nil, wrap("create", name, err)
	}
	if fi, err := f.client.Stat(f.abs(name)); err == nil && fi.IsDir() {
		return nil, wrap("create", name, fsys.ErrIsDir)
	}
	tmp := fsys.TempName(f.abs(name))
	fw, err := f.client.Create(tmp)
	if err != nil {
		return nil, wrap("create", name, err)
	}
	return &writer{ctx: ctx, fs: f, fw: fw, tmp: tmp, name: name}, nil
}

// writer is an HDFS file being created. It is not safe for concurrent use.
// Empty writes are skipped: the client would allocate a block for them that
// no DataNode ever receives, and the file could then never be completed.
type writer struct {
	ctx  context.Context
	fs   *FS
	fw   *hdfs.FileWriter
	tmp  string
	name string
	done bool
}

func (w *writer) Write(p []byte) (int, error) {
	if err := w.usable("write"); err != nil || len(p) == 0 {
		return 0, err
	}
	n, err := w.fw.Write(p)
	return n, wrap("write", w.name, err)
}

func (w *writer) usable(op string) error {
	if w.done {
		return wrap(op, w.name, fsys.ErrClosed)
	}
	return wrap(op, w.name, w.ctx.Err())
}

// Commit publishes the file; on any error it discards it instead, so the
// writer is finished either way.
func (w *writer) Commit() error {
	if w.done {
		return wrap("commit", w.name, fsys.ErrClosed)
	}
	if err := w.ctx.Err(); err != nil {
		w.Abort()
		return wrap("commit", w.name, err)
	}
	w.done = true
	err := closeFile(w.fw)
	if err == nil {
		err = w.fs.client.Rename(w.tmp, w.fs.abs(w.name))
	}
	if err != nil {
		w.fs.client.Remove(w.tmp)
	}
	return wrap("commit", w.name, err)
}

// Abort closes the temporary file (which stops the client's pipeline
// goroutines) and deletes it.
func (w *writer) Abort() error {
	if w.done {
		return wrap("abort", w.name, fsys.ErrClosed)
	}
	w.done = true
	w.fw.Close()
	return wrap("abort", w.name, w.fs.client.Remove(w.tmp))
}

// closeFile closes fw, retrying while the NameNode answers that the last
// block is not yet replicated (complete returned false), as the Java client
// does.
func closeFile(fw *hdfs.FileWriter) error {
	delay := 10 * time.Millisecond
	for try := 0; ; try++ {
		err := fw.Close()
		if !hdfs.IsErrReplicating(err) || try == 8 {
			return err
		}
		time.Sleep(delay)
		delay *= 2
	}
}

// Append opens name for appending, creating it when it does not exist.
func (f *FS) Append(ctx context.Context, name string) (io.WriteCloser, error) {
	if err := ctx.Err(); err != nil {
		return nil, wrap("append", name, err)
	}
	fw, err := f.client.Append(f.abs(name))
	if isNotExist(err) {
		fw, err = f.client.Create(f.abs(name))
	}
	if err != nil {
		return nil, wrap("append", name, err)
	}
	return &appender{fw: fw, name: name}, nil
}

type appender struct {
	fw   *hdfs.FileWriter
	name string
}

func (a *appender) Write(p []byte) (int, error) {
	if len(p) == 0 {
		return 0, nil // the client would allocate a block and never fill it
	}
	n, err := a.fw.Write(p)
	return n, wrap("append", a.name, err)
}

func (a *appender) Close() error { return wrap("append", a.name, closeFile(a.fw)) }
