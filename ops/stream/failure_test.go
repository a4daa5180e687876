package stream_test

import (
	"bufio"
	"encoding/json"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/twmb/franz-go/pkg/kerr"
	"github.com/twmb/franz-go/pkg/kmsg"

	"github.com/sluice-dev/sluice/internal/testservers"
	"github.com/sluice-dev/sluice/job"
	"github.com/sluice-dev/sluice/record"
)

func recordsOf(t testing.TB, from, n int, route string) []*record.Record {
	out := make([]*record.Record, n)
	for i := range out {
		id := from + i
		r := record.New(record.FromMap(map[string]any{"id": float64(id)}))
		r.SetMeta("_key", fmt.Sprint("k", id))
		if route != "" {
			r.SetMeta("standard:route", route)
		}
		out[i] = r
	}
	return out
}

// deadLetters reads a dead_letter_file: one {code, message, record} per line.
func deadLetters(t testing.TB, path string) []map[string]any {
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []map[string]any
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var m map[string]any
		if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
			t.Fatal(err)
		}
		out = append(out, m)
	}
	return out
}

// TestRecordFaultsGoToTheDeadLetterAction: a record larger than
// max_message_bytes and one whose id_field is not a string are handed to
// the api's dead-letter action with the reason, a record whose route makes
// no valid topic name to routed_sender's; the rest of the batch is
// delivered once.
func TestRecordFaultsGoToTheDeadLetterAction(t *testing.T) {
	brokers := testservers.Kafka(t)
	topic := freshTopic("stream-dead")
	dir := t.TempDir()
	dead, routeDead := filepath.Join(dir, "dead.ndjson"), filepath.Join(dir, "route-dead.ndjson")
	h, err := job.ProcessorHarness(`{"_op": "routed_sender", "_api_name": "stream_sender_api", "routing": {"**": "default"}, "_dead_letter_action": "dead_letter_file:routes"}`,
		fmt.Sprintf(`[{"_name": "stream_sender_api", "topic": %q, "id_field": "key", "max_message_bytes": 2048, "_dead_letter_action": "dead_letter_file"},
			{"_name": "dead_letter_file", "path": %q}, {"_name": "dead_letter_file:routes", "path": %q}]`, topic, dead, routeDead),
		job.HarnessOptions{Options: job.Options{Conns: kafkaConns(brokers)}})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	var recs []*record.Record
	for i := range 7 {
		o := record.FromMap(map[string]any{"id": float64(i), "key": fmt.Sprint("k", i)})
		route := "ok"
		switch i {
		case 2:
			o.Set("pad", strings.Repeat("x", 4096))
		case 4:
			o.Set("key", 4.0)
		case 6:
			route = "no/slash"
		}
		r := record.New(o)
		r.SetMeta("standard:route", route)
		recs = append(recs, r)
	}
	if _, err := h.RunSlice(recs); err != nil {
		t.Fatal(err)
	}
	want := map[string]map[int]int{topic + "-ok": {0: 1, 1: 1, 3: 1, 5: 1}}
	if got := received(t, brokers, topic+"-ok"); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("topic holds %v, want %v", got, want)
	}
	letters := deadLetters(t, dead)
	if len(letters) != 2 {
		t.Fatalf("dead letters %v, want 2", letters)
	}
	reasons := fmt.Sprint(letters[0]["message"], " | ", letters[1]["message"])
	for _, want := range []string{"MESSAGE_TOO_LARGE", "invalid id_field on record key"} {
		if !strings.Contains(reasons, want) {
			t.Errorf("dead-letter reasons %q lack %q", reasons, want)
		}
	}
	if letters := deadLetters(t, routeDead); len(letters) != 1 || !strings.Contains(fmt.Sprint(letters[0]["message"]), "is not a valid topic name") {
		t.Errorf("routed_sender's dead letters %v, want the record routed no/slash", letters)
	}
}

// TestBrokerDownFailsTheSendAndLosesNothing stops the broker between two
// slices: the second fails with a clear error soon after the delivery
// timeout (the idempotent producer alone would wait for the broker
// forever), and sent again after the broker restarts (from its data
// directory) it arrives; every record is in the topic once.
func TestBrokerDownFailsTheSendAndLosesNothing(t *testing.T) {
	dir := t.TempDir()
	c, addr, port := restartableCluster(t, dir)
	topic := freshTopic("stream-down")
	h, err := job.ProcessorHarness(`{"_op": "routed_sender", "_api_name": "stream_sender_api", "routing": {"*": "default"}}`,
		fmt.Sprintf(`[{"_name": "stream_sender_api", "topic": %q, "delivery_timeout": 1500, "max_retries": 3}]`, topic),
		job.HarnessOptions{Options: job.Options{Conns: kafkaConns([]string{addr})}})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	if _, err := h.RunSlice(recordsOf(t, 0, 20, "")); err != nil {
		t.Fatal(err)
	}
	c.Close()
	start := time.Now()
	_, err = h.RunSlice(recordsOf(t, 20, 20, ""))
	if err == nil || !strings.Contains(err.Error(), "did not acknowledge 20 of 20 message(s)") && !strings.Contains(err.Error(), fmt.Sprintf("producing to topic %q", topic)) {
		t.Fatalf("sending to a stopped broker: %v", err)
	}
	if took := time.Since(start); took > 20*time.Second {
		t.Fatalf("the failed send took %v", took)
	}
	startCluster(t, port, dir)
	if _, err := h.RunSlice(recordsOf(t, 20, 20, "")); err != nil {
		t.Fatalf("after the restart: %v", err)
	}
	want := map[string]map[int]int{topic: {}}
	for id := range 40 {
		want[topic][id] = 1
	}
	if got := received(t, []string{addr}, topic); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("topic holds %v, want %v", got, want)
	}
}

// TestRetriableErrorsAreRetried: the broker answers the first produce
// requests with a retriable error; the idempotent producer retries and
// every record arrives once.
func TestRetriableErrorsAreRetried(t *testing.T) {
	c := startCluster(t, 0, t.TempDir())
	var failed atomic.Int32
	c.ControlKey(int16(kmsg.Produce), func(req kmsg.Request) (kmsg.Response, error, bool) {
		if failed.Add(1) > 2 {
			return nil, nil, false
		}
		c.KeepControl()
		return produceError(req.(*kmsg.ProduceRequest), kerr.NotEnoughReplicas), nil, true
	})
	topic := freshTopic("stream-retry")
	brokers := c.ListenAddrs()
	h, err := job.ProcessorHarness(`{"_op": "routed_sender", "_api_name": "stream_sender_api", "routing": {"*": "default"}}`,
		fmt.Sprintf(`[{"_name": "stream_sender_api", "topic": %q}]`, topic),
		job.HarnessOptions{Options: job.Options{Conns: kafkaConns(brokers)}})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	start := time.Now()
	if _, err := h.RunSlice(recordsOf(t, 0, 30, "")); err != nil {
		t.Fatal(err)
	}
	t.Logf("sent in %v", time.Since(start))
	if failed.Load() < 2 {
		t.Fatalf("the broker refused %d requests, want 2", failed.Load())
	}
	want := map[string]map[int]int{topic: {}}
	for id := range 30 {
		want[topic][id] = 1
	}
	if got := received(t, brokers, topic); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("topic holds %v, want %v", got, want)
	}
}

// TestRetriesAreLimited: a broker that refuses every produce request with
// a retriable error fails the Send after max_retries, with the broker's
// reason, and nothing is delivered.
func TestRetriesAreLimited(t *testing.T) {
	c := startCluster(t, 0, t.TempDir())
	var refused atomic.Int32
	c.ControlKey(int16(kmsg.Produce), func(req kmsg.Request) (kmsg.Response, error, bool) {
		refused.Add(1)
		c.KeepControl()
		return produceError(req.(*kmsg.ProduceRequest), kerr.NotEnoughReplicas), nil, true
	})
	topic := freshTopic("stream-limit")
	h, err := job.ProcessorHarness(`{"_op": "routed_sender", "_api_name": "stream_sender_api", "routing": {"*": "default"}}`,
		fmt.Sprintf(`[{"_name": "stream_sender_api", "topic": %q, "max_retries": 1}]`, topic),
		job.HarnessOptions{Options: job.Options{Conns: kafkaConns(c.ListenAddrs())}})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	_, err = h.RunSlice(recordsOf(t, 0, 10, ""))
	if err == nil || !strings.Contains(err.Error(), "NOT_ENOUGH_REPLICAS") {
		t.Fatalf("a broker refusing everything: %v", err)
	}
	if n := refused.Load(); n < 2 || n > 6 {
		t.Errorf("the broker saw %d produce requests, want 2 (one retry; a few more if the client splits them)", n)
	}
}

// produceError answers a produce request with err for every partition.
func produceError(req *kmsg.ProduceRequest, err *kerr.Error) *kmsg.ProduceResponse {
	resp := req.ResponseKind().(*kmsg.ProduceResponse)
	for _, rt := range req.Topics {
		st := kmsg.NewProduceResponseTopic()
		st.Topic = rt.Topic
		st.TopicID = rt.TopicID
		for _, rp := range rt.Partitions {
			sp := kmsg.NewProduceResponseTopicPartition()
			sp.Partition = rp.Partition
			sp.ErrorCode = err.Code
			st.Partitions = append(st.Partitions, sp)
		}
		resp.Topics = append(resp.Topics, st)
	}
	return resp
}

// TestUnreachableBrokerFailsSafely: with no broker at the address at all,
// nothing was ever sent, so the messages fail once delivery_timeout has
// passed with an error saying so (not "in doubt").
func TestUnreachableBrokerFailsSafely(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close() // nothing listens there now
	h, err := job.ProcessorHarness(`{"_op": "routed_sender", "_api_name": "stream_sender_api", "routing": {"*": "default"}}`,
		`[{"_name": "stream_sender_api", "topic": "nowhere", "delivery_timeout": 1000}]`,
		job.HarnessOptions{Options: job.Options{Conns: kafkaConns([]string{addr})}})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	start := time.Now()
	_, err = h.RunSlice(recordsOf(t, 0, 5, ""))
	if err == nil || !strings.Contains(err.Error(), `producing to topic "nowhere": not acknowledged within delivery_timeout (1s)`) {
		t.Fatalf("sending to no broker: %v", err)
	}
	if took := time.Since(start); took > 10*time.Second {
		t.Errorf("the send took %v", took)
	}
}
