package objstore_test

import (
	"fmt"
	"testing"

	"github.com/sluice-dev/sluice/internal/routetest"
)

// BenchmarkObjectSender sends slices of records (routed to four routes:
// four objects per slice) to the test object store, per format and
// compression and batch size.
func BenchmarkObjectSender(b *testing.B) {
	s := testStore(b)
	bucket := freshBucket()
	for _, c := range []struct {
		format, compression string
		n                   int
	}{{"ldjson", "none", 1000}, {"ldjson", "none", 10000}, {"ldjson", "none", 50000}, {"ldjson", "gzip", 10000},
		{"ldjson", "lz4", 10000}, {"csv", "none", 10000}, {"json", "none", 10000}} {
		b.Run(fmt.Sprintf("%s/%s/%d", c.format, c.compression, c.n), func(b *testing.B) {
			api := fmt.Sprintf(`{"_name": "object_sender_api", "path": "%s/bench", "format": %q, "compression": %q}`, bucket, c.format, c.compression)
			routetest.RunBench(b, api, routetest.BenchRecords(c.n), s.conns)
		})
	}
}
