package cli

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"syscall"
)

// checkedWriter is a buffered output that keeps its first write error;
// later writes are dropped and the run ends with ExitOutput.
type checkedWriter struct {
	what string // "output" or "dead-letter output"
	w    *bufio.Writer
	err  error
}

func newChecked(what string, w io.Writer) *checkedWriter {
	return &checkedWriter{what: what, w: bufio.NewWriterSize(w, 1<<16)}
}

func (c *checkedWriter) Write(p []byte) {
	if c.err == nil && len(p) > 0 {
		_, c.err = c.w.Write(p)
	}
}

func (c *checkedWriter) Flush() {
	if c.err == nil {
		c.err = c.w.Flush()
	}
}

// failure is the error to exit with, if writing failed.
func (c *checkedWriter) failure() error {
	if c.err == nil {
		return nil
	}
	if errors.Is(c.err, syscall.EPIPE) {
		return &Error{Code: ExitOutput, Msg: c.what + " closed (broken pipe): the run stopped; records after the last written one were not processed"}
	}
	return &Error{Code: ExitOutput, Msg: fmt.Sprintf("cannot write the %s: %v; the run stopped", c.what, c.err)}
}

// openDeadLetter opens the --dead-letter path. It refuses a path that is
// one of the run's inputs (data or rules), and never truncates what it
// does not own: a character device, a pipe or a socket (/dev/stdout,
// /dev/fd/N, a FIFO) and the file standard output or standard error are
// written to in append mode; only another regular file is truncated.
func openDeadLetter(path string, inputs []string, env Env) (io.Writer, func() error, error) {
	if path == "" {
		return env.Stderr, func() error { return nil }, nil
	}
	if err := RefuseInput("--dead-letter", path, inputs, env); err != nil {
		return nil, nil, err
	}
	flags := os.O_WRONLY | os.O_CREATE | os.O_TRUNC
	if fi, err := os.Stat(path); err == nil {
		if !fi.Mode().IsRegular() || isStdStream(fi, env) {
			flags = os.O_WRONLY | os.O_APPEND
		}
	}
	f, err := os.OpenFile(path, flags, 0o644)
	if err != nil {
		return nil, nil, UsageErr("cannot open the dead-letter output: %v", err)
	}
	return f, f.Close, nil
}

// RefuseInput is an error when path, which flag is about to write, is one
// of the inputs (the same file by os.SameFile; "-" is stdin when it is a
// regular file).
func RefuseInput(flag, path string, inputs []string, env Env) error {
	fi, err := os.Stat(path)
	if err != nil {
		return nil
	}
	for _, in := range inputs {
		if in == "-" {
			if f, ok := env.Stdin.(*os.File); ok && sameFile(fi, f) && fi.Mode().IsRegular() {
				return UsageErr("%s %s is the standard input: refusing to overwrite an input", flag, path)
			}
			continue
		}
		if ii, err := os.Stat(in); err == nil && os.SameFile(fi, ii) {
			return UsageErr("%s %s is the input %s: refusing to overwrite an input", flag, path, in)
		}
	}
	return nil
}

// refuseStdInput is an error when standard output or standard error is a
// regular file that is also an input: `rulec run in.ndjson >> in.ndjson`
// would read its own output forever.
func refuseStdInput(inputs []string, env Env) error {
	for _, s := range []struct {
		name string
		w    io.Writer
	}{{"standard output", env.Stdout}, {"standard error", env.Stderr}} {
		f, ok := s.w.(*os.File)
		if !ok {
			continue
		}
		fi, err := f.Stat()
		if err != nil || !fi.Mode().IsRegular() {
			continue
		}
		for _, in := range inputs {
			if ii, err := os.Stat(in); in != "-" && err == nil && os.SameFile(fi, ii) {
				return UsageErr("the %s is the input %s: rulec would read its own output", s.name, in)
			}
		}
	}
	return nil
}

func sameFile(fi os.FileInfo, f *os.File) bool {
	fs, err := f.Stat()
	return err == nil && os.SameFile(fi, fs)
}

// isStdStream reports whether fi is the file behind standard output or
// standard error (a log opened for appending, say).
func isStdStream(fi os.FileInfo, env Env) bool {
	for _, w := range []io.Writer{env.Stdout, env.Stderr, os.Stdout, os.Stderr} {
		if f, ok := w.(*os.File); ok && sameFile(fi, f) {
			return true
		}
	}
	return false
}
