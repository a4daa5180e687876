package dfs

import (
	"path"
	"strings"

	"github.com/sluice-dev/sluice/fsys"
)

// links decides which symbolic links the walk follows: those that lead
// inside the reader's path (fsys.Within, and past the name prefix) to
// something the walk does not reach at its own place — a hidden directory,
// say. A link to a file or directory the walk reads anyway is an alias and
// is skipped, and what links lead to is read once however many lead there,
// so no file is read twice and link cycles end.
type links struct {
	w    *walker
	res  fsys.LinkResolver // nil: the backend has no links to follow
	root string            // the path's directory, resolved
	seen map[string]bool   // resolved paths reached through links
}

func newLinks(w *walker) *links {
	l := &links{w: w, seen: map[string]bool{}}
	if res, ok := w.fs.(fsys.LinkResolver); ok {
		if root, err := res.Realpath(w.ctx, w.loc.Dir); err == nil {
			l.res, l.root = res, root
		}
	}
	return l
}

// first reports whether a resolved path is reached through a link for
// the first time.
func (l *links) first(real string) bool {
	if l.seen[real] {
		return false
	}
	l.seen[real] = true
	return true
}

// follow returns the slices of the file a link at p leads to, or queues
// the directory; nothing when the link is not followed.
func (l *links) follow(p string) []any {
	if l.res == nil {
		l.w.logger.Warn("symbolic link skipped: the file system does not resolve links", "path", p, "backend", l.w.fs.Backend())
		return nil
	}
	real, rel, ok := l.inside(p)
	if !ok {
		return nil
	}
	info, err := l.w.fs.Stat(l.w.ctx, p)
	if err != nil || l.reached(rel, info) || !l.first(real) {
		return nil
	}
	if info.IsDir() {
		l.w.queue = append(l.w.queue, dir{path: p, real: real})
		return nil
	}
	return l.w.found(p, "", info)
}

// inside resolves a link and reports whether it leads inside the path.
func (l *links) inside(p string) (real, rel string, ok bool) {
	in, err := fsys.Within(l.w.ctx, l.w.fs, l.w.loc.Dir, p)
	if err == nil && in {
		real, err = l.res.Realpath(l.w.ctx, p)
	}
	if err != nil {
		l.w.logger.Warn("symbolic link skipped: it cannot be resolved", "path", p, "error", err.Error())
		return "", "", false
	}
	rel = strings.TrimPrefix(strings.TrimPrefix(real, l.root), "/")
	top, _, _ := strings.Cut(rel, "/")
	if !in || !strings.HasPrefix(top, l.w.loc.Prefix) || rel == "" && l.w.loc.Prefix != "" {
		l.w.logger.Warn("symbolic link skipped: it leads outside the path", "path", p)
		return "", "", false
	}
	return real, rel, true
}

// reached reports whether the walk reads what a link leads to (rel, from
// the path's directory) at its own place.
func (l *links) reached(rel string, info fsys.Info) bool {
	parts := strings.Split(rel, "/")
	for i, part := range parts {
		if strings.HasPrefix(part, ".") && !(i == 0 && strings.HasPrefix(l.w.loc.Prefix, ".")) {
			return false
		}
	}
	return info.IsDir() || strings.HasSuffix(path.Base(rel), l.w.ext)
}
