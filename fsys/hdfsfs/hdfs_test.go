package hdfsfs_test

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"net"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/sluice-dev/sluice/fsys"
	"github.com/sluice-dev/sluice/fsys/fsystest"
	"github.com/sluice-dev/sluice/fsys/hdfsfs"
	"github.com/sluice-dev/sluice/internal/hdfstest"
)

const testBlockSize = 64 << 10

// connect starts a test NameNode + DataNode and opens the backend on it
// through the registry, as a processor would.
func connect(tb testing.TB, blockSize int64) fsys.FS {
	tb.Helper()
	srv := hdfstest.StartTB(tb, hdfstest.Options{BlockSize: blockSize})
	f, err := fsys.Open(context.Background(), hdfsfs.Kind, map[string]any{"namenodes": []any{srv.Addr()}})
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { f.Close() })
	return f
}

func TestConformance(t *testing.T) {
	f := connect(t, testBlockSize)
	var n atomic.Int64
	fsystest.Run(t, fsystest.Harness{
		New: func(t *testing.T) (fsys.FS, string) {
			dir := fmt.Sprintf("/t/case%d", n.Add(1))
			if err := fsys.MkdirAll(context.Background(), f, dir); err != nil {
				t.Fatal(err)
			}
			return f, dir
		},
		BlockSize: testBlockSize,
	})
}

func BenchmarkHDFSWrite(b *testing.B) {
	f := connect(b, 64<<20)
	fsystest.BenchWrite(b, f, "/bench", 64<<20)
}

func BenchmarkHDFSRead(b *testing.B) {
	f := connect(b, 64<<20)
	fsystest.BenchRead(b, f, "/bench", 64<<20)
}

func TestRelativeNamesResolveAgainstHome(t *testing.T) {
	f := connect(t, testBlockSize)
	ctx := context.Background()
	if err := fsys.MkdirAll(ctx, f, "/user/dfs/in"); err != nil {
		t.Fatal(err)
	}
	if err := fsys.WriteFile(ctx, f, "in/a.json", []byte("{}")); err != nil {
		t.Fatal(err)
	}
	if b, err := fsys.ReadFile(ctx, f, "/user/dfs/in/a.json"); err != nil || string(b) != "{}" {
		t.Fatalf("read %q, %v", b, err)
	}
}

func TestRemoteErrorsAreClassified(t *testing.T) {
	f := connect(t, testBlockSize)
	ctx := context.Background()
	fsys.WriteFile(ctx, f, "/file", []byte("x"))
	err := fsys.Rename(ctx, f, "/file", "/file/below")
	if !errors.Is(err, fsys.ErrNotDir) || !strings.Contains(err.Error(), "ParentNotDirectoryException") || !strings.Contains(err.Error(), "is a file") {
		t.Fatalf("rename under a file: %v", err)
	}
	_, err = f.Stat(ctx, "/bad:name") // Hadoop refuses ":" in a path component
	if !errors.Is(err, fs.ErrInvalid) || !strings.Contains(err.Error(), "Invalid path name") {
		t.Fatalf("invalid path: %v", err)
	}
}

func TestConnectFailures(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close() // nothing listens there now
	_, err = fsys.Open(context.Background(), hdfsfs.Kind, map[string]any{"namenodes": addr})
	var pe *fsys.PathError
	if !errors.As(err, &pe) || pe.Op != "connect" || pe.Path != addr {
		t.Fatalf("connecting to a closed port: %v", err)
	}
	if _, err := fsys.Open(context.Background(), hdfsfs.Kind, map[string]any{}); err == nil {
		t.Fatal("a connection without namenodes opened")
	}
}
