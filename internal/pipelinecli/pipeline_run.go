package pipelinecli

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/sluice-dev/sluice/internal/cli"
	"github.com/sluice-dev/sluice/job"
)

// pipelineRunCmd: pipeline run JOB.json [flags]
func pipelineRunCmd(args []string, env cli.Env) error {
	f, err := parseJobFlags("run", args)
	if err != nil {
		return err
	}
	j, err := loadJob(f, env.Stderr)
	if err != nil {
		return err
	}
	term := newTerminal(env.Stderr, f.progress)
	level := f.logLevel
	if level == "" {
		level = j.Top.String("log_level")
	}
	logger := slog.New(slog.NewTextHandler(term, &slog.HandlerOptions{Level: slogLevel(level)}))
	defer cli.GuardMemory()()
	if f.cpuProf != "" {
		if err := cli.RefuseInput("--cpuprofile", f.cpuProf, []string{f.file}, env); err != nil {
			return err
		}
		stop, err := cli.StartProfile(f.cpuProf)
		if err != nil {
			return err
		}
		defer stop()
	}
	var sum *job.Summary
	var runErr error
	if f.cluster != "" {
		sum, runErr = runCluster(f, j, env, term, logger)
	} else {
		ex := job.NewExecution(j, job.RunOptions{Stdout: env.Stdout, Logger: logger})
		sum, runErr = runWithSignals(ex, term)
	}
	term.stopProgress()
	if sum == nil {
		return runError(runErr)
	}
	printSummary(env.Stderr, sum)
	if f.summary != "" {
		if err := writeSummary(f.summary, sum); err != nil {
			return cli.UsageErr("%v", err)
		}
	}
	return runError(runErr)
}

// runWithSignals runs the execution: the first SIGINT/SIGTERM stops it
// gracefully, a second one aborts at once.
func runWithSignals(ex *job.Execution, term *terminal) (*job.Summary, error) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	stop := onSignals(func(s os.Signal) {
		term.message(fmt.Sprintf("pipeline: %s: stopping — no new slices; finishing the slices in flight, then flushing (signal again to abort)", s))
		cancel()
	}, func(s os.Signal) {
		term.message(fmt.Sprintf("pipeline: %s again: aborting now; slices in flight are abandoned (no partial files are left under final names)", s))
		ex.Abort()
		time.Sleep(time.Second)
		os.Exit(ExitAborted)
	})
	defer stop()
	term.startProgress(ex.Progress)
	return ex.Run(ctx)
}

// onSignals calls first at the first SIGINT/SIGTERM and second at the next
// one, until stop is called.
func onSignals(first, second func(os.Signal)) (stop func()) {
	sigs := make(chan os.Signal, 2)
	signal.Notify(sigs, syscall.SIGINT, syscall.SIGTERM)
	done := make(chan struct{})
	go func() {
		for _, f := range []func(os.Signal){first, second} {
			select {
			case s := <-sigs:
				f(s)
			case <-done:
				return
			}
		}
	}()
	return func() {
		signal.Stop(sigs)
		close(done)
	}
}

func runError(err error) error {
	var e *cli.Error
	switch {
	case err == nil:
		return nil
	case errors.As(err, &e):
		return e
	case errors.Is(err, job.ErrStopped):
		return &cli.Error{Code: ExitStopped, Msg: err.Error()}
	case errors.Is(err, context.Canceled):
		return &cli.Error{Code: ExitAborted, Msg: "aborted"}
	}
	return &cli.Error{Code: ExitJobFailed, Msg: err.Error()}
}

func slogLevel(s string) slog.Level {
	switch strings.ToLower(s) {
	case "trace", "debug":
		return slog.LevelDebug
	case "warn":
		return slog.LevelWarn
	case "error", "fatal":
		return slog.LevelError
	}
	return slog.LevelInfo
}

func writeSummary(path string, sum *job.Summary) error {
	b, err := json.MarshalIndent(sum, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(path, append(b, '\n'), 0o644)
}

// printSummary writes the per-operation account of the execution.
func printSummary(w io.Writer, s *job.Summary) {
	fmt.Fprintf(w, "job %q %s in %s: %d slice(s) done, %d failed, %d retried",
		s.Job, s.Status, fmtSeconds(s.Seconds), s.SlicesDone, s.SlicesFailed, s.Retries)
	if s.NotStarted > 0 {
		fmt.Fprintf(w, ", %d never started", s.NotStarted)
	}
	fmt.Fprintf(w, "; %d record(s) read, %d out\n", s.RecordsIn, s.RecordsOut)
	fmt.Fprintf(w, "  %-3s %-24s %12s %12s %14s %9s\n", "#", "operation", "records in", "records out", "dead-lettered", "time")
	for _, o := range s.Operations {
		in := fmt.Sprint(o.RecordsIn)
		if o.Index == 0 {
			in = "-"
		}
		fmt.Fprintf(w, "  %-3d %-24s %12s %12d %14d %9s\n", o.Index, o.Op, in, o.RecordsOut, o.DeadLettered, fmtSeconds(o.Seconds))
	}
	for _, e := range s.Errors {
		fmt.Fprintf(w, "  error: %s\n", e)
	}
}

func fmtSeconds(s float64) string {
	if s < 10 {
		return fmt.Sprintf("%.3fs", s)
	}
	return fmt.Sprintf("%.1fs", s)
}

// terminal serializes log lines and the live progress line on stderr.
type terminal struct {
	mu       sync.Mutex
	w        io.Writer
	enabled  bool
	shown    bool
	stop     chan struct{}
	stopped  chan struct{}
	lastLine string
}

func newTerminal(w io.Writer, mode string) *terminal {
	enabled := mode == "always" || (mode == "auto" && isTerminal(w))
	return &terminal{w: w, enabled: enabled}
}

func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// Write is a log line: the progress line is cleared first and redrawn after.
func (t *terminal) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.clear()
	n, err := t.w.Write(p)
	t.redraw()
	return n, err
}

func (t *terminal) message(s string) { _, _ = t.Write([]byte(s + "\n")) }

func (t *terminal) clear() {
	if t.shown {
		fmt.Fprint(t.w, "\r\033[K")
		t.shown = false
	}
}

func (t *terminal) redraw() {
	if t.enabled && t.lastLine != "" {
		fmt.Fprint(t.w, t.lastLine)
		t.shown = true
	}
}

func (t *terminal) startProgress(snapshot func() job.Progress) {
	if !t.enabled {
		return
	}
	t.stop, t.stopped = make(chan struct{}), make(chan struct{})
	go func() {
		defer close(t.stopped)
		tick := time.NewTicker(250 * time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-t.stop:
				return
			case <-tick.C:
				t.mu.Lock()
				t.clear()
				t.lastLine = progressLine(snapshot())
				t.redraw()
				t.mu.Unlock()
			}
		}
	}()
}

func (t *terminal) stopProgress() {
	if t.stop == nil {
		return
	}
	close(t.stop)
	<-t.stopped
	t.mu.Lock()
	t.clear()
	t.lastLine = ""
	t.mu.Unlock()
}

func progressLine(p job.Progress) string {
	rate := 0.0
	if s := p.Elapsed.Seconds(); s > 0 {
		rate = float64(p.RecordsIn) / s
	}
	return fmt.Sprintf("slices %d done, %d queued, %d running, %d failed · records %d in / %d out · %.0f rec/s · %s",
		p.SlicesDone, p.SlicesQueued, p.SlicesRunning, p.SlicesFailed, p.RecordsIn, p.RecordsOut, rate, p.Elapsed.Round(100*time.Millisecond))
}
