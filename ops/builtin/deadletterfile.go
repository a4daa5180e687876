package builtin

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sync"

	"github.com/sluice-dev/sluice/job"
)

func init() {
	job.Register(&job.Spec{
		Name:    "dead_letter_file",
		Kind:    job.KindAPI,
		Summary: "Takes dead letters: appends {op, index, code, message, record} as one JSON line per rejected record to a file.",
		Doc: "Name it in an operation's `_dead_letter_action`. Every worker appends to the same file; each line is " +
			"written whole. The file is created when missing and never truncated.",
		Params: []*job.Param{
			{Name: "path", Type: "string", Required: true, Default: nil, Check: job.RequiredString(), Doc: "The file to append to."},
		},
		NewAPI: newDeadLetterFile,
		Examples: []job.Example{{
			Title:  "Reject bad routes into a file",
			Config: `{"_op": "noop", "_dead_letter_action": "dead_letter_file"}`,
			APIs:   `[{"_name": "dead_letter_file", "path": "/tmp/sluice-dead-letters.ndjson"}]`,
			Input:  `[{"a": 1}]`,
			Output: `[{"a": 1}]`,
		}},
	})
}

// sharedFiles are the open dead-letter files of the process, shared by every
// worker that names the same path.
var sharedFiles = struct {
	sync.Mutex
	open map[string]*sharedFile
}{open: map[string]*sharedFile{}}

type sharedFile struct {
	mu   sync.Mutex
	f    *os.File
	refs int
	path string
}

func newDeadLetterFile(_ *job.OpContext, c *job.Config) (any, error) {
	path := c.String("path")
	sharedFiles.Lock()
	defer sharedFiles.Unlock()
	sf := sharedFiles.open[path]
	if sf == nil {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return nil, fmt.Errorf("cannot create the dead-letter file's directory: %w", err)
		}
		f, err := os.OpenFile(path, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
		if err != nil {
			return nil, fmt.Errorf("cannot open dead-letter file: %w", err)
		}
		sf = &sharedFile{f: f, path: path}
		sharedFiles.open[path] = sf
	}
	sf.refs++
	return &deadLetterFile{file: sf}, nil
}

type deadLetterFile struct {
	file   *sharedFile
	closed bool
}

// DeadLetter appends one line.
func (d *deadLetterFile) DeadLetter(dl *job.DeadLetter) error {
	line := append(dl.JSON(), '\n')
	d.file.mu.Lock()
	defer d.file.mu.Unlock()
	if _, err := d.file.f.Write(line); err != nil {
		return fmt.Errorf("dead-letter file %s: %w", d.file.path, err)
	}
	return nil
}

// Shutdown closes the file when the last worker is done with it.
func (d *deadLetterFile) Shutdown(context.Context) error { return d.close() }

func (d *deadLetterFile) close() error {
	if d.closed {
		return nil
	}
	d.closed = true
	sharedFiles.Lock()
	defer sharedFiles.Unlock()
	d.file.refs--
	if d.file.refs > 0 {
		return nil
	}
	delete(sharedFiles.open, d.file.path)
	return d.file.f.Close()
}
