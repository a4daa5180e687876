package cluster

import (
	"context"
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/sluice-dev/sluice/job"
	"github.com/sluice-dev/sluice/record"
)

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
	for job.Sleep(ctx, time.Second) {
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

// record notes a slice's result; one of a slice this execution did not
// publish is only logged.
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
