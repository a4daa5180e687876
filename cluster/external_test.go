package cluster_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/sluice-dev/sluice/cluster"
	"github.com/sluice-dev/sluice/internal/testservers"
	"github.com/sluice-dev/sluice/job"
)

// TestExternalNATSServer runs a job on the NATS server of scripts/servers
// (a real nats-server with JetStream): a controller and a worker with two
// slices at a time, every record written once. The job has a name of its
// own, and its bucket and registry entry are removed afterwards.
func TestExternalNATSServer(t *testing.T) {
	url := testservers.NATS(t)
	dir := t.TempDir()
	path, _ := writeJob(t, dir, 15, 4, 5, "")
	name := "sluice-test-" + time.Now().Format("150405.000000")
	text, _ := os.ReadFile(path)
	if err := os.WriteFile(path, []byte(strings.Replace(string(text), `"name": "ids"`, `"name": "`+name+`"`, 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	j, l := job.Load(path, job.Options{})
	if j == nil {
		t.Fatal(l.Items)
	}
	nc, err := cluster.Connect(url, "test")
	if err != nil {
		t.Fatal(err)
	}
	defer nc.Close()
	defer removeJob(t, nc, name)
	w, _ := cluster.NewWorker(nc, cluster.WorkerOptions{Job: name, Workers: 2, Load: loadFrom(t)})
	wctx, stop := context.WithCancel(context.Background())
	defer stop()
	go func() { _ = w.Run(wctx) }()
	c, err := cluster.NewController(nc, j, docOf(t, path), cluster.ControllerOptions{})
	if err != nil {
		t.Fatal(err)
	}
	sum, err := c.Run(context.Background())
	if err != nil || sum.Status != "completed" || sum.SlicesDone != 15 || sum.RecordsOut != 60 {
		t.Fatalf("%v %+v", err, sum)
	}
	exactlyOnce(t, filepath.Join(dir, "out"), 60)
}

// removeJob deletes what a finished job leaves on the server: its bucket
// and its registry entry.
func removeJob(t *testing.T, nc *nats.Conn, name string) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	js, _ := jetstream.New(nc)
	if err := js.DeleteKeyValue(ctx, "sluice_"+cluster.Token(name)); err != nil {
		t.Errorf("removing the bucket: %v", err)
	}
	if reg, err := js.KeyValue(ctx, "sluice_jobs"); err == nil {
		_ = reg.Purge(ctx, cluster.Token(name))
	}
}
