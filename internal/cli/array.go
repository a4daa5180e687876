package cli

import (
	"encoding/binary"
	"io"
	"math/bits"
	"strconv"
	"unsafe"
)

// arrayFramer streams a JSON array element by element: memory holds one
// batch of elements, not the file, and an element that is not a record is
// dead-lettered alone. Elements are found by bracket and string structure;
// each is then parsed like an NDJSON line, so a malformed element costs
// only itself.
type arrayFramer struct {
	name    string
	max     int
	emit    func(*batch)
	bufs    batchBuffers
	line    int // current line of the input
	state   arrayState
	sc      valueScanner
	start   int // where the element being read starts in data
	elemLen int // bytes of the element, also those not kept
	at      int // line where the element started
	cur     *batch
	// data is the text of cur's elements, one after another, then (from
	// start) the first max bytes of the element being read.
	data    []byte
	ends    []int // where each element of cur ends in data
	trailer bool
}

type arrayState uint8

const (
	arrOpen  arrayState = iota // before '['
	arrValue                   // expecting an element or ']'
	arrIn                      // inside an element
	arrComma                   // expecting ',' or ']'
	arrDone                    // after ']'
)

func (f *arrayFramer) run(src *source) error {
	f.line = 1
	for {
		data, err := src.next(f.cur != nil)
		if data == nil && err == nil {
			f.flush()
			continue
		}
		if f.data == nil {
			f.data = f.bufs.get(firstRoom(len(data)))
		}
		for i := 0; i < len(data); {
			if f.state == arrIn && f.sc.depth > 0 { // inside an object or array element
				n, ended := f.composite(data[i:])
				i += n
				if ended {
					f.state = arrComma
					f.endElement()
				}
				continue
			}
			if n := f.stringRun(data[i:]); n > 0 { // a string element
				i += n
				continue
			}
			c := data[i]
			f.step(c)
			if c == '\n' {
				f.line++
			}
			i++
		}
		src.release() // the elements were copied
		if err != nil {
			return f.finish(err)
		}
	}
}

func (f *arrayFramer) step(c byte) {
	switch f.state {
	case arrOpen:
		if c == '[' {
			f.state = arrValue
		}
		return
	case arrIn:
		switch f.sc.feed(c) {
		case valueEndedBefore:
			f.endElement()
			f.state = arrComma
			f.step(c)
			return
		case valueEnded:
			f.keep(c)
			f.state = arrComma
			f.endElement()
			return
		}
		f.keep(c)
		return
	case arrDone:
		if !isJSONSpace(c) && !f.trailer {
			f.trailer = true
			f.deadHere(CodeArraySyntax, "text after the end of the JSON array", []byte{c})
		}
		return
	}
	if isJSONSpace(c) {
		return
	}
	switch {
	case c == ']':
		f.state = arrDone
		f.flush()
		return
	case c == ',' && f.state == arrComma:
		f.state = arrValue
		return
	case f.state == arrComma:
		f.deadHere(CodeArraySyntax, "expected ',' or ']' between array elements", []byte{c})
	}
	f.sc = valueScanner{}
	f.start, f.elemLen, f.at = len(f.data), 0, f.line
	f.state = arrIn
	f.sc.feed(c)
	f.keep(c)
}

// composite scans the rest of an object or array element in data (its
// first byte was fed to f.sc) and keeps what it scanned. It stops after the
// bracket that closes the element (ended) or at the end of data. It tracks
// the same string, escape and depth state as valueScanner.feed, without a
// call per byte: the plain bytes of a string are skipped eight at a time,
// and the bytes between strings (colons, commas, numbers, white space) in
// a tight loop until the next byte that matters.
func (f *arrayFramer) composite(data []byte) (n int, ended bool) {
	sc := &f.sc
	j := 0
	for j < len(data) {
		if sc.inString {
			if sc.escape { // the byte after a backslash, whatever it is
				sc.escape = false
				if data[j] == '\n' {
					f.line++
				}
				j++
				continue
			}
			j += plainStringRun(data[j:])
			if j == len(data) {
				break
			}
			switch data[j] {
			case '"':
				sc.inString = false
			case '\\':
				sc.escape = true
			default: // a newline
				f.line++
			}
			j++
			continue
		}
		for j < len(data) && !elementStops[data[j]] {
			j++
		}
		if j == len(data) {
			break
		}
		c := data[j]
		j++
		switch c {
		case '"':
			sc.inString = true
		case '\n':
			f.line++
		case '{', '[':
			sc.depth++
		default: // '}', ']'
			if sc.depth--; sc.depth == 0 {
				f.keepRun(data[:j])
				return j, true
			}
		}
	}
	f.keepRun(data[:j])
	return j, false
}

// elementStops are the bytes composite stops at between strings.
var elementStops = [256]bool{'"': true, '\n': true, '{': true, '[': true, '}': true, ']': true}

// plainStringRun is the length of the run of string bytes at the start of
// b that are neither a quote, a backslash nor a newline. It looks at eight
// bytes at a time: a word of plain bytes costs a few integer operations.
func plainStringRun(b []byte) int {
	i := 0
	for ; i+8 <= len(b); i += 8 {
		if m := stringStops(binary.LittleEndian.Uint64(b[i:])); m != 0 {
			return i + bits.TrailingZeros64(m)>>3
		}
	}
	for ; i < len(b); i++ {
		if c := b[i]; c == '"' || c == '\\' || c == '\n' {
			return i
		}
	}
	return len(b)
}

// stringStops has the high bit set of each byte of x that is a quote, a
// backslash or a newline. Bits above the lowest set one may be wrong (a
// borrow runs into the next byte); the lowest one never is.
func stringStops(x uint64) uint64 {
	const ones, high = 0x0101010101010101, 0x8080808080808080
	q, s, n := x^(ones*'"'), x^(ones*'\\'), x^(ones*'\n')
	return ((q-ones)&^q | (s-ones)&^s | (n-ones)&^n) & high
}

// keepRun keeps the bytes of the element scanned in bulk, the first max
// of them.
func (f *arrayFramer) keepRun(p []byte) {
	if room := f.max - f.elemLen; room > 0 {
		f.data = append(f.data, p[:min(len(p), room)]...)
	}
	f.elemLen += len(p)
}

// stringRun keeps the bytes of an element's string that need no look (up
// to a quote, a backslash or a newline) and returns how many there were.
func (f *arrayFramer) stringRun(data []byte) int {
	if f.state != arrIn || !f.sc.inString || f.sc.escape {
		return 0
	}
	n := plainStringRun(data)
	f.keepRun(data[:n])
	return n
}

func (f *arrayFramer) keep(c byte) {
	if f.elemLen < f.max {
		f.data = append(f.data, c)
	}
	f.elemLen++
}

// dropElement takes the element being read out of data and returns its
// kept bytes, for a dead letter (they stay valid until data grows again:
// deadAt copies them at once).
func (f *arrayFramer) dropElement() []byte {
	raw := f.data[f.start:]
	f.data = f.data[:f.start]
	return raw
}

// endElement adds the element to the batch, or dead-letters it when it is
// larger than max.
func (f *arrayFramer) endElement() {
	if f.elemLen > f.max {
		msg := "array element larger than --max-record-size (" + strconv.Itoa(f.elemLen) + " bytes > " + strconv.Itoa(f.max) + "); its first bytes are kept"
		f.deadAt(f.at, CodeTooLarge, msg, f.dropElement())
		return
	}
	if f.cur == nil {
		f.cur = &batch{line: f.at}
	}
	f.cur.elems = append(f.cur.elems, element{line: f.at})
	f.ends = append(f.ends, len(f.data))
	if len(f.data) >= batchBytes {
		f.flush()
	}
}

// deadHere dead-letters a syntax problem of the array itself.
func (f *arrayFramer) deadHere(code, msg string, raw []byte) { f.deadAt(f.line, code, msg, raw) }

// deadAt emits a dead letter for line, after the elements before it.
func (f *arrayFramer) deadAt(line int, code, msg string, raw []byte) {
	f.flush()
	f.emit(&batch{line: line, dead: deadLine(nil, f.name, line, code, msg, raw[:min(len(raw), deadExcerpt)])})
}

// flush hands cur over; more elements may follow unless the array has
// ended.
func (f *arrayFramer) flush() { f.handOver(f.state != arrDone) }

// handOver hands cur over. Its elements' text is one buffer, never written
// again, so each element is a substring of one string view of it (as the
// lines of an NDJSON batch are), not a copy of its own. When more input may
// follow, the bytes of an element still being read move to a new buffer.
func (f *arrayFramer) handOver(more bool) {
	if f.cur == nil {
		return
	}
	b := f.cur
	done := f.ends[len(f.ends)-1]
	text := unsafe.String(unsafe.SliceData(f.data), done)
	start := 0
	for i, end := range f.ends {
		b.elems[i].text = text[start:end]
		start = end
	}
	rest := f.data[done:]
	b.buf, f.data = f.data, nil
	if more {
		f.data = append(f.bufs.get(max(batchRoom, len(rest))), rest...)
	}
	f.start -= done
	f.cur, f.ends = nil, f.ends[:0]
	f.emit(b)
}

// finish ends the input: an element cut off by the end is dead-lettered,
// as is an array that never closes (unless the run was stopped).
func (f *arrayFramer) finish(err error) error {
	stopped := err == errStopped
	switch {
	case f.state == arrIn && f.sc.scalar:
		f.endElement()
	case f.state == arrIn:
		f.deadAt(f.at, CodeArraySyntax, "the input ends inside this array element", f.dropElement())
	}
	if !stopped && (f.state == arrIn || f.state == arrValue || f.state == arrComma) {
		f.deadHere(CodeArraySyntax, "the JSON array is not closed with ']'", nil)
	}
	f.handOver(false)
	if err == io.EOF || stopped {
		return nil
	}
	return err
}
