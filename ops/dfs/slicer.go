package dfs

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"path"
	"strings"

	"github.com/sluice-dev/sluice/fsys"
	"github.com/sluice-dev/sluice/job"
	"github.com/sluice-dev/sluice/ops/filein"
	"github.com/sluice-dev/sluice/ops/fileout"
)

// slicer is dfs_reader's slicer: each call returns the slices of the next
// directory that has any, breadth-first, then reports done (a persistent
// job then idles, as the reference's does).
type slicer struct {
	w          *walker
	persistent bool
	done       bool
}

func (f *Family) newSlicer(sctx *job.SlicerContext, c *job.Config) (job.Slicer, error) {
	name := c.String("api_name")
	api := sctx.Job.API(name)
	if api == nil {
		return nil, fmt.Errorf("the job configures no api named %q", name)
	}
	fsys, _, err := f.connect(sctx.Context(), sctx.Job.Conns, api)
	if err != nil {
		return nil, err
	}
	logger := sctx.Logger
	if logger == nil {
		logger = slog.New(slog.DiscardHandler)
	}
	w := newWalker(sctx.Context(), fsys, api, logger)
	if err := w.start(); err != nil {
		fsys.Close()
		return nil, fmt.Errorf("Path %q is not valid: %w", api.String("path"), err)
	}
	return &slicer{w: w, persistent: sctx.Job.Persistent()}, nil
}

// Slice returns the slices of the next directory with any.
func (s *slicer) Slice(context.Context) ([]any, bool, error) {
	if s.done {
		return nil, !s.persistent, nil
	}
	reqs, err := s.w.next()
	if err != nil || len(reqs) > 0 {
		return reqs, false, err
	}
	s.done = true
	s.w.fs.Close()
	return nil, !s.persistent, nil
}

// walker lists the directories of a reader's path breadth-first.
type walker struct {
	ctx    context.Context
	fs     fsys.FS
	loc    location
	ext    string
	slice  filein.SliceOptions
	queue  []dir
	links  *links
	logger *slog.Logger
}

// dir is a directory to list; real is its resolved path when it was
// reached through a symbolic link ("" otherwise).
type dir struct {
	path string
	top  bool // the directory of the path itself: entries must have the prefix
	real string
}

func newWalker(ctx context.Context, f fsys.FS, c *job.Config, logger *slog.Logger) *walker {
	format := c.String("format")
	comp := c.String("compression")
	whole := format == string(fileout.JSON) || c.Bool("file_per_slice") || comp != "" && comp != string(fileout.None)
	delim := c.String("line_delimiter")
	if delim == "" {
		delim = fileout.DefaultLineDelimiter
	}
	return &walker{ctx: ctx, fs: f, loc: readerLocation(c.String("path")), ext: c.String("extension"),
		slice: filein.SliceOptions{Size: int64(c.Int("size")), Delimiter: delim, WholeFile: whole}, logger: logger}
}

// start checks the path (the reference's validatePath, with the reason)
// and queues its directory.
func (w *walker) start() error {
	info, err := w.fs.Stat(w.ctx, w.loc.Dir)
	if err != nil {
		return err
	}
	if !info.IsDir() {
		return fmt.Errorf("%s is not a directory", w.loc.Dir)
	}
	entries, err := w.entries(dir{path: w.loc.Dir, top: true})
	if err != nil {
		return err
	}
	if len(entries) == 0 {
		return w.emptyErr()
	}
	w.links = newLinks(w)
	w.queue = []dir{{path: w.loc.Dir, top: true}}
	return nil
}

func (w *walker) emptyErr() error {
	if w.loc.Prefix != "" {
		return fmt.Errorf("no entry of %s has a name starting with %q", w.loc.Dir, w.loc.Prefix)
	}
	return fmt.Errorf("the directory %s is empty", w.loc.Dir)
}

// next returns the slices of the next queued directory that has any; none
// when the queue is empty.
func (w *walker) next() ([]any, error) {
	for len(w.queue) > 0 {
		d := w.queue[0]
		w.queue = w.queue[1:]
		reqs, err := w.list(d)
		if err != nil || len(reqs) > 0 {
			return reqs, err
		}
	}
	return nil, nil
}

// entries lists a directory without the names the reader skips: names
// starting with "." (temporary files of writers among them) — unless the
// path's own prefix starts with one — and, in the path's directory, names
// without the prefix.
func (w *walker) entries(d dir) ([]fsys.Info, error) {
	all, err := w.fs.ReadDir(w.ctx, d.path)
	if err != nil {
		return nil, err
	}
	out := all[:0]
	for _, e := range all {
		dot := strings.HasPrefix(e.Name, ".") && !(d.top && strings.HasPrefix(w.loc.Prefix, "."))
		if !dot && (!d.top || strings.HasPrefix(e.Name, w.loc.Prefix)) {
			out = append(out, e)
		}
	}
	return out, nil
}

// list returns the slices of a directory's files, in name order, and
// queues its subdirectories. A directory that vanished is skipped.
func (w *walker) list(d dir) ([]any, error) {
	entries, err := w.entries(d)
	if errors.Is(err, fs.ErrNotExist) {
		w.logger.Warn("directory vanished before it was read", "path", d.path)
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var reqs []any
	for _, e := range entries {
		reqs = append(reqs, w.entry(d, e)...)
	}
	return reqs, nil
}

// entry handles one directory entry: a file's slices, a queued directory,
// a followed link, or nothing.
func (w *walker) entry(d dir, e fsys.Info) []any {
	p := path.Join(d.path, e.Name)
	switch e.Kind {
	case fsys.KindFile, fsys.KindDir:
		if d.real != "" && !w.links.first(path.Join(d.real, e.Name)) {
			return nil // already read through another link
		}
		return w.found(p, d.real, e)
	case fsys.KindSymlink:
		return w.links.follow(p)
	}
	w.logger.Warn(e.Name+" is not a file or directory", "path", p)
	return nil
}

// found queues a directory or slices a file; real is the resolved path of
// the directory it is in when that was reached through a link.
func (w *walker) found(p, real string, e fsys.Info) []any {
	if e.IsDir() {
		if real != "" {
			real = path.Join(real, e.Name)
		}
		w.queue = append(w.queue, dir{path: p, real: real})
		return nil
	}
	if e.Size == 0 || !strings.HasSuffix(e.Name, w.ext) {
		return nil
	}
	var reqs []any
	for _, rg := range filein.SegmentFile(p, e.Size, w.slice) {
		reqs = append(reqs, request(rg))
	}
	return reqs
}
