package cli

import (
	"bytes"
	"io"
	"strconv"
	"time"
)

const (
	// batchBytes is the size of the batches the framer hands to workers:
	// small enough that a batch, the record memory its worker reuses for
	// it (about twice its size) and its output stay near the core (-5 % CPU
	// against 512 KiB batches), large enough that the work per batch
	// (a read, the hand-overs, a yield, recycling) stays small: since
	// reads go straight into batch buffers, 128 KiB beats 64 KiB by 2-4 %
	// of wall time on both benchmark rule sets (and 32 KiB and 256 KiB).
	batchBytes = 128 << 10
	// idleFlush is how long the framer waits for more input before it
	// hands over the complete lines it holds: records of a stalled pipe
	// are processed and written promptly, not when a whole batch has arrived.
	idleFlush = 20 * time.Millisecond
	// DefaultMaxRecord is the default --max-record-size.
	DefaultMaxRecord = 16 << 20
	// readBytes is the most one read of the input takes: a reader's buffer
	// is a batch buffer, with readHeadroom in front.
	readBytes = batchRoom - readHeadroom
)

var utf8BOM = []byte{0xef, 0xbb, 0xbf}

// chunk is one read of the input.
type chunk struct {
	data  []byte
	whole []byte // the reader's buffer data is in, after readHeadroom bytes; nil for others
	err   error  // io.EOF at the end
}

// readHeadroom is the room a reader's buffer keeps in front of what is read
// into it: the framer puts the start of a line left from the previous read
// there, so that the buffer holds whole lines and becomes a batch as it is
// (lineFramer.adopt), without a copy into a batch buffer.
const readHeadroom = 4 << 10

// readChunks reads r on its own goroutine, so that the framer can notice
// when the input stalls. It ends at the end of the input, at an error or
// when stop is closed. Each read goes into a buffer of its own: one the
// framer or a worker gave back (free), or a new one.
func readChunks(r io.Reader, stop <-chan struct{}, free chan []byte) <-chan chunk {
	ch := make(chan chunk, 4)
	go func() {
		defer close(ch)
		for {
			var buf []byte
			select {
			case buf = <-free:
			default:
			}
			if cap(buf) < batchRoom {
				buf = make([]byte, batchRoom)
			}
			buf = buf[:batchRoom] // one that grew for a long line still takes a read of readBytes
			n, err := r.Read(buf[readHeadroom:])
			data := buf[readHeadroom : readHeadroom+n]
			if n == 0 { // unused: for the next read, of this input or the next
				select {
				case free <- buf:
				default:
				}
			}
			if n > 0 {
				c := chunk{data: data, whole: buf}
				select {
				case ch <- c: // what was read is delivered, even when stopping
				default:
					select {
					case ch <- c:
					case <-stop:
						return
					}
				}
			}
			if err != nil {
				select {
				case ch <- chunk{err: err}:
				case <-stop:
				}
				return
			}
		}
	}()
	return ch
}

// source is the input as the framers see it: chunks, with the first
// bytes that format detection looked at put back in front.
type source struct {
	chunks  <-chan chunk
	free    chan []byte     // buffers the framer is done with, for the reader
	stop    <-chan struct{} // the run is ending (signal or output error)
	pending [][]byte
	err     error
	// whole is the reader's buffer the bytes next returned last are in,
	// after readHeadroom bytes of room (nil when they are not in one).
	whole []byte
}

// next returns the next bytes, or nil and the error at the end; with idle
// set it returns (nil, nil) when no input came for idleFlush.
func (s *source) next(idle bool) ([]byte, error) {
	s.whole = nil
	if len(s.pending) > 0 {
		b := s.pending[0]
		s.pending = s.pending[1:]
		return b, nil
	}
	if s.err != nil {
		return nil, s.err
	}
	var timer <-chan time.Time
	if idle {
		t := time.NewTimer(idleFlush)
		defer t.Stop()
		timer = t.C
	}
	select {
	case c, ok := <-s.chunks:
		switch {
		case !ok:
			s.err = io.EOF
		case c.err != nil:
			s.err = c.err
		default:
			s.whole = c.whole
			return c.data, nil
		}
		return nil, s.err
	case <-s.stop:
		s.err = errStopped
		return s.drain()
	case <-timer:
		return nil, nil
	}
}

// drain returns the chunks already read when the run stops: they were
// read, so they are processed.
func (s *source) drain() ([]byte, error) {
	for {
		select {
		case c, ok := <-s.chunks:
			if ok && c.data != nil {
				s.pending = append(s.pending, c.data)
				continue
			}
		default:
		}
		break
	}
	if len(s.pending) > 0 {
		b := s.pending[0]
		s.pending = s.pending[1:]
		return b, nil
	}
	return nil, s.err
}

func (s *source) unread(b []byte) { s.pending = append([][]byte{b}, s.pending...) }

// newSource starts reading r into buffers from free (given back by
// release), or new ones; inputs read one after another share free.
func newSource(r io.Reader, stop <-chan struct{}, free chan []byte) *source {
	return &source{chunks: readChunks(r, stop, free), free: free, stop: stop}
}

// freeChunks is room for the buffers a source gives back.
func freeChunks() chan []byte { return make(chan []byte, 4) }

// release gives back the reader's buffer of the bytes next returned last
// once the framer no longer needs it (it copied what it keeps): the reader
// reads into it again.
func (s *source) release() {
	if s.whole == nil {
		return
	}
	select {
	case s.free <- s.whole:
	default:
	}
	s.whole = nil
}

// sniff reads the start of the input, drops a UTF-8 BOM and reports
// whether the input is one JSON array rather than NDJSON. An input whose
// first line is a whole JSON value followed by more lines is NDJSON even
// when that line starts with '[' (it is dead-lettered as a non-object); an
// array that does not end on its first line, or that is all the input, is
// streamed element by element. Everything read is put back.
func sniff(src *source, max int) bool {
	var head []byte
	defer func() {
		if len(head) > 0 {
			src.unread(head)
		}
	}()
	bom := false
	for {
		b, err := src.next(false)
		head = append(head, b...)
		if !bom {
			if len(head) < len(utf8BOM) && err == nil && bytes.HasPrefix(utf8BOM, head) {
				continue // perhaps a BOM split across reads
			}
			head, bom = bytes.TrimPrefix(head, utf8BOM), true
		}
		start := skipJSONSpace(head, 0)
		switch {
		case start < len(head) && head[start] != '[':
			return false
		case start == len(head): // only white space so far
			if err != nil || len(head) > max {
				return false
			}
			continue
		}
		nl := bytes.IndexByte(head[start:], '\n')
		if nl < 0 {
			if err != nil || len(head)-start > max {
				return true
			}
			continue
		}
		if !wholeJSON(head[start : start+nl]) {
			return true
		}
		// the first line is a whole value: NDJSON unless only white space follows
		for {
			if skipJSONSpace(head, start+nl) < len(head) {
				return false
			}
			if err != nil {
				return true
			}
			b, err = src.next(false)
			head = append(head, b...)
		}
	}
}

func skipJSONSpace(b []byte, i int) int {
	for i < len(b) && isJSONSpace(b[i]) {
		i++
	}
	return i
}

func isJSONSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\r' || c == '\n' }

// lineFramer cuts NDJSON input into batches of whole lines. A line longer
// than max is not kept: it becomes a dead letter (with its line number and
// its first bytes) and reading goes on after it.
type lineFramer struct {
	name     string
	max      int
	emit     func(*batch)
	bufs     batchBuffers
	line     int    // number of the first line in cur
	cur      []byte // complete lines, then the start of the next line
	done     int    // bytes of complete lines in cur
	lines    int    // complete lines in cur
	skipping bool   // inside an oversized line
	skipHead []byte
	skipLen  int
}

func (f *lineFramer) run(src *source) error {
	f.line = 1
	for {
		data, err := src.next(f.done > 0)
		if data == nil && err == nil { // input stalled: hand over what is complete
			f.flush()
			continue
		}
		if f.cur == nil {
			f.cur = f.bufs.get(firstRoom(len(data)))
		}
		if !f.adopt(data, src.whole) {
			f.add(data) // copies what it keeps
			src.release()
		}
		if err != nil {
			return f.finish(err)
		}
	}
}

// batchRoom is the room of a batch's buffer: a batch is handed over once it
// holds batchBytes, so it rarely has to grow.
const batchRoom = batchBytes + batchBytes/8

// firstRoom is the room of an input's first batch buffer, from its first
// read of n bytes: a batch's when the read filled a reader's buffer, else
// twice the read (grown if more comes), so that each of many small inputs
// does not take (and zero) a whole batch buffer.
func firstRoom(n int) int {
	if n >= readBytes {
		return batchRoom
	}
	return min(batchRoom, max(4<<10, 2*n))
}

// finish ends the input: a last line without a newline is a line too.
func (f *lineFramer) finish(err error) error {
	if f.skipping {
		f.endSkip()
	} else if len(f.cur) > f.done {
		f.done = len(f.cur)
		f.lines++
	}
	f.flushLast()
	if err == io.EOF || err == errStopped {
		return nil
	}
	return err
}

func (f *lineFramer) add(data []byte) {
	for len(data) > 0 {
		if n := f.addLines(data); n > 0 {
			data = data[n:]
			continue
		}
		i := bytes.IndexByte(data, '\n')
		part := data
		if i >= 0 {
			part = data[:i]
		}
		switch {
		case f.skipping:
			f.skipLen += len(part)
		case len(f.cur)-f.done+len(part) > f.max:
			f.flush()
			f.skipping = true
			f.skipHead = append(append([]byte(nil), f.cur[f.done:]...), part[:min(len(part), deadExcerpt)]...)
			f.skipHead = f.skipHead[:min(len(f.skipHead), deadExcerpt)]
			f.skipLen = len(f.cur) - f.done + len(part)
			f.cur = f.cur[:f.done]
		default:
			f.cur = append(f.cur, part...)
		}
		if i < 0 {
			return
		}
		data = data[i+1:]
		if f.skipping {
			f.endSkip()
			continue
		}
		f.cur = append(f.cur, '\n')
		f.done = len(f.cur)
		f.lines++
		if f.done >= batchBytes {
			f.flush()
		}
	}
}

// addLines takes the complete lines at the start of data that fit in the
// batch buffer's room in one copy, and returns how many bytes it took; 0
// when the line-by-line path must go on (an oversized line being skipped,
// no room, no complete line, or a line that might be longer than max).
// No line can be longer than what it looks at plus the start of a line
// already kept, so it needs no look at each line: one search for the last
// newline, one count of newlines.
func (f *lineFramer) addLines(data []byte) int {
	if f.skipping {
		return 0
	}
	part := data[:min(len(data), cap(f.cur)-len(f.cur))]
	if len(f.cur)-f.done+len(part) > f.max {
		return 0
	}
	end := bytes.LastIndexByte(part, '\n') + 1
	if end == 0 {
		return 0
	}
	f.cur = append(f.cur, part[:end]...)
	f.done = len(f.cur)
	f.lines += bytes.Count(part[:end], newline)
	if f.done >= batchBytes {
		f.flush()
	}
	return end
}

var newline = []byte{'\n'}

// adopt hands over the reader's buffer whole holding data as a batch of its
// own, when data is a large read and the framer holds no complete line:
// the start of a line kept from earlier reads goes into the room in front
// of data, the batch ends at data's last newline, and only what follows it
// is copied (into the framer's buffer, for the next batch). It reports
// false when the bytes must be copied (addLines, add) instead.
func (f *lineFramer) adopt(data, whole []byte) bool {
	if whole == nil || f.skipping || f.done > 0 || len(f.cur) > readHeadroom || len(data) < batchBytes/2 {
		return false
	}
	end := bytes.LastIndexByte(data, '\n') + 1
	if end == 0 || len(f.cur)+end > f.max { // a line might be longer than max
		return false
	}
	start := readHeadroom - len(f.cur)
	copy(whole[start:], f.cur)
	lines := whole[start : readHeadroom+end]
	f.cur = append(f.cur[:0], data[end:]...)
	b := &batch{line: f.line, data: lines, buf: whole}
	f.line += bytes.Count(lines, newline)
	f.emit(b)
	return true
}

// endSkip dead-letters the oversized line that just ended.
func (f *lineFramer) endSkip() {
	f.skipping = false
	msg := "record larger than --max-record-size (" + strconv.Itoa(f.skipLen) + " bytes > " + strconv.Itoa(f.max) + "); its first bytes are kept"
	f.emit(&batch{line: f.line, dead: deadLine(nil, f.name, f.line, CodeTooLarge, msg, f.skipHead)})
	f.line++
	f.skipHead = nil
}

// flush hands the complete lines over as one batch; more input may follow.
func (f *lineFramer) flush() { f.handOver(true) }

// flushLast hands over the input's last lines, without a buffer for more.
func (f *lineFramer) flushLast() { f.handOver(false) }

// handOver hands the complete lines over as one batch, and when more
// input may follow, moves the start of the next line to a new buffer.
func (f *lineFramer) handOver(more bool) {
	if f.done == 0 {
		return
	}
	b := &batch{line: f.line, data: f.cur[:f.done], buf: f.cur}
	rest := f.cur[f.done:]
	f.cur = nil
	if more {
		f.cur = append(f.bufs.get(max(batchRoom, len(rest))), rest...)
	}
	f.line += f.lines
	f.done, f.lines = 0, 0
	f.emit(b)
}

// batchBuffers holds batch buffers whose batch is processed, for the
// framer to fill again instead of allocating (and zeroing) one per batch.
// A nil batchBuffers keeps none.
type batchBuffers chan []byte

// get returns an empty buffer with room for n bytes: a given-back one
// when it is large enough.
func (bb batchBuffers) get(n int) []byte {
	if n >= batchRoom {
		select {
		case b := <-bb:
			if cap(b) >= n {
				return b[:0]
			}
		default:
		}
	}
	return make([]byte, 0, n)
}

// put gives back a processed batch's buffer, when it is a full-sized one
// and fewer than the batches in flight are kept already.
func (bb batchBuffers) put(b []byte) {
	if cap(b) < batchRoom {
		return
	}
	if poisonReused {
		poison(b[:cap(b)])
	}
	select {
	case bb <- b:
	default:
	}
}

// poisonReused makes put overwrite a buffer before it is filled again, so
// that a string of a record kept past its batch (which nothing may do: an
// operation that caches copies what it keeps) shows as changed: the
// package's tests run with it (TestMain).
var poisonReused = false

func poison(b []byte) {
	for i := range b {
		b[i] = 0xff
	}
}

// wholeJSON reports whether b holds exactly one complete JSON value (by
// bracket and string structure; validity is checked when it is parsed).
func wholeJSON(b []byte) bool {
	var sc valueScanner
	i := skipJSONSpace(b, 0)
	if i == len(b) {
		return false
	}
	for ; i < len(b); i++ {
		switch sc.feed(b[i]) {
		case valueEnded:
			return skipJSONSpace(b, i+1) == len(b)
		case valueEndedBefore:
			return skipJSONSpace(b, i) == len(b)
		}
	}
	return sc.scalar
}

// valueScanner finds where one JSON value ends, a byte at a time, by its
// bracket and string structure only.
type valueScanner struct {
	started, inString, escape, scalar bool
	depth                             int
}

const (
	valueMore        = iota
	valueEnded       // the byte fed was the value's last
	valueEndedBefore // the byte fed follows the value (the end of a number or literal)
)

func (v *valueScanner) feed(c byte) int {
	if !v.started {
		v.started = true
		switch c {
		case '{', '[':
			v.depth = 1
		case '"':
			v.inString = true
		default:
			v.scalar = true
		}
		return valueMore
	}
	if v.inString {
		switch {
		case v.escape:
			v.escape = false
		case c == '\\':
			v.escape = true
		case c == '"':
			v.inString = false
			if v.depth == 0 {
				return valueEnded
			}
		}
		return valueMore
	}
	if v.scalar {
		if c == ',' || c == ']' || c == '}' || isJSONSpace(c) {
			return valueEndedBefore
		}
		return valueMore
	}
	switch c {
	case '"':
		v.inString = true
	case '{', '[':
		v.depth++
	case '}', ']':
		if v.depth--; v.depth == 0 {
			return valueEnded
		}
	}
	return valueMore
}
