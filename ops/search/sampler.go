package search

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/sluice-dev/sluice/job"
	"github.com/sluice-dev/sluice/ops/sample"
	"github.com/sluice-dev/sluice/record"
)

func init() { job.Register(samplerSpec()) }

func samplerSpec() *job.Spec {
	return &job.Spec{
		Name:    "sample_exact_es_percent",
		Kind:    job.KindProcessor,
		Summary: "Keeps exactly floor(n × percent / 100) records of each slice, chosen at random; `percent` is read from a stored document and refreshed every window_ms.",
		Doc: "The document `document_id` of `index` is read through the `elasticsearch-next` connection `_connection` " +
			"(`connection` is accepted too) with a `_search` by ids. Its `percent` is a number from 0 to 100 or a " +
			"string converted as JavaScript's Number() does. It is read once when the worker starts — a failure then " +
			"stops the job with an error naming the index, the document and the connection — and again every " +
			"`window_ms` in the background. A refresh that fails (after 3 attempts) is reported as a warning and the " +
			"last percentage stays in force, whatever it was. The share is exact, as in `sample_exact`.",
		Params: []*job.Param{
			{Name: "_connection", Type: "string", NoDefault: true, Check: job.OptionalString(), Doc: "The elasticsearch-next connection; default `default`."},
			{Name: "connection", Type: "string", NoDefault: true, Check: job.OptionalString(), Doc: "Accepted for `_connection` (the reference's schema key); `_connection` wins when both are given."},
			{Name: "index", Type: "string", Required: true, Check: indexCheck(), Doc: "The index holding the percentage document."},
			{Name: "document_id", Type: "string", Required: true, Check: documentIDCheck(), Doc: "The `_id` of the document whose `percent` field holds the percentage to keep."},
			{Name: "window_ms", Type: "number", Default: 300000.0, Check: windowCheck(), Doc: "Milliseconds between reads of the document, 100 to 3600000."},
		},
		Connection:   connKind,
		NewProcessor: newSampler,
		Examples:     samplerExamples(),
	}
}

func indexCheck() job.Check {
	return func(v any) (any, error) {
		s, ok := v.(string)
		switch {
		case !ok:
			return v, errors.New("must be of type string")
		case s == "":
			return v, errors.New("must not be an empty string")
		case strings.ToLower(s) != s:
			return v, errors.New("must be lowercase")
		}
		return v, nil
	}
}

func documentIDCheck() job.Check {
	return job.Custom(func(v any) bool {
		s, ok := v.(string)
		return ok && strings.TrimSpace(s) != ""
	}, "must be a non-empty string")
}

func windowCheck() job.Check {
	return job.Custom(func(v any) bool {
		f, ok := v.(float64)
		return ok && f >= 100 && f <= 3600000
	}, "must be a number between 100 and 3,600,000 milliseconds (1 hour).")
}

// connectionName is `_connection`, else `connection`, else "default".
func connectionName(c *job.Config) string {
	for _, k := range []string{"_connection", "connection"} {
		if s := c.String(k); s != "" {
			return s
		}
	}
	return "default"
}

// Sampler is sample_exact_es_percent on one worker.
type Sampler struct {
	ctx    *job.OpContext
	doc    percentDoc
	window time.Duration
	rng    *rand.Rand

	es      *client
	current atomic.Pointer[share]
	failed  atomic.Int64 // refreshes that failed

	stop chan struct{}
	done sync.WaitGroup
}

// share is the percentage in force.
type share struct {
	percent float64
	exact   *sample.Exact
}

// fetchWaits are the waits between the attempts of one read (3 attempts).
var fetchWaits = []time.Duration{time.Second, 2 * time.Second}

func newSampler(ctx *job.OpContext, c *job.Config) (job.Processor, error) {
	return &Sampler{
		ctx:    ctx,
		doc:    percentDoc{conn: connectionName(c), index: c.String("index"), id: c.String("document_id")},
		window: time.Duration(c.Float("window_ms") * float64(time.Millisecond)),
		rng:    rand.New(rand.NewPCG(rand.Uint64(), rand.Uint64())),
		stop:   make(chan struct{}),
	}, nil
}

// Initialize connects, reads the percentage (failing without one) and
// starts the refresh timer.
func (s *Sampler) Initialize(ctx context.Context) error {
	var err error
	s.es, err = connect(ctx, s.ctx.Job.Conns, s.doc.conn)
	if err == nil {
		var p float64
		if p, err = s.fetch(ctx); err == nil {
			s.set(p)
		}
	}
	if err != nil {
		return fmt.Errorf("SampleExactESPercentage failed to retrieve percentage from index %s of %s connection %s: %s",
			s.doc.index, connKind, s.doc.conn, errTS(err))
	}
	s.done.Add(1)
	go s.refreshLoop()
	return nil
}

// Shutdown stops the refresh timer.
func (s *Sampler) Shutdown(context.Context) error {
	select {
	case <-s.stop:
	default:
		close(s.stop)
	}
	s.done.Wait()
	return nil
}

func (s *Sampler) set(p float64) {
	s.current.Store(&share{percent: p, exact: sample.NewExact(p, s.rng)})
}

// fetch reads the percentage, with up to len(fetchWaits) retries.
func (s *Sampler) fetch(ctx context.Context) (float64, error) {
	for attempt := 0; ; attempt++ {
		p, err := s.doc.read(ctx, s.es)
		if err == nil || attempt == len(fetchWaits) {
			return p, err
		}
		select {
		case <-time.After(fetchWaits[attempt]):
		case <-s.stop:
			return 0, err
		case <-ctx.Done():
			return 0, err
		}
	}
}

func (s *Sampler) refreshLoop() {
	defer s.done.Done()
	t := time.NewTicker(s.window)
	defer t.Stop()
	ctx, cancel := context.WithCancel(s.ctx.Context())
	defer cancel()
	go func() {
		select {
		case <-s.stop:
			cancel()
		case <-ctx.Done():
		}
	}()
	for {
		select {
		case <-s.stop:
			return
		case <-ctx.Done():
			return
		case <-t.C:
			s.refresh(ctx)
		}
	}
}

// refresh reads the percentage again; on failure the last one stays.
func (s *Sampler) refresh(ctx context.Context) {
	p, err := s.fetch(ctx)
	if err != nil {
		if ctx.Err() != nil {
			return // shutting down
		}
		s.failed.Add(1)
		s.ctx.Logger.Warn(fmt.Sprintf("Error retrieving new percentage from index %s of %s connection %s, will re-use current percentage: %s",
			s.doc.index, connKind, s.doc.conn, errTS(err)), "op", s.ctx.Config.Where(), "percent", s.Percent())
		return
	}
	s.set(p)
}

// Percent is the percentage in force.
func (s *Sampler) Percent() float64 { return s.current.Load().percent }

// FailedRefreshes counts the refreshes that kept the old percentage.
func (s *Sampler) FailedRefreshes() int64 { return s.failed.Load() }

// Process returns a random subset of the slice of the current share.
func (s *Sampler) Process(_ *job.Slice, in []*record.Record) ([]*record.Record, error) {
	sh := s.current.Load()
	out := sh.exact.Sample(in)
	if !s.ctx.Logger.Enabled(context.Background(), slog.LevelDebug) {
		return out, nil
	}
	s.ctx.Logger.Debug("Keeping " + strconv.Itoa(len(out)) + " record sample size of " + strconv.Itoa(len(in)) +
		" original records (" + strconv.FormatFloat(sh.percent, 'f', 2, 64) + "%)")
	return out, nil
}
