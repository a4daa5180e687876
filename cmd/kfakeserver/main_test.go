package main

import (
	"bufio"
	"bytes"
	"context"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/twmb/franz-go/pkg/kgo"
)

// TestServesKafkaWithAutoCreatedTopics starts the server as scripts/servers
// does, then produces to and consumes from a topic nobody created.
func TestServesKafkaWithAutoCreatedTopics(t *testing.T) {
	out, w := io.Pipe()
	serve, stop := context.WithCancel(context.Background())
	var stderr bytes.Buffer
	code := make(chan int, 1)
	go func() { code <- run(serve, []string{"-brokers", "2", "-dir", t.TempDir()}, w, &stderr) }()

	line, err := bufio.NewReader(out).ReadString('\n')
	if err != nil {
		t.Fatal(err)
	}
	addrs, ok := strings.CutPrefix(strings.TrimSpace(line), "READY ")
	brokers := strings.Split(addrs, ",")
	if !ok || len(brokers) != 2 || !strings.HasPrefix(brokers[0], "127.0.0.1:") {
		t.Fatalf("first line %q, want READY 127.0.0.1:<port>,127.0.0.1:<port>", line)
	}

	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	cl, err := kgo.NewClient(kgo.SeedBrokers(brokers...), kgo.AllowAutoTopicCreation(),
		kgo.ConsumeTopics("fresh"), kgo.ConsumeResetOffset(kgo.NewOffset().AtStart()))
	if err != nil {
		t.Fatal(err)
	}
	defer cl.Close()
	if err := cl.ProduceSync(ctx, &kgo.Record{Topic: "fresh", Key: []byte("k"), Value: []byte("v1")}).FirstErr(); err != nil {
		t.Fatalf("produce: %v", err)
	}
	fetches := cl.PollFetches(ctx)
	if errs := fetches.Errors(); len(errs) > 0 {
		t.Fatalf("fetch: %v", errs)
	}
	recs := fetches.Records()
	if len(recs) != 1 || string(recs[0].Key) != "k" || string(recs[0].Value) != "v1" {
		t.Fatalf("consumed %v", recs)
	}

	stop() // as SIGTERM does
	select {
	case got := <-code:
		if got != 0 {
			t.Fatalf("exit %d: %s", got, stderr.String())
		}
	case <-time.After(10 * time.Second):
		t.Fatal("did not stop")
	}
}

func TestRejectsBadFlags(t *testing.T) {
	for _, args := range [][]string{{"-brokers", "0"}, {"extra"}, {"-port", "x"}} {
		if got := run(context.Background(), args, io.Discard, io.Discard); got != 2 {
			t.Errorf("%v: exit %d, want 2", args, got)
		}
	}
}
