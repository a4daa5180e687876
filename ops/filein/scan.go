package filein

import (
	"bytes"
	"io"
	"math"
)

// readChunk is the first size of a scanner's buffer: how much it asks its
// stream for at a time (a variable for tests).
var readChunk = 64 << 10

// scanner cuts a stream into records at a delimiter the way JavaScript's
// split does — leftmost occurrence first, occurrences never overlapping —
// and knows the file offset of every byte. It keeps the bytes of the record
// being cut and a read buffer, nothing more.
type scanner struct {
	r     io.Reader
	delim []byte
	buf   []byte
	start int   // buf[start:end] is read and not consumed
	end   int   //
	scan  int   // no delimiter starts in buf[start:start+scan]
	pos   int64 // the file offset of buf[start]
	eof   bool
	err   error // a read error other than io.EOF
}

func newScanner(r io.Reader, delim []byte, pos int64) *scanner {
	return &scanner{r: r, delim: delim, buf: make([]byte, readChunk), pos: pos}
}

// find returns the index in buf[start:end] of the next delimiter that
// starts before the file offset limit, or -1 when none does (the stream
// ended, or every offset before limit was searched). Unless keep is set,
// bytes that cannot hold the start of a delimiter are dropped while
// searching.
func (s *scanner) find(limit int64, keep bool) (int, error) {
	d := len(s.delim)
	for {
		data := s.buf[s.start:s.end]
		if i := bytes.Index(data[s.scan:], s.delim); i >= 0 {
			if i += s.scan; s.pos+int64(i) < limit {
				return i, nil
			}
			return -1, nil
		}
		s.scan = max(0, len(data)-d+1)
		if s.pos+int64(s.scan) >= limit {
			return -1, nil
		}
		if s.eof {
			return -1, s.err
		}
		if !keep {
			s.consume(s.scan)
		}
		s.fill()
	}
}

// consume moves past n bytes of buf[start:end].
func (s *scanner) consume(n int) {
	s.start += n
	s.pos += int64(n)
	s.scan = max(0, s.scan-n)
}

// fill reads more of the stream after buf[start:end], moving that to the
// front of the buffer or growing it when it is full.
func (s *scanner) fill() {
	if s.start > 0 {
		s.end = copy(s.buf, s.buf[s.start:s.end])
		s.start = 0
	}
	if s.end == len(s.buf) {
		s.buf = append(s.buf, make([]byte, len(s.buf))...)
	}
	for !s.eof {
		n, err := s.r.Read(s.buf[s.end:])
		s.end += n
		if err != nil {
			s.eof = true
			if err != io.EOF {
				s.err = err
			}
		}
		if n > 0 {
			return
		}
	}
}

// next returns the next record and its file offset: the bytes up to the
// next delimiter (which is consumed too), or at the end of the stream the
// bytes left, if there are any (a delimiter at the very end of a file ends
// its last record and starts none). The record aliases the buffer: it is
// valid until the next call.
func (s *scanner) next() (rec []byte, at int64, ok bool, err error) {
	i, err := s.find(math.MaxInt64, true)
	at = s.pos
	data := s.buf[s.start:s.end]
	switch {
	case err != nil:
		return nil, at, false, err
	case i >= 0:
		s.consume(i + len(s.delim))
		return data[:i], at, true, nil
	case len(data) == 0:
		return nil, at, false, nil
	}
	s.consume(len(data))
	return data, at, true, nil
}

// skipTo consumes records until the stream stands at the start of a
// record at or after the file offset from; it reports whether that record
// starts before limit. The stream must stand where the scan of the whole
// file would be free (see syncPoint).
func (s *scanner) skipTo(from, limit int64) (bool, error) {
	d := int64(len(s.delim))
	for s.pos < from {
		i, err := s.find(limit-d, false)
		if err != nil || i < 0 {
			return false, err
		}
		s.consume(i + len(s.delim))
	}
	return s.pos < limit, nil
}
