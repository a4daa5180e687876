package pipelinecli

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"time"

	"github.com/sluice-dev/sluice/cluster"
	"github.com/sluice-dev/sluice/internal/cli"
	"github.com/sluice-dev/sluice/job"
	"github.com/sluice-dev/sluice/lang/diag"
)

// checkDistributed refuses, with a diagnostic each, the operations of a
// job that cannot run in cluster mode.
func checkDistributed(j *job.Job, file string, stderr io.Writer) error {
	l := job.Distributed(j)
	diag.Render(stderr, l)
	if l.HasErrors() {
		return &cli.Error{Code: cli.ExitRules, Msg: fmt.Sprintf("%s: %d error(s) for cluster mode", file, cli.CountErrors(l))}
	}
	return nil
}

// runCluster runs a job as the controller of a NATS cluster (or, with
// "embedded", on an in-process server with in-process workers).
func runCluster(f *jobFlags, j *job.Job, env cli.Env, term *terminal, logger *slog.Logger) (*job.Summary, error) {
	doc, err := jobDoc(f)
	if err != nil {
		return nil, cli.UsageErr("%v", err)
	}
	copt := cluster.ControllerOptions{Logger: logger}
	if f.ackWait != "" {
		if copt.AckWait, err = time.ParseDuration(f.ackWait); err != nil || copt.AckWait <= 0 {
			return nil, cli.UsageErr("run: --ack-wait needs a positive duration (like 30s), got %q", f.ackWait)
		}
	}
	what := "stopping the controller: the execution stays in the cluster and resumes when the controller is started again"
	if j.Persistent() {
		what = "stopping: no new slices; the slices in flight finish, the ones no worker has taken are dropped"
	}
	ctx, stop := signalContext(term, what)
	defer stop()
	if f.cluster == "embedded" {
		return cluster.RunEmbedded(ctx, j, doc, cluster.EmbeddedOptions{Controller: copt, Stdout: env.Stdout,
			Started: func(c *cluster.Controller) { term.startProgress(c.Progress) }})
	}
	nc, err := cluster.Connect(f.cluster, "sluice controller "+j.Name)
	if err != nil {
		return nil, &cli.Error{Code: ExitJobFailed, Msg: err.Error()}
	}
	defer nc.Close()
	c, err := cluster.NewController(nc, j, doc, copt)
	if err != nil {
		return nil, &cli.Error{Code: ExitJobFailed, Msg: err.Error()}
	}
	term.startProgress(c.Progress)
	return c.Run(ctx)
}

// jobDoc is the job file as workers receive it, with absolute paths.
func jobDoc(f *jobFlags) (cluster.JobDoc, error) {
	text, err := os.ReadFile(f.file)
	if err != nil {
		return cluster.JobDoc{}, err
	}
	path, err := filepath.Abs(f.file)
	if err != nil {
		return cluster.JobDoc{}, err
	}
	doc := cluster.JobDoc{Path: path, Source: string(text)}
	if f.assets != "" {
		doc.Assets, _ = filepath.Abs(f.assets)
	}
	return doc, nil
}

// signalContext is cancelled by the first SIGINT/SIGTERM; a second one
// exits at once.
func signalContext(term *terminal, what string) (context.Context, func()) {
	ctx, cancel := context.WithCancel(context.Background())
	stop := onSignals(func(s os.Signal) {
		term.message(fmt.Sprintf("pipeline: %s: %s (signal again to exit at once)", s, what))
		cancel()
	}, func(s os.Signal) {
		term.message(fmt.Sprintf("pipeline: %s again: exiting now; slices in flight go to other workers", s))
		os.Exit(ExitAborted)
	})
	return ctx, func() {
		stop()
		cancel()
	}
}

// workerFlags are the flags of pipeline worker.
type workerFlags struct {
	cluster, job, connections, assets, logLevel string
	workers                                     int
}

const workerUsage = "usage: pipeline worker --cluster nats://HOST:PORT [--job NAME] [--workers N] [--connections FILE] [--assets DIR] [--log-level LEVEL]"

func parseWorkerFlags(args []string) (*workerFlags, error) {
	f := &workerFlags{}
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "-h" || a == "--help" {
			return nil, cli.UsageErr(workerUsage)
		}
		if i+1 >= len(args) {
			return nil, cli.UsageErr("worker: %s needs a value (%s)", a, workerUsage)
		}
		i++
		v := args[i]
		switch a {
		case "--cluster":
			f.cluster = v
		case "--job":
			f.job = v
		case "--connections", "-c":
			f.connections = v
		case "--assets":
			f.assets = v
		case "--log-level":
			f.logLevel = v
		case "--workers", "-w":
			if _, err := fmt.Sscanf(v, "%d", &f.workers); err != nil || f.workers < 1 {
				return nil, cli.UsageErr("worker: --workers needs a positive number, got %q", v)
			}
		default:
			return nil, cli.UsageErr("worker: unknown argument %s (%s)", a, workerUsage)
		}
	}
	if f.cluster == "" || f.cluster == "embedded" {
		return nil, cli.UsageErr("worker needs --cluster nats://HOST:PORT (%s)", workerUsage)
	}
	return f, nil
}

// pipelineWorkerCmd: pipeline worker --cluster URL — runs slices until
// stopped; the first signal lets the slices in flight finish.
func pipelineWorkerCmd(args []string, env cli.Env) error {
	f, err := parseWorkerFlags(args)
	if err != nil {
		return err
	}
	var conns *job.Connections
	if f.connections != "" {
		if conns, err = job.LoadConnections(f.connections); err != nil {
			return cli.UsageErr("%v", err)
		}
	}
	term := newTerminal(env.Stderr, "never")
	logger := slog.New(slog.NewTextHandler(term, &slog.HandlerOptions{Level: slogLevel(f.logLevel)}))
	defer cli.GuardMemory()()
	nc, err := cluster.Connect(f.cluster, "sluice worker")
	if err != nil {
		return &cli.Error{Code: ExitJobFailed, Msg: err.Error()}
	}
	defer nc.Close()
	w, err := cluster.NewWorker(nc, cluster.WorkerOptions{Job: f.job, Workers: f.workers, Stdout: env.Stdout, Logger: logger,
		Load: workerLoader(f, conns, env.Stderr)})
	if err != nil {
		return &cli.Error{Code: ExitJobFailed, Msg: err.Error()}
	}
	ctx, stop := signalContext(term, "stopping: finishing the slices in flight")
	defer stop()
	logger.Info("worker started", "cluster", f.cluster, "job", f.job)
	return w.Run(ctx)
}

// workerLoader validates a job document with this machine's connections
// and assets, and checks that it can run in cluster mode.
func workerLoader(f *workerFlags, conns *job.Connections, stderr io.Writer) func(cluster.JobDoc) (*job.Job, error) {
	return func(doc cluster.JobDoc) (*job.Job, error) {
		opt := job.Options{Conns: conns, AssetsDir: f.assets, Dir: filepath.Dir(doc.Path)}
		if opt.AssetsDir == "" {
			opt.AssetsDir = doc.Assets
		}
		if opt.AssetsDir == "" {
			opt.AssetsDir = filepath.Join(opt.Dir, "assets")
		}
		j, l := job.Validate(diag.NewSource(doc.Path, []byte(doc.Source)), opt)
		diag.Render(stderr, l)
		if j == nil {
			return nil, fmt.Errorf("%s: %d error(s)", doc.Path, cli.CountErrors(l))
		}
		if d := job.Distributed(j); d.HasErrors() {
			diag.Render(stderr, d)
			return nil, fmt.Errorf("%s: cannot run in cluster mode", doc.Path)
		}
		j.Dir = opt.Dir
		return j, nil
	}
}
