package filein

import (
	"errors"
	"fmt"
	"io"
	"math"
)

// records calls fn with every record the range owns and its file offset.
//
// A range owns the records that start in [its nominal start, its end): the
// nominal start is Offset for the first range of a file and Offset + the
// delimiter's length for the others (GetOffsets starts them that many bytes
// early), the end is Offset+Length, or the end of the file for the last
// range. Record starts are offset 0 and the offsets just after each
// delimiter that the leftmost, non-overlapping scan of the whole file
// matches; the ranges of a file tile it, so every record has exactly one
// owner. A record owned by a range is read to its end wherever that is
// (the reference's "margin"), and a range in which no record starts
// reads nothing but its own bytes.
func records(open Source, rg Range, delim []byte, fn func(rec []byte, at int64) error) error {
	from, limit := bounds(rg, len(delim))
	x, err := syncPoint(open, rg.Offset, delim)
	if err != nil {
		return err
	}
	rc := openSpan(open, x, limit)
	defer rc.Close()
	return scanOwned(newScanner(rc, delim, x), from, limit, fn)
}

// bounds are where the records a range owns start: [from, limit).
func bounds(rg Range, d int) (from, limit int64) {
	if rg.Offset == 0 {
		if rg.Length >= rg.Total {
			return 0, math.MaxInt64 // the whole file, even if it grew
		}
		return 0, rg.Length
	}
	limit = rg.Offset + rg.Length
	if limit >= rg.Total {
		limit = math.MaxInt64
	}
	return rg.Offset + int64(d), limit
}

// scanOwned reads the records that start in [from, limit) from s.
func scanOwned(s *scanner, from, limit int64, fn func(rec []byte, at int64) error) error {
	owns, err := s.skipTo(from, limit)
	if err != nil || !owns {
		return err
	}
	for s.pos < limit {
		rec, at, ok, err := s.next()
		if err != nil || !ok {
			return err
		}
		if err := fn(rec, at); err != nil {
			return err
		}
	}
	return nil
}

// streamRecords reads every record of a whole stream (a decompressed file).
func streamRecords(r io.Reader, delim []byte, fn func(rec []byte, at int64) error) error {
	return scanOwned(newScanner(r, delim, 0), 0, math.MaxInt64, fn)
}

// ErrPartial is returned for a range that is not a whole file where only
// whole files can be read: a json document or a compressed stream cannot be
// entered in the middle.
var ErrPartial = errors.New(`json and compressed files are read whole, one slice per file ("file_per_slice": true)`)

func checkWhole(rg Range) error {
	if rg.Offset != 0 || rg.Length < rg.Total {
		return fmt.Errorf("%s [%d, +%d of %d]: %w", rg.Path, rg.Offset, rg.Length, rg.Total, ErrPartial)
	}
	return nil
}
