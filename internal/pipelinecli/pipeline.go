package pipelinecli

import (
	"fmt"
	"io"

	"github.com/sluice-dev/sluice/internal/cli"
	"github.com/sluice-dev/sluice/job"
	"github.com/sluice-dev/sluice/lang/diag"
	_ "github.com/sluice-dev/sluice/ops/all" // every operation and api
)

// Exit codes of the pipeline command beyond cli.ExitOK, cli.ExitRules (job file
// errors) and cli.ExitUsage.
const (
	ExitJobFailed = 3   // a slice failed, or the job could not start
	ExitStopped   = 4   // a once job was stopped before it completed
	ExitAborted   = 130 // a second signal aborted the job
)

type command struct {
	name, summary string
	run           func(args []string, env cli.Env) error
}

var pipelineCommands = []command{
	{"run", "run a job file: the reader, then every operation, on workers", pipelineRunCmd},
	{"validate", "report every problem in a job file (and its rule files)", pipelineValidateCmd},
	{"docs", "print the reference of every operation and api", pipelineDocsCmd},
	{"worker", "run slices of the jobs a NATS cluster runs (pipeline worker --cluster nats://HOST:PORT)", pipelineWorkerCmd},
	{"explain", "show a job as a graph with each transform's plan (text, dot, svg or html)", pipelineExplainCmd},
}

// Pipeline runs the pipeline command line and returns the exit code.
func Pipeline(args []string, env cli.Env) int {
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
		fmt.Fprintln(env.Stdout, "usage: pipeline <command> [arguments]\n\ncommands:")
		for _, c := range pipelineCommands {
			fmt.Fprintf(env.Stdout, "  %-9s %s\n", c.name, c.summary)
		}
		if len(args) == 0 {
			return cli.ExitUsage
		}
		return cli.ExitOK
	}
	for _, c := range pipelineCommands {
		if c.name == args[0] {
			return pipelineExit(c.run(args[1:], env), env)
		}
	}
	fmt.Fprintf(env.Stderr, "pipeline: unknown command %q (try pipeline --help)\n", args[0])
	return cli.ExitUsage
}

func pipelineExit(err error, env cli.Env) int { return cli.Exit("pipeline", err, env, ExitJobFailed) }

// jobFlags are the flags of run and validate.
type jobFlags struct {
	file        string
	connections string
	assets      string
	summary     string
	logLevel    string
	workers     int
	progress    string // auto, always, never
	cluster     string // "" (in-process), "embedded" or a NATS url
	ackWait     string // --ack-wait, a Go duration
	cpuProf     string // --cpuprofile FILE (run)
}

func parseJobFlags(cmd string, args []string) (*jobFlags, error) {
	f := &jobFlags{progress: "auto"}
	for i := 0; i < len(args); i++ {
		a := args[i]
		value := func() (string, error) {
			if i+1 >= len(args) {
				return "", cli.UsageErr("%s: %s needs a value", cmd, a)
			}
			i++
			return args[i], nil
		}
		var err error
		switch a {
		case "--connections", "-c":
			f.connections, err = value()
		case "--assets":
			f.assets, err = value()
		case "--summary":
			f.summary, err = value()
		case "--log-level":
			f.logLevel, err = value()
		case "--workers", "-w":
			var v string
			if v, err = value(); err == nil {
				_, err = fmt.Sscanf(v, "%d", &f.workers)
				if err != nil || f.workers < 1 {
					err = cli.UsageErr("%s: --workers needs a positive number, got %q", cmd, v)
				}
			}
		case "--cluster":
			f.cluster, err = value()
		case "--ack-wait":
			f.ackWait, err = value()
		case "--cpuprofile":
			f.cpuProf, err = value()
		case "--progress":
			f.progress = "always"
		case "--no-progress":
			f.progress = "never"
		case "-h", "--help":
			return nil, cli.UsageErr("usage: pipeline %s JOB.json [--connections FILE] [--assets DIR] [--workers N] [--summary FILE] [--log-level LEVEL] [--progress|--no-progress] [--cluster embedded|nats://HOST:PORT [--ack-wait DURATION]] [--cpuprofile FILE]", cmd)
		default:
			if len(a) > 1 && a[0] == '-' {
				return nil, cli.UsageErr("%s: unknown flag %s (try pipeline %s --help)", cmd, a, cmd)
			}
			if f.file != "" {
				return nil, cli.UsageErr("%s: one job file at a time (got %s and %s)", cmd, f.file, a)
			}
			f.file = a
		}
		if err != nil {
			return nil, err
		}
	}
	if f.file == "" {
		return nil, cli.UsageErr("%s needs a job file (pipeline %s JOB.json)", cmd, cmd)
	}
	return f, nil
}

// loadJob validates the job file and prints every diagnostic.
func loadJob(f *jobFlags, stderr io.Writer) (*job.Job, error) {
	opt := job.Options{AssetsDir: f.assets}
	if f.connections != "" {
		conns, err := job.LoadConnections(f.connections)
		if err != nil {
			return nil, cli.UsageErr("%v", err)
		}
		opt.Conns = conns
	}
	j, diags := job.Load(f.file, opt)
	diag.Render(stderr, diags)
	if j == nil {
		return nil, &cli.Error{Code: cli.ExitRules, Msg: fmt.Sprintf("%s: %d error(s)", f.file, cli.CountErrors(diags))}
	}
	if f.workers > 0 {
		j.Workers = f.workers
	}
	if f.cluster != "" {
		return j, checkDistributed(j, f.file, stderr)
	}
	return j, nil
}

// pipelineValidateCmd: pipeline validate JOB.json
func pipelineValidateCmd(args []string, env cli.Env) error {
	f, err := parseJobFlags("validate", args)
	if err != nil {
		return err
	}
	j, err := loadJob(f, env.Stderr)
	if err != nil {
		return err
	}
	fmt.Fprintf(env.Stdout, "%s: valid (%q, %s, %d worker(s), %d operation(s), %d api(s))\n",
		f.file, j.Name, j.Lifecycle, j.Workers, len(j.Operations), len(j.APIs))
	return nil
}
