package stream_test

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net"
	"strconv"
	"testing"
	"time"

	"github.com/twmb/franz-go/pkg/kfake"

	"github.com/sluice-dev/sluice/internal/routetest"
	"github.com/sluice-dev/sluice/job"
	_ "github.com/sluice-dev/sluice/ops/builtin"
	_ "github.com/sluice-dev/sluice/ops/routed"
	"github.com/sluice-dev/sluice/ops/stream"
	"github.com/sluice-dev/sluice/record"
)

func init() { routetest.Register() }

// freshTopic is a topic name unique to this run.
func freshTopic(prefix string) string {
	var b [5]byte
	rand.Read(b[:])
	return prefix + "-" + hex.EncodeToString(b[:])
}

// kafkaConns names brokers as the "default" kafka connection.
func kafkaConns(brokers []string) *job.Connections {
	conns := job.DefaultConnections()
	list := make([]any, len(brokers))
	for i, b := range brokers {
		list[i] = b
	}
	conns.Set(job.ConnKafka, "default", record.FromMap(map[string]any{"brokers": list}))
	return conns
}

// startCluster starts an in-process broker (franz-go's kfake, the server
// scripts/servers runs) on port (0: any) keeping its data in dir, for
// tests that stop and restart the broker.
func startCluster(t *testing.T, port int, dir string) *kfake.Cluster {
	c, err := kfake.NewCluster(kfake.Ports(port), kfake.NumBrokers(1), kfake.AllowAutoTopicCreation(),
		kfake.DefaultNumPartitions(3), kfake.DataDir(dir), kfake.SyncWrites())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(c.Close)
	return c
}

// restartableCluster starts a broker on a free port keeping its data in
// dir, and returns its address and port, to start it again there.
func restartableCluster(t *testing.T, dir string) (*kfake.Cluster, string, int) {
	c := startCluster(t, 0, dir)
	addr := c.ListenAddrs()[0]
	_, p, _ := net.SplitHostPort(addr)
	port, err := strconv.Atoi(p)
	if err != nil {
		t.Fatal(err)
	}
	return c, addr, port
}

// message is what the tests read back.
type message struct {
	Topic, Key string
	ID         int
}

// received reads the topics back: per topic, how often each id arrived;
// it checks that each message's key is "k<id>".
func received(t testing.TB, brokers []string, topics ...string) map[string]map[int]int {
	recs, err := stream.Consume(context.Background(), brokers, time.Second, topics...)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]map[int]int{}
	for _, r := range recs {
		var v struct{ ID int }
		if err := json.Unmarshal(r.Value, &v); err != nil {
			t.Fatalf("message %q on %s: %v", r.Value, r.Topic, err)
		}
		if want := fmt.Sprint("k", v.ID); string(r.Key) != want {
			t.Errorf("message %s on %s has key %q, want %q", r.Value, r.Topic, r.Key, want)
		}
		if got[r.Topic] == nil {
			got[r.Topic] = map[int]int{}
		}
		got[r.Topic][v.ID]++
	}
	return got
}

// byTopic renames the routes of want to the topics <topic>-<route>.
func byTopic(topic string, want map[string]map[int]int) (map[string]map[int]int, []string) {
	out := map[string]map[int]int{}
	var topics []string
	for route, ids := range want {
		out[topic+"-"+route] = ids
		topics = append(topics, topic+"-"+route)
	}
	return out, topics
}
