package fsystest

import (
	"bytes"
	"io/fs"
	"math/rand/v2"
	"slices"

	"github.com/sluice-dev/sluice/fsys"
)

func dirCases() []testCase {
	return []testCase{
		{"ReadDirByteOrder", readDirOrder},
		{"ReadDirOfFile", readDirOfFile},
		{"ReadDirEmpty", readDirEmpty},
		{"RemoveFileAndDirs", removeCases},
		{"WithinLexical", withinLexical},
	}
}

// listingNames mixes case, digits, punctuation, spaces and multi-byte
// UTF-8 so that byte order differs from every "natural" order.
var listingNames = []string{"b", "B", "a", "_x", "Z", "aa", "a.b", "é", "e", "a b", "~t", "0", "10", "9", "a-", "日本"}

func readDirOrder(e *env) {
	shuffled := slices.Clone(listingNames)
	rand.New(rand.NewPCG(7, 7)).Shuffle(len(shuffled), func(i, j int) { shuffled[i], shuffled[j] = shuffled[j], shuffled[i] })
	for _, n := range shuffled {
		e.write(e.path(n), []byte(n))
	}
	e.mkdir(e.path("dir1"))
	e.mkdir(e.path("Dir2"))
	got := e.list(e.dir)
	want := append(slices.Clone(listingNames), "dir1", "Dir2")
	slices.Sort(want) // Go compares strings byte by byte
	if !slices.Equal(names(got), want) {
		e.Fatalf("listing %q, want byte order %q", names(got), want)
	}
	for _, fi := range got {
		e.checkEntry(fi)
	}
}

func (e *env) checkEntry(fi fsys.Info) {
	e.Helper()
	if fi.Name == "dir1" || fi.Name == "Dir2" {
		if fi.Kind != fsys.KindDir || !fi.IsDir() {
			e.Fatalf("%s: kind %v, want dir", fi.Name, fi.Kind)
		}
		return
	}
	if fi.Kind != fsys.KindFile || fi.Size != int64(len(fi.Name)) {
		e.Fatalf("%s: kind %v size %d, want a file of %d bytes", fi.Name, fi.Kind, fi.Size, len(fi.Name))
	}
}

func readDirOfFile(e *env) {
	name := e.path("f")
	e.write(name, []byte("x"))
	_, err := e.fs.ReadDir(e.ctx, name)
	e.wantErr(err, name, fsys.ErrNotDir)
}

func readDirEmpty(e *env) {
	e.mkdir(e.path("empty"))
	if got := e.list(e.path("empty")); len(got) != 0 {
		e.Fatalf("empty directory lists %q", names(got))
	}
}

func removeCases(e *env) {
	file, dir, full := e.path("f"), e.path("d"), e.path("full")
	e.write(file, []byte("x"))
	e.mkdir(dir)
	e.mkdir(full)
	e.write(e.path("full", "g"), []byte("y"))
	for _, n := range []string{file, dir} {
		if err := e.fs.Remove(e.ctx, n); err != nil {
			e.Fatal(err)
		}
		_, err := e.fs.Stat(e.ctx, n)
		e.wantErr(err, n, fs.ErrNotExist)
	}
	e.wantErr(e.fs.Remove(e.ctx, full), full, fsys.ErrNotEmpty)
	if got := e.read(e.path("full", "g")); !bytes.Equal(got, []byte("y")) {
		e.Fatalf("a refused remove changed the directory: %q", got)
	}
}

func withinLexical(e *env) {
	for _, c := range []struct {
		name string
		want bool
	}{
		{e.dir, true}, {e.path("a"), true}, {e.path("a", "b"), true},
		{e.dir + "x", false}, {e.path(".."), false}, {"/", false},
	} {
		e.mkdir(e.path("a", "b"))
		if c.name == e.dir+"x" {
			e.mkdir(c.name)
		}
		got, err := fsys.Within(e.ctx, e.fs, e.dir, c.name)
		if err != nil || got != c.want {
			e.Fatalf("Within(%s, %s) = %v, %v; want %v", e.dir, c.name, got, err, c.want)
		}
	}
}
