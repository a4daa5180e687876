package cli

import (
	"bufio"
	"io"
	"os"
	"runtime/pprof"

	"github.com/sluice-dev/sluice/compiler"
	"github.com/sluice-dev/sluice/lang/diag"
	"github.com/sluice-dev/sluice/plan"
)

// runCmd: rulec run [-r RULES]... [-t field:type,...] [--types-file F]
// [--variables F] [-m|--match] [-d DATA | DATA ... | -]
func runCmd(args []string, env Env) error {
	var pos []string
	f, err := parseFlags(args, &pos)
	if err != nil {
		return err
	}
	if len(f.rules) == 0 {
		return usageErr("run needs at least one rule file (-r RULES)")
	}
	p, err := compileRules(f, env)
	if err != nil {
		return err
	}
	inputs := append(f.data, pos...)
	if len(inputs) == 0 {
		inputs = []string{"-"}
	}
	readers, closeAll, err := openInputs(inputs, env)
	if err != nil {
		return err
	}
	defer closeAll()
	dead, closeDead, err := deadLetterWriter(f.deadFile, env)
	if err != nil {
		return err
	}
	defer closeDead()
	tuneGC()
	if f.cpuProf != "" {
		stop, err := startProfile(f.cpuProf)
		if err != nil {
			return err
		}
		defer stop()
	}
	out := bufio.NewWriterSize(env.Stdout, 1<<16)
	s := &stream{plan: p, out: out, dead: dead}
	for _, in := range readers {
		if err := s.run(in); err != nil {
			out.Flush()
			return usageErr("%s: %v", in.name, err)
		}
	}
	return out.Flush()
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

func openInputs(names []string, env Env) ([]namedReader, func(), error) {
	var out []namedReader
	var files []*os.File
	closeAll := func() {
		for _, f := range files {
			f.Close()
		}
	}
	for _, n := range names {
		if n == "-" {
			out = append(out, namedReader{"<stdin>", env.Stdin})
			continue
		}
		f, err := os.Open(n)
		if err != nil {
			closeAll()
			return nil, nil, usageErr("cannot read data: %v", err)
		}
		files = append(files, f)
		out = append(out, namedReader{n, f})
	}
	return out, closeAll, nil
}

func deadLetterWriter(path string, env Env) (io.Writer, func(), error) {
	if path == "" {
		return env.Stderr, func() {}, nil
	}
	f, err := os.Create(path)
	if err != nil {
		return nil, nil, usageErr("cannot create dead-letter file: %v", err)
	}
	w := bufio.NewWriter(f)
	return w, func() { w.Flush(); f.Close() }, nil
}

func startProfile(path string) (func(), error) {
	pf, err := os.Create(path)
	if err != nil {
		return nil, usageErr("cannot create profile: %v", err)
	}
	if err := pprof.StartCPUProfile(pf); err != nil {
		pf.Close()
		return nil, usageErr("cannot start profile: %v", err)
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
