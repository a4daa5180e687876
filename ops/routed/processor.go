package routed

import (
	"context"
	"fmt"
	"math"

	"github.com/sluice-dev/sluice/job"
	"github.com/sluice-dev/sluice/record"
)

// processor is routed_sender on one worker.
type processor struct {
	ctx    *job.OpContext
	cfg    *job.Config
	core   *RoutedSender
	api    job.APIFactory            // the _api_name api
	apis   map[string]job.APIFactory // apis named by routing values
	target map[string]target         // by routing value, parsed once by Initialize
	ledger *job.SentLedger           // nil when slices are never retried
	slice  string                    // the slice being processed
}

func newProcessor(ctx *job.OpContext, c *job.Config) (job.Processor, error) {
	routes, err := ParseRouting(c.Object("routing"))
	if err != nil {
		return nil, err
	}
	p := &processor{ctx: ctx, cfg: c}
	if ctx.Job == nil || ctx.Job.MaxRetries > 0 {
		p.ledger = job.NewSentLedger()
		// as the last operation nothing changes a record once it is sent
		p.ledger.Lazy = ctx.Job != nil && c.Index == len(ctx.Job.Operations)-1
	}
	p.core, err = New(routes, Options{
		BatchSize:   int(math.Ceil(c.Float("size"))),
		Concurrency: c.Int("concurrency"),
		Create:      p.create,
		Reject:      p.reject,
		Delivered:   p.delivered,
	})
	return p, err
}

// Initialize finds the sender apis (`_api_name` and any a routing value
// names) and creates the `**` sender.
func (p *processor) Initialize(context.Context) error {
	var err error
	if p.api, err = p.senderAPI(p.cfg.String("_api_name")); err != nil {
		return err
	}
	p.apis, p.target = map[string]job.APIFactory{}, map[string]target{}
	routes := p.core.routes // parsed by newProcessor
	for _, r := range routes.Names() {
		v := routes.Connection(r)
		t := p.targetOf(v)
		p.target[v] = t
		if t.api == "" || p.apis[t.api] != nil {
			continue
		}
		if p.apis[t.api], err = p.senderAPI(t.api); err != nil {
			return fmt.Errorf("routing %q: %w", r, err)
		}
	}
	return p.core.Initialize()
}

func (p *processor) senderAPI(name string) (job.APIFactory, error) {
	inst, err := p.ctx.API(name)
	if err != nil {
		return nil, err
	}
	api, ok := inst.(job.APIFactory)
	if !ok {
		return nil, fmt.Errorf("the api %q does not make senders (routed_sender needs a sender api such as file_sender_api)", name)
	}
	return api, nil
}

func (p *processor) targetOf(value string) target {
	return parseTarget(value, func(name string) bool {
		_, err := p.ctx.API(name)
		return err == nil
	})
}

// create returns the route's sender: the client named after the route of
// the api the routing value names (else `_api_name`), made with
// {_key: route, _connection: connection} over the api's configuration.
func (p *processor) create(route, value string) (job.RouteSender, error) {
	t, ok := p.target[value]
	if !ok {
		t = p.targetOf(value)
	}
	api, name := p.api, p.cfg.String("_api_name")
	if t.api != "" {
		api, name = p.apis[t.api], t.api
	}
	client, ok := api.Get(route)
	if !ok {
		var err error
		if client, _, err = api.Create(route, t.overrides(route)); err != nil {
			return nil, fmt.Errorf("%s: %w", t, err)
		}
	}
	s, ok := client.(job.RouteSender)
	if !ok {
		return nil, fmt.Errorf("the api %q made a %T, which is not a sender", name, client)
	}
	return s, nil
}

// Process routes and sends the slice and returns it unchanged. Records an
// earlier attempt of the slice delivered are not sent again.
func (p *processor) Process(s *job.Slice, in []*record.Record) ([]*record.Record, error) {
	p.slice = s.ID
	if s.Flushing {
		p.slice = "" // the flush pass is never retried: nothing to remember
	}
	p.core.ClearBatches()
	recs := in
	if p.ledger != nil && p.slice != "" {
		recs = p.ledger.Unsent(s.ID, in)
	}
	if err := p.core.Route(s.Context(), recs); err != nil {
		p.core.ClearBatches()
		return nil, err
	}
	if _, err := p.core.Send(s.Context(), 0); err != nil {
		return nil, err
	}
	return in, nil
}

// reject applies the operation's dead-letter action; a record handed to
// it counts as delivered, so a retry does not report it again.
func (p *processor) reject(r *record.Record, err error) error {
	if rerr := p.ctx.Reject(r, err); rerr != nil {
		return rerr
	}
	p.delivered("", []*record.Record{r})
	return nil
}

func (p *processor) delivered(_ string, recs []*record.Record) {
	if p.ledger != nil && p.slice != "" {
		p.ledger.MarkSent(p.slice, recs)
	}
}

// OnSliceRetry drops what a failed attempt left queued.
func (p *processor) OnSliceRetry(*job.Slice) { p.core.ClearBatches() }

// OnSliceFailed drops the queues and what the slice delivered.
func (p *processor) OnSliceFailed(s *job.Slice) {
	p.core.ClearBatches()
	p.forget(s)
}

// OnSliceFinished forgets the slice's deliveries.
func (p *processor) OnSliceFinished(s *job.Slice) { p.forget(s) }

func (p *processor) forget(s *job.Slice) {
	if p.ledger != nil {
		p.ledger.Forget(s.ID)
	}
}
