package routed_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/sluice-dev/sluice/internal/routetest"
	"github.com/sluice-dev/sluice/job"
	"github.com/sluice-dev/sluice/ops/fileout"
)

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
	recs := routetest.BenchRecords(n)
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
