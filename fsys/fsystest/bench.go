package fsystest

import (
	"context"
	"io"
	"path"
	"testing"

	"github.com/sluice-dev/sluice/fsys"
)

// chunk is the write and read buffer of the benchmarks.
const chunk = 1 << 20

// BenchWrite measures Create + Write + Commit of a size-byte file in 1 MiB
// writes; b reports MB/s.
func BenchWrite(b *testing.B, f fsys.FS, dir string, size int) {
	data := payload(chunk, 99)
	name := path.Join(dir, "bench-write")
	ctx := context.Background()
	if err := fsys.MkdirAll(ctx, f, dir); err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(size))
	b.ResetTimer()
	for b.Loop() {
		w, err := f.Create(ctx, name)
		if err != nil {
			b.Fatal(err)
		}
		for left := size; left > 0; left -= chunk {
			if _, err := w.Write(data[:min(left, chunk)]); err != nil {
				b.Fatal(err)
			}
		}
		if err := w.Commit(); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchRead measures streaming a whole size-byte file through ReadRange with
// a 1 MiB buffer; b reports MB/s.
func BenchRead(b *testing.B, f fsys.FS, dir string, size int) {
	name := path.Join(dir, "bench-read")
	ctx := context.Background()
	if err := fsys.MkdirAll(ctx, f, dir); err != nil {
		b.Fatal(err)
	}
	if err := fsys.WriteFile(ctx, f, name, payload(size, 98)); err != nil {
		b.Fatal(err)
	}
	buf := make([]byte, chunk)
	b.SetBytes(int64(size))
	b.ResetTimer()
	for b.Loop() {
		rc, err := f.ReadRange(ctx, name, 0, -1)
		if err != nil {
			b.Fatal(err)
		}
		n, err := io.CopyBuffer(io.Discard, struct{ io.Reader }{rc}, buf)
		rc.Close()
		if err != nil || n != int64(size) {
			b.Fatalf("read %d of %d bytes: %v", n, size, err)
		}
	}
}
