package fileout

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"slices"

	"github.com/pierrec/lz4/v4"
)

// Compression is how a file's bytes are compressed.
type Compression string

// The compressions of the file processors.
const (
	None Compression = "none"
	LZ4  Compression = "lz4"
	Gzip Compression = "gzip"
)

// Compressions lists the compressions in the reference's order.
var Compressions = []string{string(None), string(LZ4), string(Gzip)}

// ParseCompression checks a compression name ("" is none).
func ParseCompression(s string) (Compression, error) {
	if s == "" {
		return None, nil
	}
	if !slices.Contains(Compressions, s) {
		return "", fmt.Errorf("Unsupported compression: %s", s)
	}
	return Compression(s), nil
}

// Suffix is the file-name suffix of a compression: ".lz4", ".gz" or "".
func (c Compression) Suffix() string {
	switch c {
	case LZ4:
		return ".lz4"
	case Gzip:
		return ".gz"
	}
	return ""
}

// Compress returns data compressed as one whole stream: a gzip member or
// an LZ4 frame (the format of the `lz4` command line tool). None returns
// data itself.
func (c Compression) Compress(data []byte) ([]byte, error) {
	if c == None || c == "" {
		return data, nil
	}
	var out bytes.Buffer
	w, err := c.NewWriter(&out)
	if err != nil {
		return nil, err
	}
	if _, err := w.Write(data); err != nil {
		return nil, err
	}
	if err := w.Close(); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}

// NewWriter returns a writer that compresses into w; Close finishes the
// stream (it does not close w).
func (c Compression) NewWriter(w io.Writer) (io.WriteCloser, error) {
	switch c {
	case Gzip:
		return gzip.NewWriter(w), nil
	case LZ4:
		return lz4.NewWriter(w), nil
	case None, "":
		return nopCloser{w}, nil
	}
	return nil, fmt.Errorf("Unsupported compression: %s", c)
}

// NewReader returns a reader of a stream compressed with c.
func (c Compression) NewReader(r io.Reader) (io.Reader, error) {
	switch c {
	case Gzip:
		return gzip.NewReader(r)
	case LZ4:
		return lz4.NewReader(r), nil
	case None, "":
		return r, nil
	}
	return nil, fmt.Errorf("Unsupported compression: %s", c)
}

// Decompress returns the bytes of a whole compressed stream.
func (c Compression) Decompress(data []byte) ([]byte, error) {
	r, err := c.NewReader(bytes.NewReader(data))
	if err != nil {
		return nil, err
	}
	return io.ReadAll(r)
}

type nopCloser struct{ io.Writer }

func (nopCloser) Close() error { return nil }
