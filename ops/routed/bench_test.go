package routed_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/sluice-dev/sluice/job"
	"github.com/sluice-dev/sluice/ops/fileout"
	"github.com/sluice-dev/sluice/record"
)

// benchRecords are records shaped like data_generator's, routed to four
// routes.
func benchRecords(n int) []*record.Record {
	out := make([]*record.Record, n)
	for i := range out {
		o := record.NewObject(9)
		o.Set("ip", fmt.Sprintf("10.%d.%d.%d", i%256, i/256%256, i/65536%256))
		o.Set("userAgent", "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36")
		o.Set("url", fmt.Sprintf("https://example.org/path/%d?q=%d", i, i*7))
		o.Set("uuid", fmt.Sprintf("3f2b8c1e-9a7d-4e2f-b1c3-%012d", i))
		o.Set("ipv6", "2001:db8:85a3::8a2e:370:7334")
		o.Set("location", "-8.094, -167.71893")
		o.Set("created", "2024-05-16T01:37:21.000Z")
		o.Set("bytes", float64(i*37%100000))
		o.Set("data", fmt.Sprintf("raw line %d with some text", i))
		r := record.New(o)
		r.SetMeta("standard:route", fmt.Sprintf("r%d", i%4))
		out[i] = r
	}
	return out
}

// BenchmarkRoutedSenderToFiles sends slices of 10000 records through
// routed_sender (`**`, four routes) into file_sender_api, per format.
// MB/s counts the uncompressed output; records/s the records routed.
func BenchmarkRoutedSenderToFiles(b *testing.B) {
	for _, c := range []struct {
		format, compression string
		perSlice            bool
		retries             int
	}{
		{"ldjson", "none", false, 0}, {"ldjson", "none", true, 0}, {"ldjson", "none", false, 3},
		{"json", "none", true, 0}, {"csv", "none", false, 0}, {"tsv", "none", false, 0}, {"raw", "none", false, 0},
		{"ldjson", "gzip", true, 0}, {"ldjson", "lz4", true, 0},
	} {
		name := fmt.Sprintf("%s/%s/file_per_slice=%v/max_retries=%d", c.format, c.compression, c.perSlice, c.retries)
		b.Run(name, func(b *testing.B) { benchSend(b, c.format, c.compression, c.perSlice, c.retries) })
	}
}

func benchSend(b *testing.B, format, compression string, perSlice bool, retries int) {
	const n = 10000
	recs := benchRecords(n)
	f, _ := fileout.NewFormatter(fileout.FormatOptions{Format: fileout.Format(format), LineDelimiter: "\n"})
	out, _ := f.Format(recs, false)
	doc := fmt.Sprintf(`{"max_retries": %d, "apis": [{"_name": "file_sender_api", "path": %q, "format": %q, "compression": %q, "file_per_slice": %v}],
		"operations": [{"_op": "test-reader", "passthrough_slice": true},
			{"_op": "routed_sender", "_api_name": "file_sender_api", "routing": {"**": "default"}}]}`,
		retries, b.TempDir(), format, compression, perSlice)
	h, err := job.NewHarness(doc, job.HarnessOptions{})
	if err != nil {
		b.Fatal(err)
	}
	defer h.Close()
	b.SetBytes(int64(len(out)))
	b.ResetTimer()
	start := time.Now()
	for i := 0; i < b.N; i++ {
		if _, err := h.RunSlice(recs); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(n*b.N)/time.Since(start).Seconds(), "records/s")
}
