package stream_test

import (
	"fmt"
	"sync"
	"testing"

	"github.com/twmb/franz-go/pkg/kfake"

	"github.com/sluice-dev/sluice/internal/routetest"
	"github.com/sluice-dev/sluice/job"
	"github.com/sluice-dev/sluice/record"
)

// outage stops the broker before the first attempt of slice 3 and starts
// it again (same port, same data) before the retry.
type outage struct {
	t    *testing.T
	mu   sync.Mutex
	c    *kfake.Cluster
	port int
	dir  string
}

func (o *outage) Process(s *job.Slice, in []*record.Record) ([]*record.Record, error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	switch {
	case s.Order == 3 && s.Attempt == 0:
		o.c.Close()
	case s.Order == 3 && s.Attempt == 1:
		o.c = startCluster(o.t, o.port, o.dir)
	}
	return in, nil
}

var current *outage // the outage of the running test (jobs build the operation by name)

func init() {
	job.Register(&job.Spec{Name: "broker_outage", Kind: job.KindProcessor, Summary: "test: stop and restart the broker",
		NewProcessor: func(*job.OpContext, *job.Config) (job.Processor, error) { return current, nil }})
}

// TestJobSurvivesABrokerOutage runs a whole job while the broker goes away
// for one slice: that slice fails with a clear error, is retried once the
// broker is back, and the topics hold every record exactly once.
func TestJobSurvivesABrokerOutage(t *testing.T) {
	dir := t.TempDir()
	c, addr, port := restartableCluster(t, dir)
	current = &outage{t: t, c: c, port: port, dir: dir}
	slices, want := routetest.WriteSlices(t, t.TempDir(), 6, 40)
	topic := freshTopic("stream-outage")
	doc := fmt.Sprintf(`{"name": "outage", "workers": 1, "max_retries": 2,
		"apis": [{"_name": "stream_sender_api", "topic": %q, "delivery_timeout": 1000}],
		"operations": [
			{"_op": "test-reader", "passthrough_slice": true, "slicer_data_file_path": %q},
			{"_op": "route_from_field"},
			{"_op": "broker_outage"},
			{"_op": "routed_sender", "_api_name": "stream_sender_api", "routing": {"**": "default"}}]}`, topic, slices)
	sum := routetest.RunJob(t, doc, kafkaConns([]string{addr}))
	if sum.Retries == 0 || sum.SlicesFailed != 0 {
		t.Fatalf("retries %d, failed %d: want the outage's slice retried and every slice done", sum.Retries, sum.SlicesFailed)
	}
	wantTopics, topics := byTopic(topic, want)
	if got := received(t, []string{addr}, topics...); fmt.Sprint(got) != fmt.Sprint(wantTopics) {
		t.Errorf("topics hold\n%v\nwant\n%v", got, wantTopics)
	}
}
