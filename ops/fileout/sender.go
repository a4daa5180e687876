package fileout

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/sluice-dev/sluice/record"
)

// SenderOptions configure a Sender: the file_sender_api's configuration
// (spec 8.6) in Go types.
type SenderOptions struct {
	Path   string // the directory files go to (routes are subdirectories)
	Prefix string // put before the worker id in file names ("" for none)
	ID     string // the worker id, unique in the execution
	Format FormatOptions
	// Compression of each file; anything but none needs FilePerSlice.
	Compression  Compression
	FilePerSlice bool
	Extension    string // overrides the automatic extension when HasExtension
	HasExtension bool
	Concurrency  int // files written at once by one Send (default 10)
	// DynamicRouting writes a record with a `standard:route` to
	// <Path>/<route>/ (set when routed_sender creates the sender).
	DynamicRouting bool
	FS             FS // nil: Local{}
	// Reject hands a record the format cannot represent to the dead-letter
	// action; its error fails the Send. nil fails the Send.
	Reject func(r *record.Record, err error) error
}

// Sender writes batches of records to files (the reference's FileSender):
// one file per Send and directory with FilePerSlice, named
// <id>.<n>.<ext> where n counts the Sends; otherwise one file per worker
// and directory, <id>.<ext>, that grows with every Send.
//
// A Send is all-or-nothing: its files are staged and made visible only
// when every one of them is written, and a failed Send leaves nothing
// behind. With FilePerSlice each file appears under its final name
// complete (written under a hidden temporary name, then renamed). Without
// it, a worker's file is a hidden temporary file while the job runs (each
// Send appends to it, and a failed Send is cut off again) and appears under
// its final name, complete, when the sender is closed at worker shutdown;
// a file that existed before is carried over into the new version.
type Sender struct {
	opt  SenderOptions
	f    *Formatter
	mu   sync.Mutex
	n    int // Sends so far
	dirs map[string]bool
	held map[string]*appendFile
	// perRecord is the formatted bytes per record of the last group.
	perRecord atomic.Int64
}

// NewSender checks the options (with the reference's messages) and returns
// a sender.
func NewSender(opt SenderOptions) (*Sender, error) {
	if err := opt.check(); err != nil {
		return nil, err
	}
	if opt.FS == nil {
		opt.FS = Local{}
	}
	if opt.Concurrency <= 0 {
		opt.Concurrency = 10
	}
	f, err := NewFormatter(opt.Format)
	if err != nil {
		return nil, err
	}
	return &Sender{opt: opt, f: f, dirs: map[string]bool{}, held: map[string]*appendFile{}}, nil
}

func (o SenderOptions) check() error {
	switch {
	case !validFormat(o.Format.Format):
		return fmt.Errorf("Invalid parameter format, it must be provided and be set to any of these: %s", strings.Join(Formats, ", "))
	case o.ID == "":
		return errors.New("Invalid parameter id, it must be set to a unique string value")
	case o.Format.Format == JSON && !o.FilePerSlice:
		return errors.New(`Invalid parameter "file_per_slice", it must be set to true if format is set to json`)
	case o.Compression != None && o.Compression != "" && !o.FilePerSlice:
		return errors.New(ErrCompressionAppend)
	}
	_, err := ParseCompression(string(o.Compression))
	return err
}

// ErrCompressionAppend is the reference's message for a compression
// without file_per_slice (readers and senders alike).
const ErrCompressionAppend = `Invalid parameter "file_per_slice", it must be set to true if compression is set to anything other than "none" as we cannot properly divide up a compressed file`

func validFormat(f Format) bool {
	for _, s := range Formats {
		if string(f) == s {
			return true
		}
	}
	return false
}

// Options returns the sender's options.
func (s *Sender) Options() SenderOptions { return s.opt }

// SendsInOrder is true: the files of a route grow in the order of the
// batches, so routed_sender hands them over one at a time.
func (s *Sender) SendsInOrder() bool { return true }

// Verify makes the directory of a route (mkdir -p).
func (s *Sender) Verify(_ context.Context, route string) error {
	dir := s.opt.Path
	if route != "" {
		var err error
		if dir, err = RouteDir(s.opt.Path, route); err != nil {
			return err
		}
	}
	return s.ensureDir(dir)
}

func (s *Sender) ensureDir(dir string) error {
	s.mu.Lock()
	done := s.dirs[dir]
	s.mu.Unlock()
	if done {
		return nil
	}
	if err := s.opt.FS.MkdirAll(dir); err != nil {
		return err
	}
	s.mu.Lock()
	s.dirs[dir] = true
	s.mu.Unlock()
	return nil
}

// Send writes the records and returns how many were written; records the
// format cannot represent go to Reject. See Sender for the guarantees.
func (s *Sender) Send(ctx context.Context, recs []*record.Record) (int, error) {
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	n := s.nextCount()
	groups, bad := s.group(recs)
	tx := &sendTx{}
	defer tx.unlock()
	if err := s.stageAll(groups, n, tx); err != nil {
		return 0, errors.Join(err, tx.rollback())
	}
	bad = append(bad, tx.bad...)
	if err := s.reject(bad); err != nil {
		return 0, errors.Join(err, tx.rollback())
	}
	if err := tx.commit(); err != nil {
		return 0, err
	}
	return len(recs) - len(bad), nil
}

func (s *Sender) nextCount() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	n := s.n
	s.n++
	return n
}

func (s *Sender) reject(bad []badRecord) error {
	for _, b := range bad {
		if s.opt.Reject == nil {
			return b.err
		}
		if err := s.opt.Reject(b.r, b.err); err != nil {
			return err
		}
	}
	return nil
}

// Close makes the worker's growing files visible under their final names
// (nothing to do with FilePerSlice). The sender must not be used after.
func (s *Sender) Close() error {
	s.mu.Lock()
	held := s.held
	s.held = map[string]*appendFile{}
	s.mu.Unlock()
	var errs []error
	for _, key := range sortedKeys(held) {
		errs = append(errs, held[key].release())
	}
	return errors.Join(errs...)
}

// nameOptions are the file-name options of the sender for Send number n.
func (s *Sender) nameOptions(n int) NameOptions {
	return NameOptions{ID: s.opt.ID, Prefix: s.opt.Prefix, FilePerSlice: s.opt.FilePerSlice, SliceCount: n,
		Extension: s.opt.Extension, HasExtension: s.opt.HasExtension, Format: s.opt.Format.Format, Compression: s.opt.Compression}
}
