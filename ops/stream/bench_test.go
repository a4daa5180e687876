package stream_test

import (
	"fmt"
	"testing"

	"github.com/sluice-dev/sluice/internal/routetest"
	"github.com/sluice-dev/sluice/internal/testservers"
)

// BenchmarkStreamSender sends slices of records (keyed, routed to four
// topics) to the test broker, per batch size, compression and acks.
func BenchmarkStreamSender(b *testing.B) {
	conns := kafkaConns(testservers.Kafka(b))
	topic := freshTopic("stream-bench")
	for _, c := range []struct {
		compression string
		acks, n     int
	}{{"none", -1, 1000}, {"none", -1, 10000}, {"none", -1, 50000}, {"gzip", -1, 10000}, {"lz4", -1, 10000},
		{"zstd", -1, 10000}, {"snappy", -1, 10000}, {"none", 1, 10000}, {"none", 0, 10000}} {
		b.Run(fmt.Sprintf("%s/acks=%d/%d", c.compression, c.acks, c.n), func(b *testing.B) {
			api := fmt.Sprintf(`{"_name": "stream_sender_api", "topic": %q, "compression": %q, "required_acks": %d, "size": %d}`,
				topic, c.compression, c.acks, c.n)
			routetest.RunBench(b, api, routetest.BenchRecords(c.n), conns)
		})
	}
}
