package cli

import (
	"errors"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"github.com/sluice-dev/sluice/plan"
	"github.com/sluice-dev/sluice/record"
)

// errStopped ends the reading of an input early: a signal, or an output
// that cannot be written any more.
var errStopped = errors.New("stopped")

// stream runs records through a plan: a framer cuts the input into
// batches (of NDJSON lines or JSON array elements), workers parse, run and
// encode them in parallel, and a collector writes the results in input
// order. At most maxInFlight batches exist at once, whatever the speed of
// each: memory is bounded by the batch size times that number, plus one
// record's output.
type stream struct {
	plan      *plan.Plan
	out       *checkedWriter
	dead      *checkedWriter
	name      string
	maxRecord int
	timeout   time.Duration // per-record budget for regular expressions
	stop      chan struct{} // closed to end reading (signal or output error)
	stopOnce  sync.Once
	panics    atomic.Int64
	// maxPending is the most finished batches the collector held waiting
	// for an earlier one (tests check the bound).
	maxPending int
	// visit, when set, receives the records instead of the plan (the
	// authoring commands read their data this way); one worker then
	// processes the batches, in order.
	visit func(o *record.Object, line int)
	// spareOut holds output buffers the collector has written: workers
	// encode into them instead of allocating (and zeroing) a new one per
	// batch.
	spareOut chan []byte
}

type batch struct {
	seq, line int
	data      []byte    // NDJSON: whole lines
	elems     []element // JSON array: the elements
	seen      bool      // a record of this batch has been parsed
	out, dead []byte
}

// element is one element of a JSON array input, with the line it starts on.
type element struct {
	text string
	line int
}

// worker is the state of one goroutine processing batches: the plan's
// scratch space and the record every input record is run in. Neither the
// input record nor the output record (plan.State.ReuseOutput) is kept: a
// record's output is encoded before the next record runs.
type worker struct {
	st  plan.State
	rec record.Record
}

func (s *stream) halt() { s.stopOnce.Do(func() { close(s.stop) }) }

// run processes one input to its end (or until the stream is stopped).
func (s *stream) run(in namedReader) error {
	s.name = in.name
	src := newSource(in.r, s.stop)
	workers := runtime.GOMAXPROCS(0)
	if s.visit != nil {
		workers = 1
	}
	maxInFlight := 2 * workers
	s.spareOut = make(chan []byte, maxInFlight)
	work := make(chan *batch, maxInFlight)
	done := make(chan *batch, maxInFlight)
	slots := make(chan struct{}, maxInFlight)
	var wg sync.WaitGroup
	for i := 0; i < workers; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			w := &worker{st: plan.State{RecordTimeout: s.timeout, ReuseOutput: true}}
			for b := range work {
				s.process(b, w)
				done <- b
			}
		}()
	}
	seq := 0
	// emit never drops a batch: what was read is processed even when the
	// run is stopping (the collector keeps freeing slots until the end).
	emit := func(b *batch) {
		slots <- struct{}{}
		b.seq = seq
		seq++
		work <- b
	}
	errc := make(chan error, 1)
	go func() {
		var err error
		if sniff(src, s.maxRecord) {
			err = (&arrayFramer{name: in.name, max: s.maxRecord, emit: emit}).run(src)
		} else {
			err = (&lineFramer{name: in.name, max: s.maxRecord, emit: emit}).run(src)
		}
		close(work)
		wg.Wait()
		close(done)
		errc <- err
	}()
	s.collect(done, slots)
	return <-errc
}

// spare keeps a written output buffer for a later batch (when fewer than
// the batches in flight are kept already).
func (s *stream) spare(out []byte) {
	select {
	case s.spareOut <- out[:0]:
	default:
	}
}

// outBuffer is an output buffer for a batch of n input bytes: a spare one
// when there is one.
func (s *stream) outBuffer(n int) []byte {
	select {
	case b := <-s.spareOut:
		return b
	default:
		return make([]byte, 0, n/2)
	}
}

// collect writes finished batches in sequence order and frees their slot.
// Output is flushed after every batch, so records of a slow input are
// written as soon as they are processed.
func (s *stream) collect(done <-chan *batch, slots <-chan struct{}) {
	pending := map[int]*batch{}
	next := 0
	for b := range done {
		pending[b.seq] = b
		s.maxPending = max(s.maxPending, len(pending))
		for {
			x, ok := pending[next]
			if !ok {
				break
			}
			delete(pending, next)
			s.out.Write(x.out)
			s.dead.Write(x.dead)
			s.spare(x.out)
			next++
			<-slots
		}
		s.out.Flush()
		s.dead.Flush()
		if s.out.err != nil || s.dead.err != nil {
			s.halt()
		}
	}
}
