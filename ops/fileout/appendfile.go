package fileout

import (
	"errors"
	"io"
	"sync"
)

// appendFile is the growing file of a worker (without FilePerSlice): a
// hidden new version of the final file that every Send appends to and that
// is committed when the last sender holding it is closed. The versions are
// shared by every sender of the process, so two senders that write the same
// file (two routes naming one directory) append to one version.
type appendFile struct {
	mu     sync.Mutex // held by a Send from staging to commit or rollback
	key    string
	name   string
	fs     FS
	f      File // nil until the first write
	header bool // the file is new and has no header yet
	old    bool // a committed file existed: it is carried over
	refs   int
}

var appendFiles = struct {
	sync.Mutex
	m map[string]*appendFile
}{m: map[string]*appendFile{}}

// hold returns the shared version of a final file name, counting this
// sender as a holder once.
func (s *Sender) hold(name string) *appendFile {
	key := canonical(s.opt.FS, name)
	s.mu.Lock()
	defer s.mu.Unlock()
	if a := s.held[key]; a != nil {
		return a
	}
	appendFiles.Lock()
	defer appendFiles.Unlock()
	a := appendFiles.m[key]
	if a == nil {
		a = &appendFile{key: key, name: name, fs: s.opt.FS}
		appendFiles.m[key] = a
	}
	a.refs++
	s.held[key] = a
	return a
}

func canonical(fs FS, name string) string {
	if c, ok := fs.(Canonicaler); ok {
		return c.Canonical(name)
	}
	return name
}

// open starts the new version on the first write: an existing file's bytes
// are copied into it (and it gets no header, as in the reference).
func (a *appendFile) open() error {
	if a.f != nil {
		return nil
	}
	exists, err := a.fs.Exists(a.name)
	if err != nil {
		return err
	}
	f, err := a.fs.Create(a.name)
	if err != nil {
		return err
	}
	if exists {
		if err := copyInto(f, a.fs, a.name); err != nil {
			return errors.Join(err, f.Abort())
		}
	}
	a.f, a.header, a.old = f, !exists, exists
	return nil
}

func copyInto(f File, fs FS, name string) error {
	r, err := fs.Open(name)
	if err != nil {
		return err
	}
	_, err = io.Copy(f, r)
	return errors.Join(err, r.Close())
}

// Settler is a File that cannot truncate what it has written out, so it
// holds its latest writes back (where Truncate can still drop them) until
// Settle writes them out: a Send settles a growing file once nothing can
// undo its part any more.
type Settler interface {
	Settle() error
}

// settle writes out what a Settler holds back.
func (a *appendFile) settle() error {
	if s, ok := a.f.(Settler); ok {
		return s.Settle()
	}
	return nil
}

// release drops one holder; the last one commits the version (or discards
// it when nothing was written to a file that did not exist).
func (a *appendFile) release() error {
	appendFiles.Lock()
	a.refs--
	last := a.refs == 0
	if last {
		delete(appendFiles.m, a.key)
	}
	appendFiles.Unlock()
	if !last {
		return nil
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	switch {
	case a.f == nil:
		return nil
	case a.f.Size() == 0 && !a.old:
		return a.f.Abort()
	}
	return a.f.Commit()
}
