package fileout

import (
	"errors"
	"slices"
	"sort"
	"sync"
)

// sendTx is what one Send has staged: each step can be committed (made
// visible) or rolled back (left without a trace).
type sendTx struct {
	mu      sync.Mutex
	steps   []step
	bad     []badRecord
	locked  []*appendFile
	settled bool
}

type step struct {
	commit   func() error
	rollback func() error
}

func (tx *sendTx) add(st step, bad []badRecord) {
	tx.mu.Lock()
	defer tx.mu.Unlock()
	tx.steps = append(tx.steps, st)
	tx.bad = append(tx.bad, bad...)
}

// commit makes every step visible; if one fails, the steps not yet
// committed are rolled back and the committed ones undone where possible.
func (tx *sendTx) commit() error {
	tx.settled = true
	for i, st := range tx.steps {
		if err := st.commit(); err != nil {
			for _, rest := range tx.steps[i+1:] {
				err = errors.Join(err, rest.rollback())
			}
			return err
		}
	}
	return nil
}

func (tx *sendTx) rollback() error {
	if tx.settled {
		return nil
	}
	tx.settled = true
	var errs []error
	for _, st := range tx.steps {
		errs = append(errs, st.rollback())
	}
	return errors.Join(errs...)
}

func (tx *sendTx) unlock() {
	for _, a := range tx.locked {
		a.mu.Unlock()
	}
}

// stageAll stages every non-empty group, up to Concurrency at once.
func (s *Sender) stageAll(groups []*group, n int, tx *sendTx) error {
	if !s.opt.FilePerSlice {
		if err := s.lockAppendFiles(groups, tx); err != nil {
			return err
		}
	}
	sem := make(chan struct{}, s.opt.Concurrency)
	var wg sync.WaitGroup
	errs := make([]error, len(groups))
	for i, g := range groups {
		if len(g.recs) == 0 {
			continue
		}
		sem <- struct{}{}
		wg.Add(1)
		go func() {
			defer func() { <-sem; wg.Done() }()
			errs[i] = s.stage(g, n, tx)
		}()
	}
	wg.Wait()
	return errors.Join(errs...)
}

func (s *Sender) stage(g *group, n int, tx *sendTx) error {
	if err := s.ensureDir(g.dir); err != nil {
		return err
	}
	name, err := FileName(g.dir, s.nameOptions(n))
	if err != nil {
		return err
	}
	if s.opt.FilePerSlice {
		return s.stageFile(g, name, tx)
	}
	return s.stageAppend(g, g.file, tx)
}

// stageFile writes a group to a new file, committed by rename. A group
// that formats to nothing (csv rows without values) makes no file unless
// compressed (the reference writes the compressed empty stream).
func (s *Sender) stageFile(g *group, name string, tx *sendTx) error {
	buf := getBuf()
	defer putBuf(buf)
	data, bad := s.f.Append(s.sized(buf, len(g.recs)), g.recs, true)
	s.learn(buf, data, len(g.recs))
	bads := badOf(g, bad)
	if len(data) == 0 && (s.opt.Compression == None || s.opt.Compression == "") {
		tx.add(step{commit: nop, rollback: nop}, bads)
		return nil
	}
	f, err := s.opt.FS.Create(name)
	if err != nil {
		return err
	}
	if err := writeCompressed(f, s.opt.Compression, data); err != nil {
		return errors.Join(err, f.Abort())
	}
	tx.add(step{commit: f.Commit, rollback: f.Abort}, bads)
	return nil
}

func writeCompressed(f File, c Compression, data []byte) error {
	w, err := c.NewWriter(f)
	if err != nil {
		return err
	}
	if _, err := w.Write(data); err != nil {
		return err
	}
	return w.Close()
}

// stageAppend appends a group to the worker's growing file; rollback cuts
// it off again.
func (s *Sender) stageAppend(g *group, a *appendFile, tx *sendTx) error {
	if err := a.open(); err != nil {
		return err
	}
	size, header := a.f.Size(), a.header
	buf := getBuf()
	defer putBuf(buf)
	data, bad := s.f.Append(s.sized(buf, len(g.recs)), g.recs, header)
	s.learn(buf, data, len(g.recs))
	undo := func() error {
		a.header = header
		return a.f.Truncate(size)
	}
	if len(data) > 0 {
		a.header = false
		if _, err := a.f.Write(data); err != nil {
			return errors.Join(err, undo())
		}
	}
	tx.add(step{commit: a.settle, rollback: undo}, badOf(g, bad))
	return nil
}

func badOf(g *group, bad []BadRecord) []badRecord {
	out := make([]badRecord, len(bad))
	for i, b := range bad {
		out[i] = badRecord{g.recs[b.Index], b.Err}
	}
	return out
}

func nop() error { return nil }

// bufs recycles format buffers between Sends (a slice's text is large).
var bufs = sync.Pool{New: func() any { b := make([]byte, 0, 64<<10); return &b }}

// sized empties a buffer and grows it to the expected size of n records
// (from the bytes per record of the last group), so that formatting a
// group does not copy its text over and over while growing.
func (s *Sender) sized(buf *[]byte, n int) []byte {
	return slices.Grow((*buf)[:0], int(s.perRecord.Load())*n*9/8)
}

func (s *Sender) learn(buf *[]byte, data []byte, n int) {
	*buf = data
	if n > 0 {
		s.perRecord.Store(int64(len(data) / n))
	}
}

func getBuf() *[]byte { return bufs.Get().(*[]byte) }

func putBuf(b *[]byte) {
	if cap(*b) <= 64<<20 {
		bufs.Put(b)
	}
}

// lockAppendFiles takes the growing files of the groups for this Send, in
// name order (two senders writing the same files never deadlock).
func (s *Sender) lockAppendFiles(groups []*group, tx *sendTx) error {
	var files []*appendFile
	for _, g := range groups {
		if len(g.recs) == 0 {
			continue
		}
		name, err := FileName(g.dir, s.nameOptions(0))
		if err != nil {
			return err
		}
		g.file = s.hold(name)
		files = append(files, g.file)
	}
	sort.Slice(files, func(i, j int) bool { return files[i].key < files[j].key })
	for _, a := range files {
		a.mu.Lock()
		tx.locked = append(tx.locked, a)
	}
	return nil
}
