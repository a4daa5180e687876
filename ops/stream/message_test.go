package stream_test

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sluice-dev/sluice/internal/testservers"
	"github.com/sluice-dev/sluice/job"
	"github.com/sluice-dev/sluice/ops/stream"
	"github.com/sluice-dev/sluice/record"
)

// TestTimestampsAndKeys: timestamp_field sets the message time from epoch
// milliseconds or a date string (a value that is neither goes to the
// dead-letter action); timestamp_now stamps the send time; without
// id_field the key is the _key metadata, and a record without one has no
// key.
func TestTimestampsAndKeys(t *testing.T) {
	brokers := testservers.Kafka(t)
	for _, c := range []struct {
		name, api string
		recs      []map[string]any
		keys      []string // _key metadata per record ("" none)
		want      []string // key@time per message, in order ("now" for the send time)
		dead      int
	}{
		{"timestamp_field", `"timestamp_field": "at"`,
			[]map[string]any{{"at": 1700000000123.0}, {"at": "2024-05-16T01:37:21.000Z"}, {"at": "not a date"}, {"at": true}},
			[]string{"a", "b", "c", "d"},
			[]string{"a@1700000000123", "b@1715823441000"}, 2},
		{"timestamp_now", `"timestamp_now": true`,
			[]map[string]any{{"n": 1.0}, {"n": 2.0}}, []string{"x", ""},
			[]string{"x@now", "@now"}, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			topic := freshTopic("stream-ts")
			dead := filepath.Join(t.TempDir(), "dead.ndjson")
			h, err := job.ProcessorHarness(`{"_op": "routed_sender", "_api_name": "stream_sender_api", "routing": {"*": "default"}}`,
				fmt.Sprintf(`[{"_name": "stream_sender_api", "topic": %q, %s, "_dead_letter_action": "dead_letter_file"}, {"_name": "dead_letter_file", "path": %q}]`,
					topic, c.api, dead), job.HarnessOptions{Options: job.Options{Conns: kafkaConns(brokers)}})
			if err != nil {
				t.Fatal(err)
			}
			defer h.Close()
			var recs []*record.Record
			for i, m := range c.recs {
				r := record.New(record.FromMap(m))
				if c.keys[i] != "" {
					r.SetMeta("_key", c.keys[i])
				}
				recs = append(recs, r)
			}
			before := time.Now().Add(-time.Second)
			if _, err := h.RunSlice(recs); err != nil {
				t.Fatal(err)
			}
			msgs, err := stream.Consume(context.Background(), brokers, time.Second, topic)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, m := range msgs {
				at := fmt.Sprint(m.Timestamp.UnixMilli())
				if m.Timestamp.After(before) && m.Timestamp.Before(time.Now().Add(time.Second)) && strings.HasSuffix(c.want[0], "@now") {
					at = "now"
				}
				got = append(got, fmt.Sprintf("%s@%s", m.Key, at))
			}
			slices.Sort(got)
			if want := slices.Sorted(slices.Values(c.want)); !slices.Equal(got, want) {
				t.Errorf("messages %q, want %q", got, want)
			}
			if c.dead > 0 {
				if letters := deadLetters(t, dead); len(letters) != c.dead || !strings.Contains(fmt.Sprint(letters[0]["message"]), "invalid timestamp_field on record at") {
					t.Errorf("dead letters %v, want %d for the timestamp", letters, c.dead)
				}
			}
		})
	}
}
