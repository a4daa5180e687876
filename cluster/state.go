package cluster

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/sluice-dev/sluice/job"
)

// JobDoc is the job as the controller hands it to the workers: the job
// file's text, validated again by each worker with its own connections.
type JobDoc struct {
	Path   string `json:"path"`   // the job file (absolute): diagnostics, relative paths
	Source string `json:"source"` // its text
	Assets string `json:"assets,omitempty"`
}

// state is the controller's record of an execution.
type state struct {
	Exec       string          `json:"exec"`
	Controller string          `json:"controller"` // the controller running it
	Status     string          `json:"status"`     // running, completed, failed
	Published  int             `json:"published"`
	SlicerDone bool            `json:"slicer_done"`
	Last       json.RawMessage `json:"last,omitempty"` // the last request published: the slicer's position
	Started    time.Time       `json:"started"`
}

// result is a finished slice, written by the worker that finished it.
type result struct {
	Order      int             `json:"order"`
	Status     string          `json:"status"` // done or failed
	Attempts   int             `json:"attempts"`
	Worker     string          `json:"worker,omitempty"`
	Error      string          `json:"error,omitempty"`
	Operations []job.OpSummary `json:"operations,omitempty"`
}

// workerProblem is written by a worker that cannot run the job.
type workerProblem struct {
	Worker string `json:"worker"`
	Error  string `json:"error"`
}

// registryEntry is a job's line in the sluice_jobs bucket.
type registryEntry struct {
	Exec   string `json:"exec"`
	Status string `json:"status"`
}

// permanent is an error retry gives up on at once.
type permanent struct{ err error }

func (p *permanent) Error() string { return p.err.Error() }

// retry calls fn until it succeeds, fails with a *permanent error or ctx
// ends: JetStream calls fail while
// the server restarts, and are simply made again.
func retry(ctx context.Context, log *slog.Logger, what string, fn func(ctx context.Context) error) error {
	wait := 100 * time.Millisecond
	for {
		cctx, cancel := context.WithTimeout(ctx, 5*time.Second)
		err := fn(cctx)
		cancel()
		var p *permanent
		if errors.As(err, &p) {
			return p.err
		}
		if err == nil {
			return nil
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
		log.Warn("nats call failed, retrying", "call", what, "error", err.Error())
		if !job.Sleep(ctx, wait) {
			return ctx.Err()
		}
		wait = min(2*wait, 2*time.Second)
	}
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
			if err = c.checkOwner(ctx); err == nil {
				rev, err = c.kv.Update(ctx, stateKey, b, c.rev)
			}
		}
		if err == nil {
			c.rev = rev
		}
		return err
	})
}

// ErrAnotherController: the job's state was written by another controller.
var ErrAnotherController = errors.New("another controller is running this job (run one controller per job name)")

// checkOwner tells a write of ours whose answer was lost (a stop, a server
// restart) from another controller's: when the stored state is ours, its
// revision is taken as ours.
func (c *Controller) checkOwner(ctx context.Context) error {
	e, err := c.kv.Get(ctx, stateKey)
	if err != nil {
		return err
	}
	var st state
	if err := json.Unmarshal(e.Value(), &st); err != nil || st.Controller != c.id {
		return &permanent{ErrAnotherController}
	}
	c.rev = e.Revision()
	return nil
}
