package search

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"sync"

	"github.com/sluice-dev/sluice/job"
	"github.com/sluice-dev/sluice/record"
)

func init() { job.Register(senderSpec()) }

func senderSpec() *job.Spec {
	return &job.Spec{
		Name:    "search_sender_api",
		Kind:    job.KindAPI,
		Summary: "A sender api that bulk-writes records to a search index (Elasticsearch API): index, create, update, upsert or delete, `size` items per request.",
		Doc: "Name it in routed_sender's `_api_name`; each route writes through its own connection. A record's `_key` " +
			"metadata is the document `_id`; a `_delete_id` adds a delete of that id. A `**` route writes to " +
			"`<index>-<route>`, every other route to `index`. Each item's answer decides its fate: a 409 conflict is " +
			"skipped, a rejection for load (429, es_rejected_execution_exception, a tripped circuit breaker) is sent " +
			"again after a wait that doubles up to 10 s, at most `retry_limit` times, and any other item error " +
			"sends the record with the server's reason to this api's `_dead_letter_action`; the rest of the batch " +
			"is written either way. A request that fails as a whole (429/503, a reset, a time-out) is sent again " +
			"the same way when sending it twice cannot duplicate a document (every item has an id).",
		Params:      senderParams(),
		ValidateJob: validateSender,
		Connection:  connKind,
		NewAPI:      newSenderAPI,
		Examples:    senderExamples(),
	}
}

// senderAPI is the api on one worker: a factory of senders sharing one
// client per connection.
type senderAPI struct {
	ctx     *job.OpContext
	mu      sync.Mutex
	clients map[string]*client
}

func newSenderAPI(ctx *job.OpContext, c *job.Config) (any, error) {
	a := &senderAPI{ctx: ctx, clients: map[string]*client{}}
	return job.NewFactory(c, a.build, nil), nil
}

func (a *senderAPI) build(cfg *job.Config) (*Sender, error) {
	o, err := senderOptionsOf(cfg)
	if err != nil {
		return nil, err
	}
	c, err := a.client(o.conn)
	if err != nil {
		return nil, err
	}
	return &Sender{opt: o, es: c, reject: a.ctx.Reject}, nil
}

func (a *senderAPI) client(name string) (*client, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if c, ok := a.clients[name]; ok {
		return c, nil
	}
	c, err := connect(a.ctx.Context(), a.ctx.Job.Conns, name)
	if err != nil {
		return nil, err
	}
	a.clients[name] = c
	return c, nil
}

// NewSender makes a sender outside a job (tests, embedders): cfg is a
// search_sender_api configuration (job.NewConfig), with `_key` "**" for a
// dynamic route; reject takes the records the server refused (nil: they
// fail the send).
func NewSender(ctx context.Context, conns *job.Connections, cfg *job.Config, reject func(*record.Record, error) error) (*Sender, error) {
	o, err := senderOptionsOf(cfg)
	if err != nil {
		return nil, err
	}
	c, err := connect(ctx, conns, o.conn)
	if err != nil {
		return nil, err
	}
	if reject == nil {
		reject = func(_ *record.Record, err error) error { return err }
	}
	return &Sender{opt: o, es: c, reject: reject}, nil
}

// Sender writes batches to a search index; it is a job.RouteSender.
type Sender struct {
	opt    *senderOptions
	es     *client
	reject func(*record.Record, error) error
}

// Verify does nothing: the server creates an index on first write.
func (s *Sender) Verify(context.Context, string) error { return nil }

// maxInFlight bounds the concurrent bulk requests of one Send.
const maxInFlight = 8

// Send writes the records in bulk requests of `size` items, sent
// concurrently, and returns how many records the server wrote. Records
// whose items the server refused go to the dead-letter action; when some
// records could not be written (the request failed, the retries ran out,
// the dead-letter action throws) the error is a *job.PartialSendError
// naming the records that were handled.
func (s *Sender) Send(ctx context.Context, recs []*record.Record) (int, error) {
	b := &itemBuilder{opt: s.opt, buf: make([]byte, 0, 256*len(recs))}
	items := make([]item, 0, len(recs))
	for i, r := range recs {
		items = b.items(items, i, r)
	}
	outcomes := make([]outcome, len(items))
	reasons := make([]string, len(items))
	errs := make([]error, (len(items)+s.opt.size-1)/s.opt.size)
	sem := make(chan struct{}, maxInFlight)
	var wg sync.WaitGroup
	for c, lo := 0, 0; lo < len(items); c, lo = c+1, lo+s.opt.size {
		hi := min(lo+s.opt.size, len(items))
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done() }()
			ch := chunk{b: b, items: items[lo:hi], outcomes: outcomes[lo:hi], reasons: reasons[lo:hi]}
			errs[c] = s.sendChunk(ctx, &ch)
		}()
	}
	wg.Wait()
	return s.settle(recs, items, outcomes, reasons, errors.Join(errs...))
}

// chunk is the items of one bulk request and their outcomes.
type chunk struct {
	b        *itemBuilder
	items    []item
	outcomes []outcome
	reasons  []string
}

// body is the request body of the items at positions todo (all: nil).
func (ch *chunk) body(todo []int) []byte {
	if todo == nil {
		return ch.b.buf[ch.items[0].start:ch.items[len(ch.items)-1].end]
	}
	var out []byte
	for _, p := range todo {
		out = append(out, ch.b.line(ch.items[p])...)
	}
	return out
}

// idempotent reports whether sending the items at todo (all: nil) again
// cannot write a document twice.
func (ch *chunk) idempotent(todo []int) bool {
	if todo == nil {
		for _, it := range ch.items {
			if !it.idempotent() {
				return false
			}
		}
		return true
	}
	for _, p := range todo {
		if !ch.items[p].idempotent() {
			return false
		}
	}
	return true
}

// sendChunk sends one request and the retries of what the server rejected
// for load; it returns an error only when the request itself failed.
func (s *Sender) sendChunk(ctx context.Context, ch *chunk) error {
	var todo []int // nil: every item
	wait := s.opt.retryWait
	for attempt := 0; ; attempt++ {
		resp, err := s.post(ctx, ch.body(todo))
		if err != nil {
			var re *requestError
			if errors.As(err, &re) && re.retry && attempt < s.opt.retryLimit && (!re.ambiguous || ch.idempotent(todo)) {
				if !job.Sleep(ctx, wait) {
					return err
				}
				wait = min(2*wait, maxRetryWait)
				continue
			}
			return err
		}
		if todo, err = ch.record(resp, todo, attempt == s.opt.retryLimit); err != nil || len(todo) == 0 {
			return err
		}
		if !job.Sleep(ctx, wait) {
			return ctx.Err()
		}
		wait = min(2*wait, maxRetryWait)
	}
}

// record notes the answer for the items at todo and returns those to send
// again; on the last attempt they are marked exhausted instead.
func (ch *chunk) record(resp *bulkResponse, todo []int, last bool) ([]int, error) {
	if todo == nil {
		todo = make([]int, len(ch.items))
		for i := range todo {
			todo[i] = i
		}
	}
	if len(resp.Items) != len(todo) {
		return nil, fmt.Errorf("the server answered %d bulk items for %d sent", len(resp.Items), len(todo))
	}
	var again []int
	for j, answer := range resp.Items {
		p := todo[j]
		r := resultOf(answer)
		o, retry, reason := classify(ch.items[p].verb, r)
		if retry {
			ch.reasons[p] = fmt.Sprintf("status %d", r.Status)
			if r.Error != nil {
				ch.reasons[p] += " " + r.Error.Type + ": " + r.Error.Reason
			}
			if last {
				ch.outcomes[p] = exhausted
			} else {
				again = append(again, p)
			}
			continue
		}
		ch.outcomes[p], ch.reasons[p] = o, reason
	}
	return again, nil
}

// requestError is a bulk request that failed as a whole.
type requestError struct {
	err       error
	retry     bool // worth sending again
	ambiguous bool // the server may have applied it
}

func (e *requestError) Error() string { return e.err.Error() }
func (e *requestError) Unwrap() error { return e.err }

// post sends one bulk request body.
func (s *Sender) post(ctx context.Context, body []byte) (*bulkResponse, error) {
	ctx, cancel := context.WithTimeout(ctx, s.es.timeout)
	defer cancel()
	es := s.es.es
	res, err := es.Bulk(bytes.NewReader(body), es.Bulk.WithContext(ctx))
	if err != nil {
		return nil, &requestError{err: fmt.Errorf("bulk request to %s connection %q failed: %w", connKind, s.es.name, err),
			retry: ctx.Err() == nil || errors.Is(ctx.Err(), context.DeadlineExceeded), ambiguous: true}
	}
	data, rerr := io.ReadAll(res.Body)
	res.Body.Close()
	switch {
	case res.StatusCode == 429 || res.StatusCode == 503:
		return nil, &requestError{err: fmt.Errorf("bulk request to %s connection %q: the server answered %s", connKind, s.es.name, res.Status()), retry: true}
	case res.StatusCode == 502 || res.StatusCode == 504:
		return nil, &requestError{err: fmt.Errorf("bulk request to %s connection %q: the server answered %s", connKind, s.es.name, res.Status()), retry: true, ambiguous: true}
	case res.IsError():
		return nil, fmt.Errorf("bulk request to %s connection %q: the server answered %s: %s", connKind, s.es.name, res.Status(), bytes.TrimSpace(data))
	case rerr != nil:
		return nil, &requestError{err: fmt.Errorf("bulk request to %s connection %q: reading the answer: %w", connKind, s.es.name, rerr), retry: true, ambiguous: true}
	}
	resp, err := parseBulk(data)
	if err != nil {
		return nil, fmt.Errorf("bulk request to %s connection %q: the answer is not a bulk result: %w", connKind, s.es.name, err)
	}
	return resp, nil
}

// severity orders outcomes for a record with several items: the worst
// decides what happens to the record.
func severity(o outcome) int {
	switch o {
	case pending:
		return 3
	case exhausted:
		return 2
	case rejected:
		return 1
	}
	return 0
}

// settle turns item outcomes into the result of Send: dead letters for
// rejected records, the count of written records, and which records were
// handled when some were not.
func (s *Sender) settle(recs []*record.Record, items []item, outcomes []outcome, reasons []string, reqErr error) (int, error) {
	worst := make([]int, len(recs)) // item index deciding each record's fate, -1 before any
	for i := range worst {
		worst[i] = -1
	}
	mainWritten := make([]bool, len(recs))
	for i, it := range items {
		w := worst[it.rec]
		if w < 0 {
			mainWritten[it.rec] = outcomes[i] == written
		}
		if w < 0 || severity(outcomes[i]) > severity(outcomes[w]) {
			worst[it.rec] = i
		}
	}
	var failures []error
	var sent []int
	n, exhaustedN := 0, 0
	for i, r := range recs {
		w := worst[i]
		switch outcomes[w] {
		case pending:
			continue
		case exhausted:
			if exhaustedN++; exhaustedN == 1 {
				failures = append(failures, fmt.Errorf("the server still rejected item(s) after %d retries (%s)", s.opt.retryLimit, reasons[w]))
			}
			continue
		case rejected:
			if err := s.reject(r, job.RecordErr("SEARCH_ITEM_ERROR", "%s", reasons[w])); err != nil {
				failures = append(failures, err)
				continue
			}
		}
		sent = append(sent, i)
		if mainWritten[i] {
			n++
		}
	}
	if reqErr == nil && len(failures) == 0 {
		return n, nil
	}
	err := errors.Join(append([]error{reqErr}, failures...)...)
	if len(sent) == 0 {
		return 0, err
	}
	return n, &job.PartialSendError{Sent: sent, Err: err}
}
