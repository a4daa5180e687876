package fsystest

import (
	"bytes"
	"context"
	"errors"
	"io"
	"math/rand/v2"
	"path"
	"slices"
	"strings"
	"testing"

	"github.com/sluice-dev/sluice/fsys"
)

// Harness describes a backend under test.
type Harness struct {
	// New returns the file system and a fresh, empty directory on it that
	// the test owns. It is called once per test case.
	New func(t *testing.T) (fsys.FS, string)
	// Symlink creates link pointing at target. Nil for a backend without
	// symbolic links: the symlink cases are skipped.
	Symlink func(t *testing.T, target, link string)
	// BlockSize, when the backend stores files in blocks, makes the range
	// and append cases probe every block boundary of a file several blocks
	// long. Zero uses a 256 KiB file without block boundaries in mind.
	BlockSize int
}

type testCase struct {
	name string
	run  func(e *env)
}

// cases lists every check; each runs on its own fresh directory.
func cases() []testCase {
	return slices.Concat(writeCases(), readCases(), dirCases(), capabilityCases())
}

// Run runs the conformance suite against the backend h describes.
func Run(t *testing.T, h Harness) {
	for _, c := range cases() {
		t.Run(c.name, func(t *testing.T) {
			f, dir := h.New(t)
			c.run(&env{T: t, fs: f, dir: dir, ctx: context.Background(), h: h})
		})
	}
}

// env is one test case's world.
type env struct {
	*testing.T
	fs  fsys.FS
	dir string
	ctx context.Context
	h   Harness
}

func (e *env) path(parts ...string) string {
	return path.Join(append([]string{e.dir}, parts...)...)
}

func (e *env) write(name string, data []byte) {
	e.Helper()
	if err := fsys.WriteFile(e.ctx, e.fs, name, data); err != nil {
		e.Fatalf("write %s: %v", name, err)
	}
}

func (e *env) read(name string) []byte {
	e.Helper()
	b, err := fsys.ReadFile(e.ctx, e.fs, name)
	if err != nil {
		e.Fatalf("read %s: %v", name, err)
	}
	return b
}

func (e *env) mkdir(name string) {
	e.Helper()
	if err := fsys.MkdirAll(e.ctx, e.fs, name); err != nil {
		e.Fatalf("mkdir %s: %v", name, err)
	}
}

func (e *env) list(name string) []fsys.Info {
	e.Helper()
	infos, err := e.fs.ReadDir(e.ctx, name)
	if err != nil {
		e.Fatalf("readdir %s: %v", name, err)
	}
	return infos
}

func names(infos []fsys.Info) []string {
	out := make([]string, len(infos))
	for i, fi := range infos {
		out[i] = fi.Name
	}
	return out
}

// wantErr checks that err is a *fsys.PathError of this backend naming name
// and that errors.Is(err, kind) holds (kind nil: any error).
func (e *env) wantErr(err error, name string, kind error) {
	e.Helper()
	var pe *fsys.PathError
	switch {
	case err == nil:
		e.Fatalf("%s: no error, want %v", name, kind)
	case !errors.As(err, &pe):
		e.Fatalf("%s: error %T %v is not a *fsys.PathError", name, err, err)
	case pe.Backend != e.fs.Backend() || pe.Path != name || !strings.Contains(err.Error(), name):
		e.Fatalf("%s: error %q names backend %q path %q", name, err, pe.Backend, pe.Path)
	case kind != nil && !errors.Is(err, kind):
		e.Fatalf("%s: error %v is not %v", name, err, kind)
	}
}

// payload is n reproducible pseudo-random bytes.
func payload(n int, seed uint64) []byte {
	r := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	return b
}

// readRange reads [off, off+n) through ReadRange in small pieces, to
// exercise streaming.
func (e *env) readRange(name string, off, n int64) []byte {
	e.Helper()
	rc, err := e.fs.ReadRange(e.ctx, name, off, n)
	if err != nil {
		e.Fatalf("range %s [%d,+%d): %v", name, off, n, err)
	}
	defer rc.Close()
	var out bytes.Buffer
	if _, err := io.CopyBuffer(&out, struct{ io.Reader }{rc}, make([]byte, 4093)); err != nil {
		e.Fatalf("range %s [%d,+%d): %v", name, off, n, err)
	}
	return out.Bytes()
}
