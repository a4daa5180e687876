package cluster

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/sluice-dev/sluice/job"
	"github.com/sluice-dev/sluice/record"
)

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
		if len(reqs) == 0 && !job.Sleep(ctx, 50*time.Millisecond) {
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
		job.Sleep(ctx, 20*time.Millisecond)
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
// (in flight, or waiting for their next attempt). The consumer is paused
// meanwhile, so that no slice is taken while the others are removed.
func (c *Controller) dropWaiting(ctx context.Context) {
	if _, err := c.js.PauseConsumer(ctx, c.n.stream, consumerName, time.Now().Add(time.Minute)); err != nil {
		c.log.Warn("pausing the consumer failed: a slice taken meanwhile may be counted twice", "error", err.Error())
	} else {
		defer func() { _, _ = c.js.ResumeConsumer(ctx, c.n.stream, consumerName) }()
	}
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
