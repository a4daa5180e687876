package fileout

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/sluice-dev/sluice/record"
)

func benchRecs(n int) []*record.Record {
	out := make([]*record.Record, n)
	for i := range out {
		o := record.NewObject(6)
		o.Set("ip", fmt.Sprintf("10.0.%d.%d", i/256%256, i%256))
		o.Set("url", fmt.Sprintf("https://example.org/path/%d?q=%d", i, i*7))
		o.Set("uuid", fmt.Sprintf("3f2b8c1e-9a7d-4e2f-b1c3-%012d", i))
		o.Set("created", "2024-05-16T01:37:21.000Z")
		o.Set("bytes", float64(i*37%100000))
		o.Set("data", fmt.Sprintf("raw line %d", i))
		out[i] = record.New(o)
	}
	return out
}

// BenchmarkFormat is the formatter alone, per format (MB/s of output).
func BenchmarkFormat(b *testing.B) {
	recs := benchRecs(10000)
	for _, f := range Formats {
		b.Run(f, func(b *testing.B) {
			fm, _ := NewFormatter(FormatOptions{Format: Format(f), LineDelimiter: "\n"})
			buf, _ := fm.Append(nil, recs, true)
			b.SetBytes(int64(len(buf)))
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				buf, _ = fm.Append(buf[:0], recs, true)
			}
		})
	}
}

// BenchmarkGrowingFile compares two ways to keep a worker's growing file
// (no file_per_slice) complete-or-absent under its final name, over 100
// slices of about 0.9 MB: appending every slice to one hidden version that
// is renamed once at shutdown (what Sender does), against writing a whole
// new version (copy + append + rename) after every slice.
func BenchmarkGrowingFile(b *testing.B) {
	fm, _ := NewFormatter(FormatOptions{Format: LDJSON, LineDelimiter: "\n"})
	slice, _ := fm.Append(nil, benchRecs(8000), false)
	const slices = 100
	b.Run("append-commit-at-close", func(b *testing.B) {
		b.SetBytes(int64(len(slice) * slices))
		for i := 0; i < b.N; i++ {
			dir := b.TempDir()
			s, _ := NewSender(SenderOptions{Path: dir, ID: "w", Format: fm.opt})
			recs := benchRecs(8000)
			for k := 0; k < slices; k++ {
				if _, err := s.Send(context.Background(), recs); err != nil {
					b.Fatal(err)
				}
			}
			if err := s.Close(); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("rewrite-per-slice", func(b *testing.B) {
		b.SetBytes(int64(len(slice) * slices))
		for i := 0; i < b.N; i++ {
			final := filepath.Join(b.TempDir(), "w.ldjson")
			for k := 0; k < slices; k++ {
				rewrite(b, final, slice)
			}
		}
	})
}

// rewrite makes a new version of final: its old bytes, then data.
func rewrite(b *testing.B, final string, data []byte) {
	f, err := Local{}.Create(final)
	if err != nil {
		b.Fatal(err)
	}
	if old, err := os.Open(final); err == nil {
		_, _ = io.Copy(f, old)
		old.Close()
	}
	f.Write(data)
	if err := f.Commit(); err != nil {
		b.Fatal(err)
	}
}
