package fsys_test

import (
	"context"
	"errors"
	"io/fs"
	"strings"
	"testing"

	"github.com/sluice-dev/sluice/fsys"
)

func TestRegisterRefusesDuplicatesAndBlanks(t *testing.T) {
	for _, tc := range []struct {
		kind string
		open fsys.Opener
	}{
		{fsys.LocalKind, func(context.Context, map[string]any) (fsys.FS, error) { return nil, nil }},
		{"", func(context.Context, map[string]any) (fsys.FS, error) { return nil, nil }},
		{"nil-opener", nil},
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("Register(%q) did not panic", tc.kind)
				}
			}()
			fsys.Register(tc.kind, tc.open)
		}()
	}
}

func TestLocalRejectsSettings(t *testing.T) {
	_, err := fsys.Open(context.Background(), fsys.LocalKind, map[string]any{"kind": "local", "root": "/x", "bucket": "b"})
	if err == nil || err.Error() != "fsys: local connection: unknown setting(s) bucket, root (it takes none)" {
		t.Fatalf("got %v", err)
	}
}

func TestWithinLexicalPaths(t *testing.T) {
	// A backend without symbolic links answers from the paths alone.
	f := noLinks{}
	for _, tc := range []struct {
		root, name string
		want       bool
	}{
		{"/data", "/data", true},
		{"/data", "/data/a/b", true},
		{"/data/", "/data/a", true},
		{"/data", "/database", false},
		{"/data", "/data/../etc", false},
		{"/", "/anything", true},
		{".", "a/b", true},
		{".", "../a", false},
		{"in", "in/x", true},
		{"in", "inx", false},
	} {
		got, err := fsys.Within(context.Background(), f, tc.root, tc.name)
		if err != nil || got != tc.want {
			t.Errorf("Within(%q, %q) = %v, %v; want %v", tc.root, tc.name, got, err, tc.want)
		}
	}
}

// noLinks is an FS without any capability; only Backend is ever called.
type noLinks struct{ fsys.FS }

func (noLinks) Backend() string { return "test" }

func TestHelpersWithoutCapabilities(t *testing.T) {
	ctx := context.Background()
	if err := fsys.MkdirAll(ctx, noLinks{}, "/x"); err != nil {
		t.Errorf("MkdirAll without directories: %v", err)
	}
	if _, err := fsys.Append(ctx, noLinks{}, "/x"); !errors.Is(err, errors.ErrUnsupported) || !strings.Contains(err.Error(), "test append /x") {
		t.Errorf("Append: %v", err)
	}
	if err := fsys.Rename(ctx, noLinks{}, "/x", "/y"); !errors.Is(err, errors.ErrUnsupported) {
		t.Errorf("Rename: %v", err)
	}
}

func TestClassifyKeepsMessageAndChain(t *testing.T) {
	base := &fs.PathError{Op: "open", Path: "p", Err: fs.ErrPermission}
	err := fsys.Wrap("hdfs", "read", "/p", fsys.Classify(base, fsys.ErrIsDir))
	if !errors.Is(err, fsys.ErrIsDir) || !errors.Is(err, fs.ErrPermission) || errors.Is(err, fsys.ErrNotDir) {
		t.Fatalf("classification lost: %v", err)
	}
	if got := err.Error(); got != "hdfs read /p: open p: permission denied" {
		t.Fatalf("message %q", got)
	}
	if fsys.Wrap("local", "x", "y", nil) != nil || fsys.Classify(nil, fsys.ErrIsDir) != nil {
		t.Fatal("nil errors must stay nil")
	}
}

func TestTempNameIsHiddenSibling(t *testing.T) {
	a, b := fsys.TempName("/out/dir/1234.0.ldjson"), fsys.TempName("/out/dir/1234.0.ldjson")
	if !strings.HasPrefix(a, "/out/dir/.1234.0.ldjson.tmp-") || a == b {
		t.Fatalf("temp names %q %q", a, b)
	}
	if got := fsys.TempName("f"); !strings.HasPrefix(got, ".f.tmp-") {
		t.Fatalf("relative temp name %q", got)
	}
}
