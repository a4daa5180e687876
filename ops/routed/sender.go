package routed

import (
	"context"
	"errors"
	"fmt"
	"sync"

	"github.com/sluice-dev/sluice/job"
	"github.com/sluice-dev/sluice/record"
)

// RouteMeta is the metadata key that carries a record's route.
const RouteMeta = "standard:route"

// Options configure a RoutedSender.
type Options struct {
	// BatchSize is the most records one Send of a sender gets.
	BatchSize int
	// Concurrency is the most sends in flight per route (default 10); a
	// job.OrderedSender gets one at a time.
	Concurrency int
	// Create makes the sender of a route (called once per route, when the
	// route is first needed) with the route's connection name.
	Create func(route, connection string) (job.RouteSender, error)
	// Reject applies the dead-letter action to a record that cannot be
	// routed; its error stops routing.
	Reject func(r *record.Record, err error) error
	// Delivered is told which records each successful send wrote (or
	// dead-lettered); it may be called concurrently.
	Delivered func(route string, recs []*record.Record)

	// Optional hooks, as in the reference.
	StorageRouteHook func(r *record.Record)
	DataRouteHook    func(r *record.Record)
	BatchStartHook   func(batchID int, route string, size int)
	BatchEndHook     func(batchID int, route string, affected int)
}

// RoutedSender routes records to per-route queues of batches and sends the
// queues through per-route senders. It is used by one goroutine at a time
// (Send runs its own goroutines).
type RoutedSender struct {
	routes   *Routes
	opt      Options
	senders  map[string]job.RouteSender
	verified map[string]bool
	mu       sync.Mutex // guards queues during Send
	queues   map[string][][]*record.Record
	order    []string // routes with a queue, in first-queued order
	batchID  int
}

// New checks the options and returns a RoutedSender.
func New(routes *Routes, opt Options) (*RoutedSender, error) {
	if opt.BatchSize <= 0 {
		return nil, fmt.Errorf("Expect batch size to be >0, got %d", opt.BatchSize)
	}
	if opt.Concurrency <= 0 {
		opt.Concurrency = 10
	}
	return &RoutedSender{routes: routes, opt: opt, senders: map[string]job.RouteSender{},
		verified: map[string]bool{}, queues: map[string][][]*record.Record{}}, nil
}

// Initialize creates the sender of the dynamic route `**` up front.
func (rs *RoutedSender) Initialize() error {
	if rs.routes.Has(Dynamic) {
		_, err := rs.sender(Dynamic)
		return err
	}
	return nil
}

// Senders returns the senders made so far by route.
func (rs *RoutedSender) Senders() map[string]job.RouteSender { return rs.senders }

// sender returns a route's sender, creating it on first use.
func (rs *RoutedSender) sender(route string) (job.RouteSender, error) {
	if s := rs.senders[route]; s != nil {
		return s, nil
	}
	conn := rs.routes.Connection(route)
	if conn == "" {
		return nil, fmt.Errorf("Missing route definition for %q", route)
	}
	s, err := rs.opt.Create(route, conn)
	if err != nil {
		return nil, fmt.Errorf("cannot create the sender of route %q (connection %q): %w", route, conn, err)
	}
	rs.senders[route] = s
	return s, nil
}

// Route puts each record in the queue of its route, in input order. A
// record whose route matches no key goes to `*`, or with `**` to the
// dynamic queue (its route verified once); otherwise it is rejected.
func (rs *RoutedSender) Route(ctx context.Context, recs []*record.Record) error {
	for _, r := range recs {
		if err := rs.routeOne(ctx, r); err != nil {
			return err
		}
	}
	return nil
}

func (rs *RoutedSender) routeOne(ctx context.Context, r *record.Record) error {
	if rs.opt.StorageRouteHook != nil {
		rs.opt.StorageRouteHook(r)
	}
	route, present := r.GetMeta(RouteMeta)
	if rs.opt.DataRouteHook != nil {
		rs.opt.DataRouteHook(r)
	}
	key, err := rs.resolve(ctx, route, present)
	var bad *job.RecordError
	if errors.As(err, &bad) {
		return rs.opt.Reject(r, err)
	}
	if err != nil {
		return err
	}
	if _, err := rs.sender(key); err != nil {
		return err
	}
	rs.enqueue(key, r)
	return nil
}

// resolve finds the queue of a route value.
func (rs *RoutedSender) resolve(ctx context.Context, route any, present bool) (string, error) {
	s, isStr := route.(string)
	switch {
	case isStr && rs.routes.Has(s):
		return s, nil
	case rs.routes.Has(CatchAll):
		return CatchAll, nil
	case rs.routes.Has(Dynamic):
		return Dynamic, rs.dynamic(ctx, route)
	case !present || route == nil:
		return "", job.RecordErr("NO_ROUTE", "No route was specified in record metadata")
	}
	return "", job.RecordErr("UNKNOWN_ROUTE", "Invalid connection route: %s was not found in routing", record.ToString(route))
}

// dynamic checks a record's route for `**` and verifies it once; a route
// whose verification failed is verified again next time (the reference
// marks it verified before trying).
func (rs *RoutedSender) dynamic(ctx context.Context, route any) error {
	if !record.Truthy(route) {
		return job.RecordErr("NO_ROUTE", "No data route was specified in record metadata")
	}
	s, ok := route.(string)
	if !ok {
		return job.RecordErr("BAD_ROUTE", "the standard:route metadata must be a string, got %s", record.TypeName(route))
	}
	if rs.verified[s] {
		return nil
	}
	sender, err := rs.sender(Dynamic)
	if err != nil {
		return err
	}
	if err := sender.Verify(ctx, s); err != nil {
		var bad *job.RecordError
		if errors.As(err, &bad) {
			return err // the route itself is unusable: the record is bad
		}
		return fmt.Errorf("cannot prepare route %q: %w", s, err)
	}
	rs.verified[s] = true
	return nil
}

// enqueue adds a record to the last batch of a route, or a new batch when
// the last one is full.
func (rs *RoutedSender) enqueue(route string, r *record.Record) {
	batches, ok := rs.queues[route]
	if !ok {
		rs.order = append(rs.order, route)
	}
	if n := len(batches); n > 0 && len(batches[n-1]) < rs.opt.BatchSize {
		batches[n-1] = append(batches[n-1], r)
	} else {
		batches = append(batches, []*record.Record{r})
	}
	rs.queues[route] = batches
}

// QueuedRecordCount is the number of records waiting in the queues.
func (rs *RoutedSender) QueuedRecordCount() int {
	rs.mu.Lock()
	defer rs.mu.Unlock()
	n := 0
	for _, batches := range rs.queues {
		for _, b := range batches {
			n += len(b)
		}
	}
	return n
}

// ClearBatches drops every queued record.
func (rs *RoutedSender) ClearBatches() {
	rs.mu.Lock()
	defer rs.mu.Unlock()
	clear(rs.queues)
	rs.order = rs.order[:0]
}
