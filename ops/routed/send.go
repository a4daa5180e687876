package routed

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"

	"github.com/sluice-dev/sluice/job"
	"github.com/sluice-dev/sluice/record"
)

// Send sends every queued batch and empties the queues. Routes are sent
// concurrently; the batches of one route with at most Concurrency in
// flight (one at a time, in order, for a job.OrderedSender). Batches of at
// most minPerBatch records are kept queued instead (0 sends everything).
// Every batch is attempted, except that an ordered sender gets no batch
// after one that failed (so a retry continues where it stopped and the
// route's records still arrive in input order); the batches not sent are
// dropped from the queues and reported together in a *SendError. It
// returns the records written.
func (rs *RoutedSender) Send(ctx context.Context, minPerBatch int) (int, error) {
	work := rs.takeQueues()
	res := &sendResult{}
	var wg sync.WaitGroup
	for _, q := range work {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rs.sendRoute(ctx, q, minPerBatch, res)
		}()
	}
	wg.Wait()
	return res.affected, res.err()
}

type routeQueue struct {
	route   string
	batches [][]*record.Record
}

// takeQueues empties the queues and returns them in first-queued order.
func (rs *RoutedSender) takeQueues() []routeQueue {
	rs.mu.Lock()
	defer rs.mu.Unlock()
	out := make([]routeQueue, 0, len(rs.order))
	for _, route := range rs.order {
		if b := rs.queues[route]; len(b) > 0 {
			out = append(out, routeQueue{route, b})
		}
	}
	clear(rs.queues)
	rs.order = rs.order[:0]
	return out
}

func (rs *RoutedSender) sendRoute(ctx context.Context, q routeQueue, minPerBatch int, res *sendResult) {
	sender := rs.senders[q.route]
	limit := rs.opt.Concurrency
	if o, ok := sender.(job.OrderedSender); ok && o.SendsInOrder() {
		limit = 1
	}
	sem := make(chan struct{}, limit)
	var wg sync.WaitGroup
	for i, batch := range q.batches {
		if len(batch) <= minPerBatch {
			rs.requeue(q.route, batch)
			continue
		}
		sem <- struct{}{}
		if limit == 1 && res.failedRoute(q.route) {
			<-sem
			res.skip(q.route, q.batches[i:])
			break
		}
		id := rs.startBatch(q.route, len(batch))
		wg.Add(1)
		go func() {
			defer func() { <-sem; wg.Done() }()
			rs.sendBatch(ctx, sender, q.route, id, batch, res)
		}()
	}
	wg.Wait()
}

func (rs *RoutedSender) requeue(route string, batch []*record.Record) {
	rs.mu.Lock()
	defer rs.mu.Unlock()
	for _, r := range batch {
		rs.enqueue(route, r)
	}
}

// sendBatch sends one batch; a send that does not report a count counts
// as the whole batch, as in the reference.
func (rs *RoutedSender) sendBatch(ctx context.Context, s job.RouteSender, route string, id int, batch []*record.Record, res *sendResult) {
	n, err := s.Send(ctx, batch)
	if err != nil {
		part := sentPart(batch, err)
		rs.delivered(route, part)
		res.add(len(part), len(part))
		res.fail(route, len(batch)-len(part), err)
		return
	}
	rs.delivered(route, batch)
	res.add(n, len(batch))
	if rs.opt.BatchEndHook != nil {
		rs.opt.BatchEndHook(id, route, n)
	}
}

// startBatch numbers a batch and calls the start hook, in the order the
// batches of a route start.
func (rs *RoutedSender) startBatch(route string, size int) int {
	rs.mu.Lock()
	rs.batchID++
	id := rs.batchID
	rs.mu.Unlock()
	if rs.opt.BatchStartHook != nil {
		rs.opt.BatchStartHook(id, route, size)
	}
	return id
}

func (rs *RoutedSender) delivered(route string, recs []*record.Record) {
	if rs.opt.Delivered != nil && len(recs) > 0 {
		rs.opt.Delivered(route, recs)
	}
}

// sentPart is the records a failed send still wrote (a *PartialSendError).
func sentPart(batch []*record.Record, err error) []*record.Record {
	var pe *job.PartialSendError
	if !errors.As(err, &pe) {
		return nil
	}
	out := make([]*record.Record, 0, len(pe.Sent))
	for _, i := range pe.Sent {
		if i >= 0 && i < len(batch) {
			out = append(out, batch[i])
		}
	}
	return out
}

// sendResult gathers the outcome of the concurrent sends of one Send.
type sendResult struct {
	mu           sync.Mutex
	affected     int
	sent         int
	failed       int
	skipped      int // batches not attempted after a failure (ordered senders)
	errs         []error
	failedRoutes map[string]bool
}

func (r *sendResult) add(affected, n int) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.affected += affected
	r.sent += n
}

func (r *sendResult) fail(route string, n int, err error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.failed += n
	r.errs = append(r.errs, fmt.Errorf("route %q: %w", route, err))
	if r.failedRoutes == nil {
		r.failedRoutes = map[string]bool{}
	}
	r.failedRoutes[route] = true
}

// failedRoute reports whether a batch of route failed.
func (r *sendResult) failedRoute(route string) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.failedRoutes[route]
}

// skip counts the batches an ordered sender does not get after a failed
// one: they are sent again, in order, when the slice is retried.
func (r *sendResult) skip(route string, batches [][]*record.Record) {
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, b := range batches {
		r.failed += len(b)
	}
	r.skipped += len(batches)
}

func (r *sendResult) err() error {
	if len(r.errs) == 0 {
		return nil
	}
	return &SendError{Errs: r.errs, Sent: r.sent, Failed: r.failed, Skipped: r.skipped}
}

// SendError reports the failed batches of a Send (in the reference's
// AggregateError wording, at most 5 listed) and how many records were sent
// and not sent.
type SendError struct {
	Errs    []error
	Sent    int // records written
	Failed  int // records not written
	Skipped int // batches of ordered senders not attempted after a failed one
}

func (e *SendError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "Failed with an AggregateError containing %d error(s):\n", len(e.Errs))
	for i, err := range e.Errs[:min(5, len(e.Errs))] {
		fmt.Fprintf(&b, "\n[%d] %s", i+1, err.Error())
	}
	if len(e.Errs) > 5 {
		fmt.Fprintf(&b, "\n... and %d other errors.", len(e.Errs)-5)
	}
	fmt.Fprintf(&b, "\n(%d record(s) were not sent, %d were", e.Failed, e.Sent)
	if e.Skipped > 0 {
		fmt.Fprintf(&b, "; %d later batch(es) of ordered routes were held back", e.Skipped)
	}
	b.WriteString(")")
	return b.String()
}

// Unwrap returns the batch errors.
func (e *SendError) Unwrap() []error { return e.Errs }
