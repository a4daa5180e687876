package cluster

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"sync"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/sluice-dev/sluice/job"
)

// ControllerOptions configure a controller.
type ControllerOptions struct {
	Logger *slog.Logger // nil discards
	// AckWait is how long a slice stays with a worker that stopped
	// reporting progress before it goes to another (default 30s).
	AckWait time.Duration
	// IdleWarning is how long slices wait with no worker asking for one
	// before the controller warns (default 5s).
	IdleWarning time.Duration
}

// Controller runs a job's slicer and publishes its slices for workers.
type Controller struct {
	id  string // this controller's, in the state it writes
	nc  *nats.Conn
	js  jetstream.JetStream
	j   *job.Job
	doc JobDoc
	n   names
	opt ControllerOptions
	log *slog.Logger

	kv       jetstream.KeyValue
	registry jetstream.KeyValue
	stream   jetstream.Stream
	cons     jetstream.Consumer
	st       state
	rev      uint64    // the revision of the state key this controller read or wrote last
	saved    time.Time // when st was last saved
	start    time.Time

	mu      sync.Mutex
	results map[string]result
	dropped int           // slices removed before a worker took them
	changed chan struct{} // a result arrived
	running int64
}

// NewController prepares the controller of a validated job; doc is what
// the workers receive. A job that cannot run in cluster mode
// (job.Distributed) is refused.
func NewController(nc *nats.Conn, j *job.Job, doc JobDoc, opt ControllerOptions) (*Controller, error) {
	if l := job.Distributed(j); l.HasErrors() {
		return nil, l.Err()
	}
	js, err := jetstream.New(nc)
	if err != nil {
		return nil, err
	}
	if opt.AckWait <= 0 {
		opt.AckWait = 30 * time.Second
	}
	if opt.IdleWarning <= 0 {
		opt.IdleWarning = 5 * time.Second
	}
	log := opt.Logger
	if log == nil {
		log = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	return &Controller{id: job.NewExecutionID(), nc: nc, js: js, j: j, doc: doc, n: namesOf(j.Name), opt: opt, log: log.With("job", j.Name),
		results: map[string]result{}, changed: make(chan struct{}, 1), start: time.Now()}, nil
}

// Run runs the execution to its end, or resumes the one a controller
// before it left unfinished. Cancelling ctx stops the controller: a once
// job stays in the cluster (workers finish the slices published, and a
// controller started again resumes it; the error is job.ErrStopped); a
// persistent job stops slicing, drops the slices no worker has taken yet,
// waits for the ones in flight and ends as "stopped".
func (c *Controller) Run(ctx context.Context) (*job.Summary, error) {
	if err := c.setup(ctx); err != nil {
		return c.summary("failed"), err
	}
	bg := context.WithoutCancel(ctx)
	watchCtx, stopWatch := context.WithCancel(bg)
	defer stopWatch()
	go c.watchResults(watchCtx)
	go c.watchWorkers(watchCtx)
	go c.watchConsumer(watchCtx)
	err := c.slice(ctx)
	if err == nil {
		err = c.waitForResults(ctx)
	}
	switch {
	case err == nil:
		return c.finish(ctx, "completed")
	case ctx.Err() == nil:
		return c.summary("failed"), err
	case c.j.Persistent():
		c.dropWaiting(bg)
		c.log.Info("stopping: waiting for the slices in flight")
		if err := c.waitForResults(bg); err != nil {
			return c.summary("stopped"), err
		}
		return c.finish(bg, "stopped")
	}
	sctx, cancel := context.WithTimeout(bg, 5*time.Second)
	defer cancel()
	if err := c.saveState(sctx); err != nil { // the exact position, for the next controller
		c.log.Warn("saving the slicer's position failed", "error", err.Error())
	}
	return c.summary("stopped"), job.ErrStopped
}

// setup makes the bucket, resumes or starts the execution, and makes the
// stream, the consumer and the registry entry.
func (c *Controller) setup(ctx context.Context) error {
	var err error
	if c.kv, err = c.bucket(ctx, c.n.bucket); err != nil {
		return err
	}
	if c.registry, err = c.bucket(ctx, registryBucket); err != nil {
		return err
	}
	if resumed, err := c.resume(ctx); err != nil || !resumed {
		if err == nil {
			err = c.fresh(ctx)
		}
		if err != nil {
			return err
		}
	}
	if err := c.makeStream(ctx); err != nil {
		return err
	}
	return c.register(ctx, "running")
}

func (c *Controller) bucket(ctx context.Context, name string) (jetstream.KeyValue, error) {
	kv, err := c.js.CreateOrUpdateKeyValue(ctx, jetstream.KeyValueConfig{Bucket: name, Storage: jetstream.FileStorage})
	if err != nil {
		return nil, fmt.Errorf("key-value bucket %s: %w", name, err)
	}
	return kv, nil
}

// resume loads the state of an unfinished execution and claims it: a
// controller still running it stops at its next write of the state.
func (c *Controller) resume(ctx context.Context) (bool, error) {
	for {
		e, err := c.kv.Get(ctx, stateKey)
		if errors.Is(err, jetstream.ErrKeyNotFound) {
			return false, nil
		}
		if err != nil {
			return false, fmt.Errorf("job state: %w", err)
		}
		var st state
		if err := json.Unmarshal(e.Value(), &st); err != nil {
			return false, fmt.Errorf("job state: %w", err)
		}
		if st.Status != "running" {
			return false, nil
		}
		st.Controller = c.id
		b, _ := json.Marshal(st)
		rev, err := c.kv.Update(ctx, stateKey, b, e.Revision())
		if errors.Is(err, jetstream.ErrKeyRevisionMismatch) {
			continue // the other controller wrote meanwhile: read again
		}
		if err != nil {
			return false, fmt.Errorf("job state: %w", err)
		}
		c.mu.Lock()
		c.st, c.rev = st, rev
		c.mu.Unlock()
		c.log.Info("resuming execution", "execution", st.Exec, "published", st.Published, "slicer_done", st.SlicerDone)
		return true, nil
	}
}

// fresh starts a new execution: the previous one's stream and keys go.
func (c *Controller) fresh(ctx context.Context) error {
	if err := c.js.DeleteStream(ctx, c.n.stream); err != nil && !errors.Is(err, jetstream.ErrStreamNotFound) {
		return fmt.Errorf("stream %s: %w", c.n.stream, err)
	}
	if err := c.js.DeleteKeyValue(ctx, c.n.bucket); err != nil && !errors.Is(err, jetstream.ErrBucketNotFound) {
		return fmt.Errorf("key-value bucket %s: %w", c.n.bucket, err)
	}
	var err error
	if c.kv, err = c.bucket(ctx, c.n.bucket); err != nil {
		return err
	}
	c.rev = 0
	c.mu.Lock()
	c.st = state{Exec: job.NewExecutionID(), Controller: c.id, Status: "running", Started: time.Now().UTC()}
	c.mu.Unlock()
	doc, _ := json.Marshal(c.doc)
	if _, err := c.kv.Put(ctx, jobKey, doc); err != nil {
		return fmt.Errorf("job document: %w", err)
	}
	c.log.Info("starting execution", "execution", c.st.Exec)
	return c.saveState(ctx)
}

func (c *Controller) makeStream(ctx context.Context) error {
	var err error
	c.stream, err = c.js.CreateOrUpdateStream(ctx, jetstream.StreamConfig{Name: c.n.stream, Subjects: []string{c.n.subject},
		Retention: jetstream.WorkQueuePolicy, Storage: jetstream.FileStorage, Duplicates: 10 * time.Minute})
	if err != nil {
		return fmt.Errorf("stream %s: %w", c.n.stream, err)
	}
	c.cons, err = c.stream.CreateOrUpdateConsumer(ctx, jetstream.ConsumerConfig{Durable: consumerName,
		AckPolicy: jetstream.AckExplicitPolicy, AckWait: c.opt.AckWait, MaxDeliver: c.j.MaxRetries + 1, MaxAckPending: -1})
	if err != nil {
		return fmt.Errorf("consumer %s: %w", consumerName, err)
	}
	return nil
}

func (c *Controller) register(ctx context.Context, status string) error {
	b, _ := json.Marshal(registryEntry{Exec: c.st.Exec, Status: status})
	return retry(ctx, c.log, "register job", func(ctx context.Context) error {
		_, err := c.registry.Put(ctx, c.n.token, b)
		return err
	})
}

// finish records the end of the execution and removes its stream.
func (c *Controller) finish(ctx context.Context, status string) (*job.Summary, error) {
	sum := c.summary(status)
	var err error
	if sum.SlicesFailed > 0 {
		sum.Status, err = "failed", fmt.Errorf("%d %w", sum.SlicesFailed, job.ErrSlicesFailed)
	}
	c.mu.Lock()
	c.st.Status = sum.Status
	c.mu.Unlock()
	if serr := c.saveState(ctx); serr != nil {
		return sum, serr
	}
	if rerr := c.register(ctx, sum.Status); rerr != nil {
		return sum, rerr
	}
	if derr := c.js.DeleteStream(ctx, c.n.stream); derr != nil {
		c.log.Warn("removing the stream failed", "stream", c.n.stream, "error", derr.Error())
	}
	return sum, err
}

// Progress is a snapshot of the execution, from the results so far.
func (c *Controller) Progress() job.Progress {
	sum := c.summary("running")
	c.mu.Lock()
	defer c.mu.Unlock()
	return job.Progress{SlicesDone: sum.SlicesDone, SlicesFailed: sum.SlicesFailed, Retries: sum.Retries,
		SlicesQueued: max(int64(c.st.Published-c.dropped-len(c.results))-c.running, 0), SlicesRunning: c.running,
		RecordsIn: sum.RecordsIn, RecordsOut: sum.RecordsOut, Elapsed: time.Since(c.start)}
}

// ExecutionID is the id of the execution (known once Run has started it).
func (c *Controller) ExecutionID() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.st.Exec
}
