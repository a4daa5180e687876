package filein

import (
	"bytes"
	"io"
)

// Source opens a byte range of the file being read: [offset, offset+length),
// or to the end of the file for a negative length. A range past the end of
// the file is cut short.
type Source func(offset, length int64) (io.ReadCloser, error)

// hasBorder reports whether a proper prefix of delim is also a suffix of
// it ("\n\n", "aba"): only then can two occurrences overlap, and only then
// does it matter where a scan starts.
func hasBorder(delim []byte) bool {
	for k := 1; k < len(delim); k++ {
		if bytes.Equal(delim[:k], delim[len(delim)-k:]) {
			return true
		}
	}
	return false
}

// syncPoint returns an offset x <= o at which a leftmost, non-overlapping
// scan of the file is free — no delimiter the scan from the start of the
// file would match spans x — so that scanning from x finds exactly the
// delimiters the scan of the whole file finds after x.
//
// Any offset not strictly inside an occurrence of the delimiter is such a
// point. Occurrences of a delimiter without a border never overlap, so o
// itself will do; otherwise the point is found by walking back through the
// chain of overlapping occurrences around o, reading further back while
// the chain goes on.
func syncPoint(open Source, o int64, delim []byte) (int64, error) {
	if o == 0 || !hasBorder(delim) {
		return o, nil
	}
	d := int64(len(delim))
	for w := 64 * d; ; w *= 2 {
		from := max(0, o-w)
		window, err := readRange(open, from, o+d-1-from)
		if err != nil {
			return 0, err
		}
		if x, sure := walkBack(window, from, o, delim); sure {
			return x, nil
		}
	}
}

// walkBack moves x back from o to the start of each occurrence that
// strictly contains it, within window (the bytes from the file offset
// from). sure is false when an occurrence starting before the window might
// contain x.
func walkBack(window []byte, from, o int64, delim []byte) (x int64, sure bool) {
	d := int64(len(delim))
	x = o
	for {
		moved := false
		for p := max(x-d+1, from); p < x; p++ {
			i := p - from
			if i+d <= int64(len(window)) && bytes.Equal(window[i:i+d], delim) {
				x, moved = p, true
				break
			}
		}
		if !moved {
			return x, x-d+1 >= from || from == 0
		}
	}
}

func readRange(open Source, offset, length int64) ([]byte, error) {
	rc, err := open(offset, length)
	if err != nil {
		return nil, err
	}
	defer rc.Close()
	return io.ReadAll(rc)
}
