package dfs

import (
	"context"
	"errors"
	"fmt"

	"github.com/sluice-dev/sluice/fsys"
	"github.com/sluice-dev/sluice/job"
	"github.com/sluice-dev/sluice/ops/fileout"
	"github.com/sluice-dev/sluice/record"
)

// senderAPI is a worker's dfs_sender_api: a factory of file senders on its
// file system (routed_sender makes one per route).
type senderAPI struct {
	*job.Factory[*fileout.Sender]
	fs fsys.FS
}

func (f *Family) newSenderAPI(ctx *job.OpContext, c *job.Config) (any, error) {
	fs, b, err := f.connect(ctx.Context(), ctx.Job.Conns, c)
	if err != nil {
		return nil, err
	}
	build := func(cfg *job.Config) (*fileout.Sender, error) {
		opt, err := fileout.SenderOptionsFromConfig(cfg.Obj, ctx.WorkerID)
		if err != nil {
			return nil, err
		}
		loc := exporterLocation(opt.Path)
		opt.Path, opt.Prefix = loc.Dir, loc.Prefix
		opt.FilePerSlice = opt.FilePerSlice || opt.Format.Format == fileout.JSON
		opt.FS = &outFS{ctx: ctx.Context(), fs: fs, id: b.id(), hold: !opt.FilePerSlice}
		opt.Reject = ctx.Reject
		return fileout.NewSender(opt)
	}
	return &senderAPI{Factory: job.NewFactory(c, build, (*fileout.Sender).Close), fs: fs}, nil
}

// Shutdown closes the senders (committing the workers' growing files),
// then the file-system connection.
func (a *senderAPI) Shutdown(ctx context.Context) error {
	return errors.Join(a.Factory.Shutdown(ctx), a.fs.Close())
}

// exporter is dfs_exporter on a worker.
type exporter struct {
	ctx    *job.OpContext
	cfg    *job.Config
	sender *fileout.Sender
	ledger *job.SentLedger // nil when slices are never retried
}

func (f *Family) newExporter(ctx *job.OpContext, c *job.Config) (job.Processor, error) {
	e := &exporter{ctx: ctx, cfg: c}
	if ctx.Job == nil || ctx.Job.MaxRetries > 0 {
		e.ledger = job.NewSentLedger()
		e.ledger.Lazy = ctx.Job != nil && c.Index == len(ctx.Job.Operations)-1
	}
	return e, nil
}

// Initialize makes the exporter's sender (without dynamic routing: routes
// are routed_sender's business).
func (e *exporter) Initialize(context.Context) error {
	name := e.cfg.String("api_name")
	inst, err := e.ctx.API(name)
	if err != nil {
		return err
	}
	api, ok := inst.(job.APIFactory)
	if !ok {
		return fmt.Errorf("the api %q does not make file senders", name)
	}
	client, _, err := api.Create(name, map[string]any{"dynamic_routing": false})
	if err != nil {
		return err
	}
	if e.sender, ok = client.(*fileout.Sender); !ok {
		return fmt.Errorf("the api %q made a %T, not a file sender", name, client)
	}
	return nil
}

// Process writes the slice and returns it. Records an earlier attempt of
// the slice wrote are not written again. An empty slice writes no file but
// counts in the file numbers (the seed's counter "incremented per slice").
func (e *exporter) Process(s *job.Slice, in []*record.Record) ([]*record.Record, error) {
	if s.Flushing || len(in) == 0 && s.Attempt > 0 {
		return in, nil
	}
	recs := in
	if e.ledger != nil {
		recs = e.ledger.Unsent(s.ID, in)
	}
	if len(recs) == 0 && len(in) > 0 {
		return in, nil // written by an earlier attempt
	}
	if _, err := e.sender.Send(s.Context(), recs); err != nil {
		return nil, err
	}
	if e.ledger != nil {
		e.ledger.MarkSent(s.ID, recs)
	}
	return in, nil
}

// OnSliceFinished forgets what the slice wrote.
func (e *exporter) OnSliceFinished(s *job.Slice) { e.forget(s) }

// OnSliceFailed forgets what the slice wrote.
func (e *exporter) OnSliceFailed(s *job.Slice) { e.forget(s) }

func (e *exporter) forget(s *job.Slice) {
	if e.ledger != nil {
		e.ledger.Forget(s.ID)
	}
}
