package filein

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/sluice-dev/sluice/ops/fileout"
	"github.com/sluice-dev/sluice/record"
)

// Options configure a Reader.
type Options struct {
	Format      fileout.Format
	Delimiter   string // the line delimiter; "" is "\n"
	Compression fileout.Compression
	CSV         CSVOptions // csv and tsv
}

// Bad is a record that cannot be read: where it starts in the file (in
// the decompressed stream of a compressed file), its text (empty for a
// whole json file) and why.
type Bad struct {
	Offset int64
	Text   string
	Err    error
}

// Emit receives every record read and the offset where it starts; Reject
// every one that cannot be read. An error from either stops the reading.
type (
	Emit   func(data *record.Object, offset int64) error
	Reject func(b Bad) error
)

// Reader reads the records of file ranges in one format.
type Reader struct {
	opt   Options
	delim []byte
	line  func(line []byte, at int64) (*record.Object, error)
}

// NewReader checks the options and returns a reader.
func NewReader(opt Options) (*Reader, error) {
	if opt.Delimiter == "" {
		opt.Delimiter = fileout.DefaultLineDelimiter
	}
	r := &Reader{opt: opt, delim: []byte(opt.Delimiter)}
	switch opt.Format {
	case fileout.LDJSON:
		r.line = parseLDJSON
	case fileout.Raw:
		r.line = parseRaw
	case fileout.CSV, fileout.TSV:
		if opt.CSV.Delimiter == "" {
			return nil, errors.New("csv reader: the field delimiter is empty")
		}
		r.line = newCSVParser(opt.CSV).parse
	case fileout.JSON:
	default:
		return nil, fmt.Errorf(`Invalid parameter "format", it must be provided and set to one of these: %s`, strings.Join(fileout.Formats, ", "))
	}
	return r, nil
}

// Read reads the records rg owns (see records) from open: each record to
// emit, each unreadable one to reject.
func (r *Reader) Read(open Source, rg Range, emit Emit, reject Reject) error {
	compressed := r.opt.Compression != fileout.None && r.opt.Compression != ""
	if r.opt.Format == fileout.JSON || compressed {
		if err := checkWhole(rg); err != nil {
			return err
		}
		return r.readWhole(open, emit, reject)
	}
	return records(open, rg, r.delim, r.lineFunc(emit, reject))
}

// readWhole reads a whole file, decompressing it.
func (r *Reader) readWhole(open Source, emit Emit, reject Reject) error {
	rc, err := open(0, -1)
	if err != nil {
		return err
	}
	defer rc.Close()
	in, err := r.opt.Compression.NewReader(rc)
	if err != nil {
		return err
	}
	if r.opt.Format == fileout.JSON {
		return readJSON(in, emit, reject)
	}
	return streamRecords(in, r.delim, r.lineFunc(emit, reject))
}

func (r *Reader) lineFunc(emit Emit, reject Reject) func([]byte, int64) error {
	return func(line []byte, at int64) error {
		obj, err := r.line(line, at)
		switch {
		case err != nil:
			return reject(Bad{Offset: at, Text: validUTF8(line), Err: err})
		case obj != nil:
			return emit(obj, at)
		}
		return nil
	}
}

// parseLDJSON reads a line of JSON: an object is a record, null an empty
// record, a blank line nothing; NUL characters are ignored (as the
// reference strips them).
func parseLDJSON(line []byte, _ int64) (*record.Object, error) {
	if isBlank(line) {
		return nil, nil
	}
	if bytes.IndexByte(line, 0) >= 0 {
		line = bytes.ReplaceAll(line, []byte{0}, nil)
	}
	v, err := record.ParseRecordRaw(string(line)) // decoded when first read
	if err != nil {
		return nil, badf(CodeJSON, "Failure to parse buffer, %v", err)
	}
	return objectOf(v)
}

// objectOf is a parsed JSON value as a record (compacted: the records of
// a slice are all kept until it is processed).
func objectOf(v any) (*record.Object, error) {
	switch x := v.(type) {
	case *record.Object:
		x.Compact()
		return x, nil
	case nil:
		return record.NewObject(0), nil
	}
	return nil, badf(CodeNotObject, "Invalid data source, must be an object, got %s", record.GetTypeOf(v))
}

// parseRaw makes {data: line}.
func parseRaw(line []byte, _ int64) (*record.Object, error) {
	o := record.NewObject(1)
	o.Set("data", validUTF8(line))
	return o, nil
}

func isBlank(b []byte) bool {
	for _, c := range b {
		if c != ' ' && c != '\t' && c != '\r' && c != '\n' {
			return false
		}
	}
	return true
}

// validUTF8 is the text of b, bytes that are not UTF-8 replaced by U+FFFD
// (as a JavaScript reader decodes them).
func validUTF8(b []byte) string {
	if utf8.Valid(b) {
		return string(b)
	}
	return strings.ToValidUTF8(string(b), "\uFFFD")
}

// readJSON reads a whole json file: an array gives a record per element,
// an object one record. Elements that are not objects are rejected one by
// one; where the text stops being JSON the rest of the file is rejected
// (the records before it are kept).
func readJSON(in io.Reader, emit Emit, reject Reject) error {
	data, err := io.ReadAll(in)
	if err != nil {
		return err
	}
	return jsonValues(string(data), emit, reject)
}
