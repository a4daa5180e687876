package cli

import (
	"fmt"
	"io"
	"os"
	"runtime/pprof"
	"sync"

	"github.com/sluice-dev/sluice/compiler"
	"github.com/sluice-dev/sluice/internal/jsre"
	"github.com/sluice-dev/sluice/internal/jsstr"
	"github.com/sluice-dev/sluice/lang/diag"
	"github.com/sluice-dev/sluice/plan"
	"github.com/sluice-dev/sluice/record"
)

// runCmd: rulec run [-r RULES]... [-t field:type,...] [--types-file F]
// [--variables F] [-m|--match] [--dead-letter F] [--max-record-size N]
// [--record-timeout D] [-d DATA | DATA ... | -]
func runCmd(args []string, env Env) error {
	args, trace := cutTrace(args)
	var pos []string
	f, err := parseFlags(args, &pos)
	if err != nil {
		return err
	}
	if len(f.rules) == 0 {
		return UsageErr("run needs at least one rule file (-r RULES)")
	}
	applyLimits(f)
	p, err := compileRules(f, env)
	if err != nil {
		return err
	}
	inputs := append(f.data, pos...)
	if len(inputs) == 0 {
		inputs = []string{"-"}
	}
	if trace != "" {
		return traceRun(p, inputs, trace, env)
	}
	allInputs := append(append([]string(nil), inputs...), f.rules...)
	if err := refuseStdInput(inputs, env); err != nil {
		return err
	}
	if f.cpuProf != "" {
		if err := RefuseInput("--cpuprofile", f.cpuProf, allInputs, env); err != nil {
			return err
		}
	}
	deadW, closeDead, err := openDeadLetter(f.deadFile, allInputs, env)
	if err != nil {
		return err
	}
	readers, closeAll, err := openInputs(inputs, env)
	if err != nil {
		closeDead()
		return err
	}
	defer closeAll()
	tuneGC()
	if f.cpuProf != "" {
		stop, err := StartProfile(f.cpuProf)
		if err != nil {
			closeDead()
			return err
		}
		defer stop()
	}
	s := &stream{plan: p, out: newChecked("output", env.Stdout), dead: newChecked("dead-letter output", deadW),
		maxRecord: f.maxRecord, timeout: f.recordTimeout, stop: make(chan struct{})}
	if env.Interrupt != nil {
		go func() {
			select {
			case <-env.Interrupt:
				s.halt()
			case <-s.stop:
			}
		}()
	}
	return s.finish(s.runAll(readers), closeDead, env)
}

// applyLimits sets the process-wide bounds the flags choose: the per-match
// regex timeouts never exceed the per-record budget, and no operation
// builds a value's text larger than a record may be.
func applyLimits(f *ruleFlags) {
	jsre.Timeout, jsstr.MatchTimeout = defaultMatchTimeout, defaultStrTimeout
	if f.recordTimeout > 0 {
		jsre.Timeout = min(defaultMatchTimeout, f.recordTimeout)
		jsstr.MatchTimeout = min(defaultStrTimeout, f.recordTimeout)
	}
	record.MaxText = f.maxRecord
}

var defaultMatchTimeout, defaultStrTimeout = jsre.Timeout, jsstr.MatchTimeout

// finish flushes and closes the outputs and picks the exit: a read error,
// then an output error, then internal errors, then an interrupt.
func (s *stream) finish(runErr error, closeDead func() error, env Env) error {
	s.out.Flush()
	s.dead.Flush()
	if err := closeDead(); err != nil && s.dead.err == nil {
		s.dead.err = err
	}
	interrupted := false
	if env.Interrupt != nil {
		select {
		case <-env.Interrupt:
			interrupted = true
		default:
		}
	}
	switch {
	case runErr != nil:
		return runErr
	case s.out.failure() != nil:
		return s.out.failure()
	case s.dead.failure() != nil:
		return s.dead.failure()
	case s.panics.Load() > 0:
		return &Error{Code: ExitInternal, Msg: fmt.Sprintf("%d record(s) hit an internal error and were dead-lettered (code %s); every other record was processed", s.panics.Load(), CodeInternal)}
	case interrupted:
		return &Error{Code: ExitInterrupted, Msg: "interrupted: stopped reading; every record read was processed and written"}
	}
	return nil
}

// compileRules compiles the rule files and prints every diagnostic.
func compileRules(f *ruleFlags, env Env) (*plan.Plan, error) {
	p, diags := compiler.CompileFiles(f.rules, f.config())
	diag.Render(env.Stderr, withoutInfo(diags))
	if p == nil {
		return nil, &Error{Code: ExitRules}
	}
	return p, nil
}

type namedReader struct {
	name string
	r    io.Reader
}

// openInputs checks that every data file named can be opened, and returns
// readers that open each regular file when it is first read and close it
// at its end: however many files a run names, about one is open at a time.
// closeAll closes whatever is still open (a run that stopped early).
func openInputs(names []string, env Env) ([]namedReader, func(), error) {
	var out []namedReader
	var files []*inputFile
	closeAll := func() {
		for _, f := range files {
			f.close()
		}
	}
	for _, n := range names {
		if n == "-" {
			out = append(out, namedReader{"<stdin>", env.Stdin})
			continue
		}
		f, err := os.Open(n) // an input that cannot be read is an error before anything runs
		if err != nil {
			closeAll()
			return nil, nil, UsageErr("cannot read data: %v", err)
		}
		in := &inputFile{path: n, f: f}
		if fi, err := f.Stat(); err == nil && fi.Mode().IsRegular() {
			// opened again when read; a pipe or device stays open (closing
			// a named pipe's only reader would fail its writer)
			f.Close()
			in.f = nil
		}
		files = append(files, in)
		out = append(out, namedReader{n, in})
	}
	return out, closeAll, nil
}

// inputFile is a data file opened on its first read and closed at its end
// (or at its first error). Read runs on the reading goroutine; close may
// come from another while a read is under way (os.File allows it).
type inputFile struct {
	path string
	mu   sync.Mutex
	f    *os.File
	done bool
}

func (in *inputFile) Read(p []byte) (int, error) {
	f, err := in.open()
	if f == nil {
		return 0, err
	}
	n, err := f.Read(p)
	if err != nil {
		in.close()
	}
	return n, err
}

// open returns the open file, opening it the first time; nil and the
// error (io.EOF once closed) when there is none.
func (in *inputFile) open() (*os.File, error) {
	in.mu.Lock()
	defer in.mu.Unlock()
	if in.f != nil || in.done {
		if in.f == nil {
			return nil, io.EOF
		}
		return in.f, nil
	}
	f, err := os.Open(in.path)
	if err != nil {
		in.done = true
		return nil, err
	}
	in.f = f
	return f, nil
}

func (in *inputFile) close() {
	in.mu.Lock()
	defer in.mu.Unlock()
	if in.f != nil {
		in.f.Close()
		in.f = nil
	}
	in.done = true
}

func StartProfile(path string) (func(), error) {
	pf, err := os.Create(path)
	if err != nil {
		return nil, UsageErr("cannot create profile: %v", err)
	}
	if err := pprof.StartCPUProfile(pf); err != nil {
		pf.Close()
		return nil, UsageErr("cannot start profile: %v", err)
	}
	return func() { pprof.StopCPUProfile(); pf.Close() }, nil
}

// withoutInfo drops info diagnostics (shown by check, not by run).
func withoutInfo(l *diag.List) *diag.List {
	out := &diag.List{Dropped: l.Dropped}
	for _, d := range l.Items {
		if d.Severity != diag.Info {
			out.Items = append(out.Items, d)
		}
	}
	return out
}
