package dfs

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sluice-dev/sluice/job"
	"github.com/sluice-dev/sluice/record"
)

// paths lists the file of every slice request, call by call ("|" between
// calls, "done" for the call that ends).
func paths(t *testing.T, dir string, calls [][]any) string {
	var parts []string
	for _, call := range calls {
		if call == nil {
			parts = append(parts, "done")
			continue
		}
		var files []string
		for _, req := range call {
			p, _ := req.(*record.Object).Get("path")
			rel, _ := filepath.Rel(dir, p.(string))
			files = append(files, rel)
		}
		parts = append(parts, strings.Join(files, ","))
	}
	return strings.Join(parts, "|")
}

func slicePaths(t *testing.T, dir, op string) string {
	t.Helper()
	return paths(t, dir, slicesOf(t, validate(t, readerJob(op), nil)))
}

func TestSlicerWalksBreadthFirstAndSkipsDotFiles(t *testing.T) {
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{
		"b.ldjson": "{}\n", "a.ldjson": "{}\n", ".hidden.ldjson": "{}\n", ".tmpdir/x.ldjson": "{}\n",
		"sub/c.ldjson": "{}\n", "sub/deep/e.ldjson": "{}\n", "sub2/d.ldjson": "{}\n",
		"zz/empty.ldjson": "", "sub/.a.ldjson.tmp-1234": "{partial",
	})
	os.Mkdir(filepath.Join(dir, "zz", "nothing"), 0o755)
	got := slicePaths(t, dir, `{"_op": "dfs_reader", "path": "`+dir+`/", "format": "ldjson"}`)
	if want := "a.ldjson,b.ldjson|sub/c.ldjson|sub2/d.ldjson|sub/deep/e.ldjson|done"; got != want {
		t.Fatalf("got  %s\nwant %s", got, want)
	}
}

// Row 24: a last directory that yields nothing (only empty files, or
// empty) ends the slicer cleanly.
func TestEmptyLastDirectoryEndsTheSlicer(t *testing.T) {
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{"x.ldjson": "{}\n", "y/empty": "", "z/.only-hidden": "{}\n"})
	got := slicePaths(t, dir, `{"_op": "dfs_reader", "path": "`+dir+`/", "format": "ldjson"}`)
	if got != "x.ldjson|done" {
		t.Fatalf("got %s", got)
	}
}

func TestPathPrefixAndExtension(t *testing.T) {
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{
		"part-1.json": "{}", "part-2/x.json": "{}", "part-2/y.txt": "{}", "other.json": "{}", "part-3.txt": "{}",
	})
	got := slicePaths(t, dir, `{"_op": "dfs_reader", "path": "`+dir+`/part-", "format": "json", "extension": ".json"}`)
	if got != "part-1.json|part-2/x.json|done" {
		t.Fatalf("got %s", got)
	}
}

func TestInvalidPaths(t *testing.T) {
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{"file.json": "{}", "empty/.keep": ""})
	for path, want := range map[string]string{
		dir + "/missing/":   "no such file or directory",
		dir + "/file.json/": "not a directory",
		dir + "/empty/":     "the directory " + dir + "/empty is empty",
		dir + "/nomatch":    `no entry of ` + dir + ` has a name starting with "nomatch"`,
	} {
		j := validate(t, readerJob(`{"_op": "dfs_reader", "path": "`+path+`", "format": "json"}`), nil)
		op := j.Operations[0]
		_, err := op.Spec.NewSlicer(&job.SlicerContext{Job: j, Config: op}, op)
		if err == nil || !strings.Contains(err.Error(), `Path "`+path+`" is not valid`) || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v", path, err)
		}
	}
}

// TestSymlinksInsideThePathAreFollowedOnce: a link is followed when it
// leads inside the path to something the walk does not reach itself (a
// hidden directory); links to what the walk reads anyway, links outside
// the path and cycles are not, and nothing is read twice.
func TestSymlinksInsideThePathAreFollowedOnce(t *testing.T) {
	outside := t.TempDir()
	writeTree(t, outside, map[string]string{"secret.ldjson": "{\"n\":\"outside\"}\n"})
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{
		"real/f.ldjson": "{\"n\":\"real\"}\n", ".hidden/g.ldjson": "{\"n\":\"hidden\"}\n",
	})
	for link, target := range map[string]string{
		"alias": "real", "falias.ldjson": "real/f.ldjson", "inh": ".hidden", "inh2.ldjson": ".hidden/g.ldjson",
		"out": outside, "outfile.ldjson": filepath.Join(outside, "secret.ldjson"), "loop": ".", "real/back": "..",
		"dangling.ldjson": "nowhere",
	} {
		if err := os.Symlink(target, filepath.Join(dir, link)); err != nil {
			t.Fatal(err)
		}
	}
	recs := readAll(t, readerJob(`{"_op": "dfs_reader", "path": "`+dir+`/", "format": "ldjson"}`), nil)
	if got := values(recs); got != `[{"n":"hidden"},{"n":"real"}]` {
		t.Fatalf("got %s", got)
	}
	if p, _ := recs[0].GetMeta("path"); p != dir+"/inh2.ldjson" {
		t.Errorf("hidden file read as %v", p)
	}
}

func TestPersistentSlicerIdlesWhenDone(t *testing.T) {
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{"a.json": "{}"})
	doc := `{"lifecycle": "persistent", "operations": [{"_op": "dfs_reader", "path": "` + dir + `/", "format": "json"}, {"_op": "noop"}]}`
	j := validate(t, doc, nil)
	op := j.Operations[0]
	s, err := op.Spec.NewSlicer(&job.SlicerContext{Job: j, Config: op}, op)
	if err != nil {
		t.Fatal(err)
	}
	for i, want := range []int{1, 0, 0} {
		reqs, done, err := s.Slice(context.Background())
		if err != nil || done || len(reqs) != want {
			t.Fatalf("call %d: %d requests, done %v, %v", i, len(reqs), done, err)
		}
	}
}
