package cli

import (
	"bufio"
	"bytes"
	"io"
	"runtime"
	"sync"

	"github.com/sluice-dev/sluice/plan"
	"github.com/sluice-dev/sluice/record"
)

const batchBytes = 512 << 10

// stream runs records through a plan: a reader cuts the input into batches
// of whole lines, workers parse, run and encode them in parallel, and the
// results are written in input order. Memory is bounded by the number of
// batches in flight.
type stream struct {
	plan *plan.Plan
	out  io.Writer
	dead io.Writer
	name string
}

type batch struct {
	seq, line int
	data      []byte
	records   []*record.Record // pre-parsed input (JSON array mode)
	seen      bool             // a record of this batch has been parsed
	out, dead []byte
}

func (s *stream) run(in namedReader) error {
	s.name = in.name
	br := bufio.NewReaderSize(in.r, 1<<16)
	if isArray(br) {
		return s.runArray(br)
	}
	workers := runtime.GOMAXPROCS(0)
	work := make(chan *batch, workers*2)
	done := make(chan *batch, workers*2)
	var wg sync.WaitGroup
	for i := 0; i < workers; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var st plan.State
			for b := range work {
				s.process(b, &st)
				done <- b
			}
		}()
	}
	errc := make(chan error, 1)
	go func() {
		errc <- s.read(br, work)
		close(work)
		wg.Wait()
		close(done)
	}()
	s.collect(done)
	return <-errc
}

// isArray reports whether the input is one JSON array (first non-space byte '[').
func isArray(br *bufio.Reader) bool {
	for i := 1; ; i++ {
		b, err := br.Peek(i)
		if err != nil || len(b) < i {
			return false
		}
		switch b[i-1] {
		case ' ', '\t', '\r', '\n':
			continue
		case '[':
			return true
		}
		return false
	}
}

// read cuts the input into batches that end on a newline.
func (s *stream) read(br *bufio.Reader, work chan<- *batch) error {
	seq, line := 0, 1
	for {
		// room for the rest of the last line, so completing it rarely copies
		buf := make([]byte, batchBytes, batchBytes+batchBytes/8)
		n, err := io.ReadFull(br, buf)
		buf = buf[:n]
		if err == nil {
			rest, rerr := br.ReadBytes('\n')
			buf = append(buf, rest...)
			if rerr != nil && rerr != io.EOF {
				return rerr
			}
		} else if err != io.EOF && err != io.ErrUnexpectedEOF {
			return err
		}
		if len(buf) > 0 {
			work <- &batch{seq: seq, line: line, data: buf, out: make([]byte, 0, len(buf)/2)}
			seq++
			line += bytes.Count(buf, []byte{'\n'})
		}
		if err != nil || len(buf) < batchBytes {
			if _, perr := br.Peek(1); perr != nil {
				return nil
			}
		}
	}
}

// collect writes finished batches in sequence order.
func (s *stream) collect(done <-chan *batch) {
	pending := map[int]*batch{}
	next := 0
	for b := range done {
		pending[b.seq] = b
		for {
			x, ok := pending[next]
			if !ok {
				break
			}
			delete(pending, next)
			s.out.Write(x.out)
			if len(x.dead) > 0 {
				s.dead.Write(x.dead)
			}
			next++
		}
	}
}
