package cli

import (
	"errors"
	"fmt"
	"io"
)

// Exit codes of every command.
const (
	ExitOK          = 0
	ExitRules       = 1 // rule files have errors
	ExitUsage       = 2 // bad arguments or unreadable data
	ExitOutput      = 3 // the output or the dead-letter output cannot be written (a closed pipe)
	ExitInternal    = 4 // an internal error (a panic) on some records; they were dead-lettered, the rest processed
	ExitInterrupted = 5 // a signal stopped the run; what was read was processed and written
)

// Error is a command failure with its exit code.
type Error struct {
	Code int
	Msg  string
}

func (e *Error) Error() string { return e.Msg }

func UsageErr(format string, args ...any) error {
	return &Error{Code: ExitUsage, Msg: fmt.Sprintf(format, args...)}
}

// Env is what a command sees of the process.
type Env struct {
	Stdin          io.Reader
	Stdout, Stderr io.Writer
	// Interrupt, when it closes or delivers, asks run to stop reading and
	// finish what it has read (cmd/rulec wires SIGTERM and SIGINT to it).
	Interrupt <-chan struct{}
}

type command struct {
	name, summary string
	run           func(args []string, env Env) error
}

var rulecCommands = []command{
	{"run", "apply rules to records (NDJSON or a JSON array) and print the results as NDJSON", runCmd},
	{"check", "report every problem in rule files", checkCmd},
	{"explain", "print the compiled plan (text, dot, mermaid, svg or html), or what a diagnostic code means", explainCmd},
	{"test", "run rule tests (rules with input and expected output)", testCmd},
	{"docs", "print the reference of every operation a rule can name", docsCmd},
	{"coverage", "which rules, selectors, validations and branches never fired on data (text or json)", coverageCmd},
	{"diff", "compare two rule sets on data: records and fields that change, and the rules that cause it", diffCmd},
	{"fmt", "format rule files canonically (-w rewrites, --check lists unformatted files)", fmtCmd},
}

// Rulec runs the rulec command line and returns the exit code.
func Rulec(args []string, env Env) int {
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
		printUsage(env.Stdout)
		if len(args) == 0 {
			return ExitUsage
		}
		return ExitOK
	}
	for _, c := range rulecCommands {
		if c.name == args[0] {
			return exitCode(c.run(args[1:], env), env)
		}
	}
	fmt.Fprintf(env.Stderr, "rulec: unknown command %q (try rulec --help)\n", args[0])
	return ExitUsage
}

func printUsage(w io.Writer) {
	fmt.Fprintln(w, "usage: rulec <command> [arguments]\n\ncommands:")
	for _, c := range rulecCommands {
		fmt.Fprintf(w, "  %-8s %s\n", c.name, c.summary)
	}
}

func exitCode(err error, env Env) int { return Exit("rulec", err, env, ExitUsage) }

// Exit is the exit code of a command's error (nil: ExitOK), which it
// reports on standard error after the command's name; an error that is not
// an *Error exits with otherwise.
func Exit(command string, err error, env Env, otherwise int) int {
	if err == nil {
		return ExitOK
	}
	var e *Error
	if errors.As(err, &e) {
		if e.Msg != "" {
			fmt.Fprintln(env.Stderr, command+": "+e.Msg)
		}
		return e.Code
	}
	fmt.Fprintln(env.Stderr, command+": "+err.Error())
	return otherwise
}
