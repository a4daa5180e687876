package stream

import (
	"context"
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/twmb/franz-go/pkg/kgo"

	"github.com/sluice-dev/sluice/internal/testservers"
	"github.com/sluice-dev/sluice/job"
	"github.com/sluice-dev/sluice/record"
)

func examples() []job.Example {
	return []job.Example{{
		Title:   "Records routed a and b go to the topics sluice-example-a and sluice-example-b, keyed by _key",
		Config:  `{"_op": "routed_sender", "_api_name": "stream_sender_api", "routing": {"**": "default"}}`,
		APIs:    `[{"_name": "stream_sender_api", "topic": "sluice-example"}]`,
		Input:   `[{"id": 1}, {"id": 2}, {"id": 3}]`,
		Meta:    `[{"standard:route": "a", "_key": "k1"}, {"standard:route": "b", "_key": "k2"}, {"standard:route": "a", "_key": "k3"}]`,
		Servers: []string{job.ConnKafka},
		Check: checkMessages(map[string][]string{
			"sluice-example-a": {`k1={"id":1}`, `k3={"id":3}`},
			"sluice-example-b": {`k2={"id":2}`},
		}),
	}}
}

// checkMessages is the Check of an example: the messages each topic
// received in the last minute are (as a set of key=value) those of want.
func checkMessages(want map[string][]string) func([]*record.Record) error {
	return func([]*record.Record) error {
		brokers := strings.Split(os.Getenv(testservers.EnvKafka), ",")
		since := time.Now().Add(-time.Minute)
		for topic, msgs := range want {
			recs, err := Consume(context.Background(), brokers, time.Second, topic)
			if err != nil {
				return err
			}
			var got []string
			for _, r := range recs {
				if r.Timestamp.After(since) {
					got = append(got, string(r.Key)+"="+string(r.Value))
				}
			}
			slices.Sort(got)
			if got = slices.Compact(got); !slices.Equal(got, msgs) {
				return fmt.Errorf("topic %s received %q, want %q", topic, got, msgs)
			}
		}
		return nil
	}
}

// Consume reads every message of the topics from the start, stopping when
// the broker has had none to give for idle (tests and examples).
func Consume(ctx context.Context, brokers []string, idle time.Duration, topics ...string) ([]*kgo.Record, error) {
	cl, err := kgo.NewClient(kgo.SeedBrokers(brokers...), kgo.ConsumeTopics(topics...),
		kgo.ConsumeResetOffset(kgo.NewOffset().AtStart()))
	if err != nil {
		return nil, err
	}
	defer cl.Close()
	var out []*kgo.Record
	// The first fetch also connects and loads metadata, which takes longer
	// than idle on a loaded machine: it may wait ten times as long.
	wait := max(10*idle, 5*time.Second)
	for {
		pctx, cancel := context.WithTimeout(ctx, wait)
		wait = idle
		fetches := cl.PollFetches(pctx)
		cancel()
		var errs []error
		fetches.EachError(func(_ string, _ int32, err error) {
			if !errors.Is(err, context.DeadlineExceeded) {
				errs = append(errs, err)
			}
		})
		if len(errs) > 0 {
			return out, errors.Join(errs...)
		}
		n := len(out)
		out = append(out, fetches.Records()...)
		if len(out) == n {
			return out, ctx.Err()
		}
	}
}
