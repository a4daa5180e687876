package cluster

import (
	"context"
	"fmt"
	"io"
	"os"

	"github.com/sluice-dev/sluice/job"
)

// EmbeddedOptions configure RunEmbedded.
type EmbeddedOptions struct {
	Controller ControllerOptions
	Stdout     io.Writer // the workers' stdout
	// Started, when set, receives the controller before it runs (for
	// progress reports).
	Started func(*Controller)
}

// RunEmbedded runs a job on the distributed path inside this process: an
// in-process NATS server with JetStream (its files in a temporary
// directory), the controller, and the job's workers as a worker on the
// same server.
func RunEmbedded(ctx context.Context, j *job.Job, doc JobDoc, opt EmbeddedOptions) (*job.Summary, error) {
	dir, err := os.MkdirTemp("", "sluice-nats-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	srv, err := Embedded(dir, 0)
	if err != nil {
		return nil, err
	}
	defer srv.Shutdown()
	nc, err := Connect(srv.URL(), "sluice controller")
	if err != nil {
		return nil, err
	}
	defer nc.Close()
	w, err := NewWorker(nc, WorkerOptions{Job: j.Name, Workers: j.Workers, Stdout: opt.Stdout, Logger: opt.Controller.Logger,
		Load: func(JobDoc) (*job.Job, error) { return j, nil }})
	if err != nil {
		return nil, err
	}
	c, err := NewController(nc, j, doc, opt.Controller)
	if err != nil {
		return nil, err
	}
	if opt.Started != nil {
		opt.Started(c)
	}
	wctx, stopWorker := context.WithCancel(context.WithoutCancel(ctx))
	done := make(chan error, 1)
	go func() { done <- w.Run(wctx) }()
	sum, runErr := c.Run(ctx)
	stopWorker()
	if err := <-done; err != nil && runErr == nil {
		runErr = fmt.Errorf("worker: %w", err)
	}
	return sum, runErr
}
