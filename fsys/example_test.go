package fsys_test

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/sluice-dev/sluice/fsys"
)

// A processor opens its connection by kind and uses only the FS interface
// and the package helpers.
func ExampleOpen() {
	root, _ := os.MkdirTemp("", "fsys-example")
	defer os.RemoveAll(root)
	ctx := context.Background()

	f, err := fsys.Open(ctx, fsys.LocalKind, nil)
	if err != nil {
		panic(err)
	}
	out := filepath.Join(root, "out")
	fsys.MkdirAll(ctx, f, out) // a no-op on a backend without directories
	fsys.WriteFile(ctx, f, filepath.Join(out, "1234.0.ldjson"), []byte(`{"a":1}`+"\n"+`{"a":2}`+"\n"))

	infos, _ := f.ReadDir(ctx, out)
	for _, fi := range infos {
		fmt.Println(fi.Name, fi.Kind, fi.Size)
	}
	rc, _ := f.ReadRange(ctx, filepath.Join(out, "1234.0.ldjson"), 8, 100) // past the end: cut short
	b, _ := io.ReadAll(rc)
	rc.Close()
	fmt.Printf("%q\n", b)
	// Output:
	// 1234.0.ldjson file 16
	// "{\"a\":2}\n"
}

// Kinds lists the registered backends; "local" is built in, others register
// when their package is imported (fsys/hdfsfs adds "hdfs").
func ExampleKinds() {
	fmt.Println(fsys.Kinds())
	_, err := fsys.Open(context.Background(), "s3", nil)
	fmt.Println(err)
	// Output:
	// [local]
	// fsys: unknown file system kind "s3" (known: local)
}
