package cluster

import (
	"bytes"
	"context"
	crand "crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/sluice-dev/sluice/job"
	"github.com/sluice-dev/sluice/record"
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
	return &Controller{id: randomID(), nc: nc, js: js, j: j, doc: doc, n: namesOf(j.Name), opt: opt, log: log.With("job", j.Name),
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
	c.st = state{Exec: randomID(), Controller: c.id, Status: "running", Started: time.Now().UTC()}
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

// saveState writes the state if nobody else has since this controller
// last read or wrote it: a second controller of the same job makes the
// first one stop with ErrAnotherController.
func (c *Controller) saveState(ctx context.Context) error {
	c.saved = time.Now()
	c.mu.Lock()
	b, _ := json.Marshal(c.st)
	c.mu.Unlock()
	return retry(ctx, c.log, "save state", func(ctx context.Context) error {
		var rev uint64
		var err error
		if c.rev == 0 {
			rev, err = c.kv.Create(ctx, stateKey, b)
		} else {
			rev, err = c.kv.Update(ctx, stateKey, b, c.rev)
		}
		if errors.Is(err, jetstream.ErrKeyExists) || errors.Is(err, jetstream.ErrKeyRevisionMismatch) {
			rev, err = c.ownWrite(ctx, b)
		}
		if err == nil {
			c.rev = rev
		}
		return err
	})
}

// ErrAnotherController: the job's state was written by another controller.
var ErrAnotherController = errors.New("another controller is running this job (run one controller per job name)")

// ownWrite tells a write of ours whose answer was lost (the server
// restarted) from another controller's: the stored state is ours when it
// is what we wrote.
func (c *Controller) ownWrite(ctx context.Context, b []byte) (uint64, error) {
	e, err := c.kv.Get(ctx, stateKey)
	if err != nil {
		return 0, err
	}
	if !bytes.Equal(e.Value(), b) {
		return 0, &permanent{ErrAnotherController}
	}
	return e.Revision(), nil
}

// slice runs the slicer to its end. A resumed execution's slicer starts
// after the saved position when it can (job.Recoverable); otherwise it is
// replayed past the slices already published.
func (c *Controller) slice(ctx context.Context) error {
	if c.st.SlicerDone {
		return nil
	}
	slicer, order, err := c.newSlicer(ctx)
	if err != nil {
		return err
	}
	limit := job.MaxQueue(slicer, c.j.Workers)
	for {
		reqs, done, err := slicer.Slice(ctx)
		if err != nil {
			return fmt.Errorf("%s: slicer: %w", c.j.Operations[0].Where(), err)
		}
		for _, req := range reqs {
			order++
			if order <= c.st.Published {
				c.checkReplay(order, req)
				continue
			}
			if err := c.publish(ctx, order, req, limit); err != nil {
				return err
			}
		}
		if done {
			c.st.SlicerDone = true
			return c.saveState(ctx)
		}
		if len(reqs) == 0 && !sleep(ctx, 50*time.Millisecond) {
			return ctx.Err()
		}
	}
}

// newSlicer makes the slicer and says how many slices it starts after.
func (c *Controller) newSlicer(ctx context.Context) (job.Slicer, int, error) {
	opt := job.RunOptions{Logger: c.log}
	if c.st.Published == 0 {
		s, err := job.NewSlicer(ctx, c.j, opt)
		return s, 0, err
	}
	last, err := record.ParseJSON(c.st.Last)
	if err != nil {
		return nil, 0, fmt.Errorf("job state: the slicer's position: %w", err)
	}
	opt.Recovery = []job.Recovery{{SlicerID: 0, LastSlice: last}}
	s, err := job.NewSlicer(ctx, c.j, opt)
	if r, ok := s.(job.Recoverable); err == nil && ok && r.Resumed() {
		c.log.Info("the slicer resumes after its saved position", "published", c.st.Published)
		return s, c.st.Published, nil
	}
	c.log.Info("replaying the slicer past the slices published", "published", c.st.Published)
	opt.Recovery = nil
	s, err = job.NewSlicer(ctx, c.j, opt)
	return s, 0, err
}

// checkReplay warns when a replayed slicer does not make the request it
// made before: its slices after this point may differ from the first run's.
func (c *Controller) checkReplay(order int, req any) {
	if order == c.st.Published && string(c.st.Last) != record.JSON(req) {
		c.log.Warn("the slicer replayed differently after the restart; slices from here may differ",
			"order", order, "before", string(c.st.Last), "now", record.JSON(req))
	}
}

// publish sends a slice once fewer than limit slices wait for a worker,
// then records it in the state.
func (c *Controller) publish(ctx context.Context, order int, req any, limit int) error {
	for ctx.Err() == nil && c.outstanding() >= limit {
		sleep(ctx, 20*time.Millisecond)
	}
	if ctx.Err() != nil {
		return ctx.Err()
	}
	s := &job.Slice{ID: c.st.Exec + "-" + strconv.Itoa(order), Order: order, Request: req}
	body, err := json.Marshal(s)
	if err != nil {
		return err
	}
	// A stop does not interrupt a publish under way: a slice the stream
	// stored is counted as published.
	err = retry(ctx, c.log, "publish slice", func(context.Context) error {
		pctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
		defer cancel()
		_, err := c.js.Publish(pctx, c.n.subject, body, jetstream.WithMsgID(s.ID))
		return err
	})
	if err != nil {
		return err
	}
	c.mu.Lock()
	c.st.Published, c.st.Last = order, json.RawMessage(record.JSON(req))
	c.mu.Unlock()
	if time.Since(c.saved) < stateEvery {
		return nil
	}
	return c.saveState(ctx)
}

// stateEvery is how often the slicer's position is saved while slices
// are published. A controller restarted publishes again the slices after
// the saved position: they have the same ids, so the stream drops them as
// duplicates (or, past its window, they run again and rewrite their own
// files and result).
const stateEvery = 100 * time.Millisecond

func (c *Controller) outstanding() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.st.Published - c.dropped - len(c.results)
}

// dropWaiting removes from the stream the slices no worker has taken yet,
// as the in-process runner leaves its queued slices when a persistent job
// stops: the summary counts them as never started. Slices delivered stay
// (in flight, or waiting for their next attempt).
func (c *Controller) dropWaiting(ctx context.Context) {
	info, err := c.cons.Info(ctx)
	if err != nil {
		return
	}
	si, err := c.stream.Info(ctx)
	if err != nil {
		return
	}
	dropped := 0
	for seq := max(info.Delivered.Stream+1, si.State.FirstSeq); seq <= si.State.LastSeq; seq++ {
		if c.stream.DeleteMsg(ctx, seq) == nil {
			dropped++
		}
	}
	c.mu.Lock()
	c.dropped += dropped
	c.mu.Unlock()
}

// watchResults follows the slice keys of the bucket, every existing one
// first.
func (c *Controller) watchResults(ctx context.Context) {
	open := func(ctx context.Context) (jetstream.KeyWatcher, error) { return c.kv.Watch(ctx, slicePrefix+"*") }
	watch(ctx, c.nc, open, func(e jetstream.KeyValueEntry) {
		if e != nil && e.Operation() == jetstream.KeyValuePut {
			c.record(e.Key(), e.Value())
		}
	})
}

// watchConsumer follows the consumer every second: how many slices are
// running, and a warning when slices wait and no worker has asked for one
// for opt.IdleWarning.
func (c *Controller) watchConsumer(ctx context.Context) {
	var idleSince time.Time
	warned := false
	for sleep(ctx, time.Second) {
		info, err := c.cons.Info(ctx)
		if err != nil {
			continue
		}
		c.mu.Lock()
		c.running = int64(info.NumAckPending)
		c.mu.Unlock()
		if info.NumWaiting > 0 || info.NumAckPending > 0 || info.NumPending == 0 {
			idleSince = time.Time{}
			continue
		}
		if idleSince.IsZero() {
			idleSince = time.Now()
		}
		if !warned && time.Since(idleSince) >= c.opt.IdleWarning {
			warned = true
			c.log.Warn("slices are waiting and no worker is taking them: start workers with `pipeline worker --cluster URL`",
				"waiting", info.NumPending)
		}
	}
}

// watchWorkers logs the workers that cannot run the job (a job file that
// is not valid with their connections, say): the job waits for a worker
// that can.
func (c *Controller) watchWorkers(ctx context.Context) {
	open := func(ctx context.Context) (jetstream.KeyWatcher, error) { return c.kv.Watch(ctx, workerPrefix+"*") }
	watch(ctx, c.nc, open, func(e jetstream.KeyValueEntry) {
		var p workerProblem
		if e != nil && json.Unmarshal(e.Value(), &p) == nil {
			c.log.Error("a worker cannot run the job", "worker", p.Worker, "error", p.Error)
		}
	})
}

func (c *Controller) record(key string, value []byte) {
	var r result
	if err := json.Unmarshal(value, &r); err != nil {
		c.log.Warn("unreadable slice result", "key", key, "error", err.Error())
		return
	}
	id := key[len(slicePrefix):]
	c.mu.Lock()
	ours := strings.HasPrefix(id, c.st.Exec+"-")
	if ours {
		c.results[id] = r
	}
	c.mu.Unlock()
	if !ours {
		c.log.Warn("a message on the job's subject was not a slice of this execution", "id", id, "status", r.Status, "error", r.Error)
		return
	}
	select {
	case c.changed <- struct{}{}:
	default:
	}
}

// waitForResults waits for every published slice's result, and gives up
// on slices no worker can deliver again (see reconcile).
func (c *Controller) waitForResults(ctx context.Context) error {
	tick := time.NewTicker(500 * time.Millisecond)
	defer tick.Stop()
	for c.outstanding() > 0 {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-c.changed:
		case <-tick.C:
			c.reconcile(ctx)
		}
	}
	return nil
}

// reconcile records the slices left in the stream when the consumer has
// nothing pending and nothing in flight: their last delivery went to a
// worker that was lost, and JetStream delivers them no more (MaxDeliver).
func (c *Controller) reconcile(ctx context.Context) {
	info, err := c.cons.Info(ctx)
	if err != nil {
		return
	}
	if info.NumPending > 0 || info.NumAckPending > 0 {
		return
	}
	si, err := c.stream.Info(ctx)
	if err != nil || si.State.Msgs == 0 {
		return
	}
	for seq := si.State.FirstSeq; seq <= si.State.LastSeq; seq++ {
		c.giveUp(ctx, seq)
	}
}

func (c *Controller) giveUp(ctx context.Context, seq uint64) {
	m, err := c.stream.GetMsg(ctx, seq)
	if err != nil {
		return
	}
	var s job.Slice
	if err := json.Unmarshal(m.Data, &s); err != nil {
		return
	}
	c.mu.Lock()
	_, known := c.results[s.ID]
	c.mu.Unlock()
	if !known {
		r := result{Order: s.Order, Status: "failed", Attempts: c.j.MaxRetries + 1,
			Error: fmt.Sprintf("slice %s (request %s) was delivered %d time(s) and never acknowledged: its worker was lost", s.ID, record.JSON(s.Request), c.j.MaxRetries+1)}
		b, _ := json.Marshal(r)
		if _, err := c.kv.Put(ctx, slicePrefix+s.ID, b); err != nil {
			return
		}
		c.record(slicePrefix+s.ID, b)
		c.log.Error("slice lost", "slice", s.ID)
	}
	_ = c.stream.DeleteMsg(ctx, seq)
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

// summary adds up the results: per-operation counts, slices, retries and
// the first failures in slice order.
func (c *Controller) summary(status string) *job.Summary {
	c.mu.Lock()
	defer c.mu.Unlock()
	start := c.start
	if !c.st.Started.IsZero() {
		start = c.st.Started // a resumed execution counts from its first controller
	}
	sum := &job.Summary{Job: c.j.Name, Lifecycle: c.j.Lifecycle, Status: status, Workers: c.j.Workers,
		NotStarted: int64(c.dropped), Seconds: time.Since(start).Seconds()}
	for i, o := range c.j.Operations {
		sum.Operations = append(sum.Operations, job.OpSummary{Op: o.Label, Index: i})
	}
	var failed []result
	for _, r := range c.results {
		if r.Status == "done" {
			sum.SlicesDone++
		} else {
			sum.SlicesFailed++
			failed = append(failed, r)
		}
		sum.Retries += int64(max(r.Attempts-1, 0))
		addOps(sum.Operations, r.Operations)
	}
	if n := len(sum.Operations); n > 0 {
		sum.RecordsIn, sum.RecordsOut = sum.Operations[0].RecordsOut, sum.Operations[n-1].RecordsOut
	}
	sort.Slice(failed, func(a, b int) bool { return failed[a].Order < failed[b].Order })
	for _, r := range failed[:min(len(failed), 20)] {
		sum.Errors = append(sum.Errors, r.Error)
	}
	return sum
}

func addOps(to, from []job.OpSummary) {
	for i := range min(len(to), len(from)) {
		to[i].RecordsIn += from[i].RecordsIn
		to[i].RecordsOut += from[i].RecordsOut
		to[i].DeadLettered += from[i].DeadLettered
		to[i].Seconds += from[i].Seconds
	}
}

func randomID() string {
	b := make([]byte, 4)
	_, _ = crand.Read(b)
	return hex.EncodeToString(b)
}

func sleep(ctx context.Context, d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return false
	case <-t.C:
		return true
	}
}
