package cli

import (
	"io"
	"strconv"
)

// arrayFramer streams a JSON array element by element: memory holds one
// batch of elements, not the file, and an element that is not a record is
// dead-lettered alone. Elements are found by bracket and string structure;
// each is then parsed like an NDJSON line, so a malformed element costs
// only itself.
type arrayFramer struct {
	name    string
	max     int
	emit    func(*batch) bool
	line    int // current line of the input
	state   arrayState
	sc      valueScanner
	elem    []byte
	elemLen int // bytes of the element, also those not kept
	at      int // line where the element started
	cur     *batch
	size    int // bytes in cur
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
			if !f.flush() {
				return errStopped
			}
			continue
		}
		for i := 0; i < len(data); i++ {
			if !f.feed(data[i]) {
				return errStopped
			}
		}
		if err != nil {
			return f.finish(err)
		}
	}
}

func (f *arrayFramer) feed(c byte) bool {
	ok := f.step(c)
	if c == '\n' {
		f.line++
	}
	return ok
}

func (f *arrayFramer) step(c byte) bool {
	switch f.state {
	case arrOpen:
		if c == '[' {
			f.state = arrValue
		}
		return true
	case arrIn:
		switch f.sc.feed(c) {
		case valueEndedBefore:
			if !f.endElement() {
				return false
			}
			f.state = arrComma
			return f.step(c)
		case valueEnded:
			f.keep(c)
			f.state = arrComma
			return f.endElement()
		}
		f.keep(c)
		return true
	case arrDone:
		if !isJSONSpace(c) && !f.trailer {
			f.trailer = true
			return f.deadHere(CodeArraySyntax, "text after the end of the JSON array", []byte{c})
		}
		return true
	}
	if isJSONSpace(c) {
		return true
	}
	switch {
	case c == ']':
		f.state = arrDone
		return f.flush()
	case c == ',' && f.state == arrComma:
		f.state = arrValue
		return true
	case f.state == arrComma:
		if !f.deadHere(CodeArraySyntax, "expected ',' or ']' between array elements", []byte{c}) {
			return false
		}
	}
	f.sc = valueScanner{}
	f.elem, f.elemLen, f.at = f.elem[:0], 0, f.line
	f.state = arrIn
	f.sc.feed(c)
	f.keep(c)
	return true
}

func (f *arrayFramer) keep(c byte) {
	if f.elemLen < f.max {
		f.elem = append(f.elem, c)
	}
	f.elemLen++
}

// endElement adds the element to the batch, or dead-letters it when it is
// larger than max.
func (f *arrayFramer) endElement() bool {
	if f.elemLen > f.max {
		msg := "array element larger than --max-record-size (" + strconv.Itoa(f.elemLen) + " bytes > " + strconv.Itoa(f.max) + "); its first bytes are kept"
		return f.flush() && f.emit(&batch{line: f.at, dead: deadLine(nil, f.name, f.at, CodeTooLarge, msg, f.elem[:min(len(f.elem), deadExcerpt)])})
	}
	if f.cur == nil {
		f.cur = &batch{line: f.at}
	}
	f.cur.elems = append(f.cur.elems, element{text: string(f.elem), line: f.at})
	f.size += len(f.elem)
	if f.size >= batchBytes {
		return f.flush()
	}
	return true
}

// deadHere dead-letters a syntax problem of the array itself.
func (f *arrayFramer) deadHere(code, msg string, raw []byte) bool {
	return f.flush() && f.emit(&batch{line: f.line, dead: deadLine(nil, f.name, f.line, code, msg, raw)})
}

func (f *arrayFramer) flush() bool {
	if f.cur == nil {
		return true
	}
	b := f.cur
	f.cur, f.size = nil, 0
	return f.emit(b)
}

// finish ends the input: an element cut off by the end is dead-lettered,
// as is an array that never closes.
func (f *arrayFramer) finish(err error) error {
	ok := true
	switch f.state {
	case arrIn:
		if f.sc.scalar {
			ok = f.endElement()
		} else {
			ok = f.flush() && f.emit(&batch{line: f.at, dead: deadLine(nil, f.name, f.at, CodeArraySyntax,
				"the input ends inside this array element", f.elem[:min(len(f.elem), deadExcerpt)])})
		}
		ok = ok && f.deadHere(CodeArraySyntax, "the JSON array is not closed with ']'", nil)
	case arrValue, arrComma:
		ok = f.deadHere(CodeArraySyntax, "the JSON array is not closed with ']'", nil)
	}
	if !f.flush() || !ok || err == errStopped {
		return errStopped
	}
	if err == io.EOF {
		return nil
	}
	return err
}
