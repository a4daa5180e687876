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
	visit func(o *record.Object, input string, line int)
	// spareOut holds output buffers the collector has written: workers
	// encode into them instead of allocating (and zeroing) a new one per
	// batch.
	spareOut chan []byte
	// bufs holds the buffers of processed batches for the framer to fill
	// again (when the records of a batch are not kept: visit is nil).
	bufs batchBuffers
}

type batch struct {
	seq, line int
	name      string    // the input's
	first     bool      // the input's first batch
	data      []byte    // NDJSON: whole lines
	elems     []element // JSON array: the elements
	buf       []byte    // the buffer data or the elements' text is in
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
	at  position // where process is in its batch
	cur current  // the line and record being handled, for a panic's dead letter
}

func (s *stream) halt() { s.stopOnce.Do(func() { close(s.stop) }) }

// runAll processes the inputs, in order, through one pipeline: one
// goroutine reads and frames them one after another while the workers
// process batches of any of them (many small files keep every core busy:
// an input is not finished before the next is read), and the collector
// writes the batches in input order. Reading stops after an input that
// fails, with its error, or when the stream is stopped; what was read is
// processed and written either way.
func (s *stream) runAll(readers []namedReader) error {
	defer s.halt()
	workers := runtime.GOMAXPROCS(0)
	if s.visit != nil {
		workers = 1
	}
	maxInFlight := 2 * workers
	s.spareOut = make(chan []byte, maxInFlight)
	if s.visit == nil {
		s.bufs = make(batchBuffers, 2*maxInFlight) // the batches in flight, and the reads ahead of the framer
	}
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
				if s.visit == nil { // the batch's records are all written: their memory is free again
					w.st.Recycle()
					s.bufs.put(b.buf)
					b.data, b.elems, b.buf = nil, nil, nil
				}
				done <- b
				// Let the collector (just readied on this P by done) and
				// the framer run now: with every P busy with a worker they
				// would wait for one to block, by then the queue has run
				// dry (the collector frees the slots the framer waits for)
				// and a core idles until they catch up.
				runtime.Gosched()
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
		err := s.frameAll(readers, emit)
		close(work)
		wg.Wait()
		close(done)
		errc <- err
	}()
	s.collect(done, slots)
	return <-errc
}

// frameAll frames the inputs one after another until one fails or the
// stream is stopped.
func (s *stream) frameAll(readers []namedReader, emit func(*batch)) error {
	free := freeChunks()
	if s.bufs != nil { // the reader reads into batch buffers: adopted ones come back from the workers
		free = s.bufs
	}
	for _, in := range readers {
		if err := s.frame(in, free, emit); err != nil {
			return UsageErr("%s: %v", in.name, err)
		}
		select {
		case <-s.stop:
			return nil
		default:
		}
	}
	return nil
}

// frame cuts one input into batches (NDJSON lines or the elements of one
// JSON array), each tagged with the input's name; the first batch says so
// (a search response is unwrapped only at the start of an input).
func (s *stream) frame(in namedReader, free chan []byte, emit func(*batch)) error {
	src := newSource(in.r, s.stop, free)
	first := true
	tagged := func(b *batch) {
		b.name, b.first = in.name, first
		first = false
		emit(b)
	}
	if sniff(src, s.maxRecord) {
		return (&arrayFramer{name: in.name, max: s.maxRecord, emit: tagged, bufs: s.bufs}).run(src)
	}
	return (&lineFramer{name: in.name, max: s.maxRecord, emit: tagged, bufs: s.bufs}).run(src)
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
