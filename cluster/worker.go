package cluster

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"sync"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/sluice-dev/sluice/job"
	"github.com/sluice-dev/sluice/record"
)

// WorkerOptions configure a worker process.
type WorkerOptions struct {
	Job     string // serve only this job ("" : every job the cluster runs)
	Workers int    // slices run at once per job (0: the job's workers)
	// Load validates a job document on this machine (its connections and
	// assets). Required.
	Load   func(doc JobDoc) (*job.Job, error)
	Stdout io.Writer    // where stdout-like operations write; nil discards
	Logger *slog.Logger // nil discards
}

// Worker runs the slices of the jobs the cluster runs.
type Worker struct {
	nc   *nats.Conn
	js   jetstream.JetStream
	opt  WorkerOptions
	log  *slog.Logger
	host string

	mu      sync.Mutex
	serving map[string]*served // by job token
	wg      sync.WaitGroup
}

type served struct {
	exec   string
	cancel context.CancelFunc
	done   chan struct{}
}

// NewWorker prepares a worker on a connection.
func NewWorker(nc *nats.Conn, opt WorkerOptions) (*Worker, error) {
	js, err := jetstream.New(nc)
	if err != nil {
		return nil, err
	}
	log := opt.Logger
	if log == nil {
		log = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	host, _ := os.Hostname()
	return &Worker{nc: nc, js: js, opt: opt, log: log, host: fmt.Sprintf("%s/%d", host, os.Getpid()), serving: map[string]*served{}}, nil
}

// Run serves jobs until ctx is cancelled: it follows the registry of jobs
// and runs the slices of every running one (or of opt.Job only). Slices in
// flight when ctx ends finish first.
func (w *Worker) Run(ctx context.Context) error {
	defer w.wg.Wait()
	defer w.stopAll()
	var registry jetstream.KeyValue
	err := retry(ctx, w.log, "registry", func(ctx context.Context) error {
		var err error
		registry, err = w.js.CreateOrUpdateKeyValue(ctx, jetstream.KeyValueConfig{Bucket: registryBucket, Storage: jetstream.FileStorage})
		return err
	})
	if err != nil {
		return nil // stopped before the server answered
	}
	want := ""
	if w.opt.Job != "" {
		want = Token(w.opt.Job)
	}
	watchAll := func(ctx context.Context) (jetstream.KeyWatcher, error) { return registry.WatchAll(ctx) }
	watch(ctx, w.nc, watchAll, func(e jetstream.KeyValueEntry) {
		if e == nil || (want != "" && e.Key() != want) {
			return
		}
		var r registryEntry
		if e.Operation() == jetstream.KeyValuePut && json.Unmarshal(e.Value(), &r) == nil && r.Status == "running" {
			w.serve(ctx, e.Key(), r.Exec)
			return
		}
		w.stop(e.Key())
	})
	return nil
}

// serve starts serving a job's execution unless it is served already.
func (w *Worker) serve(ctx context.Context, token, exec string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if s, ok := w.serving[token]; ok {
		if s.exec == exec {
			return
		}
		s.cancel()
		<-s.done
	}
	sctx, cancel := context.WithCancel(ctx)
	s := &served{exec: exec, cancel: cancel, done: make(chan struct{})}
	w.serving[token] = s
	w.wg.Add(1)
	go func() {
		defer w.wg.Done()
		defer close(s.done)
		if err := w.runJob(sctx, token, exec); err != nil && sctx.Err() == nil {
			w.log.Error("cannot serve job", "job", token, "error", err.Error())
		}
	}()
}

func (w *Worker) stop(token string) {
	w.mu.Lock()
	s, ok := w.serving[token]
	delete(w.serving, token)
	w.mu.Unlock()
	if ok {
		s.cancel()
		<-s.done
	}
}

func (w *Worker) stopAll() {
	w.mu.Lock()
	tokens := make([]string, 0, len(w.serving))
	for t := range w.serving {
		tokens = append(tokens, t)
	}
	w.mu.Unlock()
	for _, t := range tokens {
		w.stop(t)
	}
}

// runJob loads the job and runs its slices on `workers` goroutines.
func (w *Worker) runJob(ctx context.Context, token, exec string) error {
	n := namesOf(token)
	var j *job.Job
	var cons jetstream.Consumer
	err := retry(ctx, w.log, "load job", func(ctx context.Context) error {
		var err error
		j, cons, err = w.open(ctx, n)
		return err
	})
	if err != nil {
		return err
	}
	if j == nil {
		return errors.New("the job document is not valid here (see the diagnostics above)")
	}
	log := w.log.With("job", j.Name, "execution", exec)
	r := &jobRun{w: w, j: j, cons: cons, kv: nil, log: log,
		runner: job.NewSliceRunner(j, job.RunOptions{Stdout: w.opt.Stdout, Logger: log, ExecutionID: exec})}
	if r.kv, err = w.js.KeyValue(ctx, n.bucket); err != nil {
		return err
	}
	r.ackWait = cons.CachedInfo().Config.AckWait
	workers := w.opt.Workers
	if workers <= 0 {
		workers = j.Workers
	}
	log.Info("serving job", "workers", workers)
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() { r.loop(ctx) })
	}
	wg.Wait()
	return nil
}

// open reads and validates the job document and finds the consumer.
func (w *Worker) open(ctx context.Context, n names) (*job.Job, jetstream.Consumer, error) {
	kv, err := w.js.KeyValue(ctx, n.bucket)
	if err != nil {
		return nil, nil, err
	}
	e, err := kv.Get(ctx, jobKey)
	if err != nil {
		return nil, nil, err
	}
	var doc JobDoc
	if err := json.Unmarshal(e.Value(), &doc); err != nil {
		return nil, nil, err
	}
	cons, err := w.js.Consumer(ctx, n.stream, consumerName)
	if err != nil {
		return nil, nil, err
	}
	j, err := w.opt.Load(doc)
	if err != nil {
		w.log.Error("job not valid on this worker", "job", n.token, "error", err.Error())
		b, _ := json.Marshal(workerProblem{Worker: w.host, Error: err.Error()})
		_, _ = kv.Put(ctx, workerPrefix+Token(w.host), b) // the controller shows it
		return nil, cons, nil
	}
	return j, cons, nil
}

// jobRun is a worker's service of one execution.
type jobRun struct {
	w       *Worker
	j       *job.Job
	cons    jetstream.Consumer
	kv      jetstream.KeyValue
	log     *slog.Logger
	runner  *job.SliceRunner
	ackWait time.Duration
}

// loop takes slices one at a time until ctx ends.
func (r *jobRun) loop(ctx context.Context) {
	for ctx.Err() == nil {
		msg, err := r.cons.Next(jetstream.FetchMaxWait(time.Second))
		if err != nil {
			if !errors.Is(err, nats.ErrTimeout) && !errors.Is(err, context.DeadlineExceeded) {
				job.Sleep(ctx, 250*time.Millisecond) // the server is away: try again
			}
			continue
		}
		r.handle(ctx, msg)
	}
}

// handle runs one delivery of a slice and settles it with JetStream.
func (r *jobRun) handle(ctx context.Context, msg jetstream.Msg) {
	var s job.Slice
	meta, err := msg.Metadata()
	if err == nil {
		err = json.Unmarshal(msg.Data(), &s)
	}
	if err != nil {
		r.unreadable(ctx, msg, err)
		return
	}
	s.Attempt = int(meta.NumDelivered) - 1
	last := s.Attempt >= r.j.MaxRetries
	stopBeat := r.heartbeat(msg)
	res, runErr := r.runner.Run(&s, last)
	stopBeat()
	switch {
	case runErr == nil:
		if r.put(ctx, &s, result{Status: "done", Operations: res.Operations}) {
			_ = msg.Ack()
		}
	case last || !job.Retryable(runErr):
		msgText := fmt.Sprintf("slice %s (request %s) failed after %d attempt(s): %v", s.ID, shortRequest(&s), s.Attempt+1, runErr)
		if r.put(ctx, &s, result{Status: "failed", Error: msgText}) {
			_ = msg.Term()
		}
	default:
		r.log.Warn("slice failed, retrying", "slice", s.ID, "attempt", s.Attempt+1, "error", runErr.Error())
		_ = msg.NakWithDelay(r.runner.Backoff(s.Attempt))
	}
}

// unreadable fails a message that is not a slice: its result, under the
// id it was published with, tells the controller, and it is not delivered
// again.
func (r *jobRun) unreadable(ctx context.Context, msg jetstream.Msg, err error) {
	id := msg.Headers().Get(nats.MsgIdHdr)
	r.log.Error("unreadable slice message", "slice", id, "error", err.Error())
	if id == "" || r.put(ctx, &job.Slice{ID: id}, result{Status: "failed", Error: "slice " + id + ": unreadable message: " + err.Error()}) {
		_ = msg.Term()
	}
}

// heartbeat tells JetStream the slice is still being worked on, so that
// only a lost worker's slice runs out of AckWait.
func (r *jobRun) heartbeat(msg jetstream.Msg) (stop func()) {
	every := max(r.ackWait/3, 100*time.Millisecond)
	done := make(chan struct{})
	go func() {
		t := time.NewTicker(every)
		defer t.Stop()
		for {
			select {
			case <-done:
				return
			case <-t.C:
				_ = msg.InProgress()
			}
		}
	}()
	return func() { close(done) }
}

// put writes the slice's result before it is acknowledged. It gives up
// (and leaves the slice unacknowledged, to be delivered again) when the
// server does not answer within AckWait.
func (r *jobRun) put(ctx context.Context, s *job.Slice, res result) bool {
	res.Order, res.Attempts, res.Worker = s.Order, s.Attempt+1, r.w.host
	b, _ := json.Marshal(res)
	pctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), max(r.ackWait, time.Second))
	defer cancel()
	err := retry(pctx, r.log, "save slice result", func(ctx context.Context) error {
		_, err := r.kv.Put(ctx, slicePrefix+s.ID, b)
		return err
	})
	return err == nil
}

func shortRequest(s *job.Slice) string {
	j := record.JSON(s.Request)
	if len(j) > 200 {
		return j[:200] + "…"
	}
	return j
}
