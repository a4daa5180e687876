package filein

import (
	"io"
	"math"
)

// spanReader reads a file from an offset through successive bounded ranges:
// the first covers what a slice is expected to need (its own bytes and a
// margin for its last record), each next one twice the one before, until
// the file ends or the reader is closed. A backend then never streams much
// more than a slice reads (an open-ended range on HDFS asks the DataNode
// for the rest of the block).
type spanReader struct {
	open  Source
	off   int64 // where the next range starts
	next  int64 // the length of the next range
	rc    io.ReadCloser
	left  int64 // bytes of the current range not read yet
	ended bool  // the file ended
}

// spanMargin is read past a slice's end in the first range, for the rest
// of its last record (a variable for tests).
var spanMargin int64 = 64 << 10

// openSpan reads open from off, expecting to need the bytes up to limit
// (math.MaxInt64: the rest of the file, in one range).
func openSpan(open Source, off, limit int64) io.ReadCloser {
	if limit == math.MaxInt64 {
		return &spanReader{open: open, off: off, next: -1}
	}
	return &spanReader{open: open, off: off, next: limit - off + spanMargin}
}

func (s *spanReader) Read(p []byte) (int, error) {
	for {
		if s.rc == nil {
			if s.ended {
				return 0, io.EOF
			}
			if err := s.advance(); err != nil {
				return 0, err
			}
		}
		n, err := s.rc.Read(p)
		s.left -= int64(n)
		s.off += int64(n)
		if err == io.EOF {
			s.ended = s.ended || s.left > 0 || s.next < 0 // a range cut short: the file ended
			s.rc.Close()
			s.rc = nil
			err = nil
		}
		if n > 0 || err != nil {
			return n, err
		}
	}
}

// advance opens the next range.
func (s *spanReader) advance() error {
	rc, err := s.open(s.off, s.next)
	if err != nil {
		return err
	}
	s.rc, s.left = rc, s.next
	if s.next > 0 {
		s.next *= 2
	}
	return nil
}

func (s *spanReader) Close() error {
	if s.rc == nil {
		return nil
	}
	return s.rc.Close()
}
