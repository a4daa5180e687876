package stream_test

import (
	"fmt"
	"testing"

	"github.com/sluice-dev/sluice/internal/routetest"
	"github.com/sluice-dev/sluice/internal/testservers"
)

// TestJobsDeliverEveryRecordOnce runs whole jobs (two workers; odd slices
// fail after routed_sender on their first attempt and are retried) into
// stream_sender_api with every compression and ack setting: reading the
// topics <topic>-<route> back finds every record exactly once, keyed by
// its _key.
func TestJobsDeliverEveryRecordOnce(t *testing.T) {
	brokers := testservers.Kafka(t)
	for _, c := range []struct {
		compression string
		acks        int
	}{{"none", -1}, {"gzip", -1}, {"snappy", -1}, {"lz4", -1}, {"zstd", -1}, {"gzip", 1}, {"none", 0}} {
		t.Run(fmt.Sprintf("%s-acks%d", c.compression, c.acks), func(t *testing.T) {
			slices, want := routetest.WriteSlices(t, t.TempDir(), 10, 30)
			topic := freshTopic("stream-job")
			doc := fmt.Sprintf(`{"name": "stream", "workers": 2, "max_retries": 2,
				"apis": [{"_name": "stream_sender_api", "topic": %q, "compression": %q, "required_acks": %d}],
				"operations": [
					{"_op": "test-reader", "passthrough_slice": true, "slicer_data_file_path": %q},
					{"_op": "route_from_field"},
					{"_op": "routed_sender", "_api_name": "stream_sender_api", "routing": {"**": "default"}, "size": 12},
					{"_op": "fail_first_attempt"}]}`, topic, c.compression, c.acks, slices)
			sum := routetest.RunJob(t, doc, kafkaConns(brokers))
			if sum.Retries == 0 || sum.SlicesFailed != 0 {
				t.Fatalf("retries %d, failed %d: the scenario must retry and succeed", sum.Retries, sum.SlicesFailed)
			}
			wantTopics, topics := byTopic(topic, want)
			if got := received(t, brokers, topics...); fmt.Sprint(got) != fmt.Sprint(wantTopics) {
				t.Errorf("topics hold\n%v\nwant\n%v", got, wantTopics)
			}
		})
	}
}
