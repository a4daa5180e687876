package fileout

import (
	"fmt"
	"slices"

	"github.com/sluice-dev/sluice/job"
	"github.com/sluice-dev/sluice/record"
)

// Format is an output format.
type Format string

// The output formats (spec 8.7).
const (
	JSON   Format = "json"
	LDJSON Format = "ldjson"
	Raw    Format = "raw"
	TSV    Format = "tsv"
	CSV    Format = "csv"
)

// Formats lists the formats in the reference's order (used in messages).
var Formats = []string{string(JSON), string(LDJSON), string(Raw), string(TSV), string(CSV)}

// DefaultLineDelimiter separates records when line_delimiter is not set.
const DefaultLineDelimiter = "\n"

// FormatOptions configure a Formatter.
type FormatOptions struct {
	Format Format
	// Fields keeps only these fields, in this order (empty: all). For JSON
	// formats the rule applies at every nesting level; for csv/tsv a dotted
	// name is a nested path.
	Fields []string
	// LineDelimiter is written after every record (every slice for json),
	// as given: the configuration layer turns an unset one into "\n".
	LineDelimiter string
	// FieldDelimiter separates csv/tsv cells; "" means the format's default
	// ("," for csv, a tab for tsv).
	FieldDelimiter string
	// IncludeHeader writes a header row at the top of each csv/tsv file.
	IncludeHeader bool
}

// Formatter turns records into the bytes of an output format.
type Formatter struct {
	opt    FormatOptions
	fields []string // deduplicated Fields, nil for all
	csv    csvWriter
	buf    []byte
}

// BadRecord is a record the format cannot represent, with the reason.
type BadRecord struct {
	Index int // in the records given to Append
	Err   error
}

// NewFormatter checks the options and returns a formatter.
func NewFormatter(opt FormatOptions) (*Formatter, error) {
	if !slices.Contains(Formats, string(opt.Format)) {
		return nil, fmt.Errorf("Unsupported output format %q", string(opt.Format))
	}
	f := &Formatter{opt: opt, fields: dedup(opt.Fields)}
	f.csv = newCSVWriter(opt, f.fields)
	return f, nil
}

// Options returns the formatter's options.
func (f *Formatter) Options() FormatOptions { return f.opt }

// Append appends the formatted records to dst: the reference's
// Formatter.format — the format's text plus the line delimiter, or nothing
// at all when the text is empty. header asks for the csv/tsv header row
// (the caller decides, per file, with IncludeHeader). Records the format
// cannot represent are left out and returned.
func (f *Formatter) Append(dst []byte, recs []*record.Record, header bool) ([]byte, []BadRecord) {
	start := len(dst)
	var bad []BadRecord
	switch f.opt.Format {
	case JSON:
		dst = f.appendJSONArray(dst, recs)
	case LDJSON:
		dst = f.appendLDJSON(dst, recs)
	case Raw:
		dst, bad = f.appendRaw(dst, recs)
	default:
		dst = f.csv.append(dst, recs, header && f.opt.IncludeHeader)
	}
	if len(dst) > start {
		dst = append(dst, f.opt.LineDelimiter...)
	}
	return dst, bad
}

// Format returns the formatted records as a string (tests, small slices).
func (f *Formatter) Format(recs []*record.Record, header bool) (string, []BadRecord) {
	b, bad := f.Append(f.buf[:0], recs, header)
	f.buf = b
	return string(b), bad
}

// AppendRow appends one record as one row of a row-by-row format (ldjson),
// with its line delimiter: the unit of the row-optimised chunking.
func (f *Formatter) AppendRow(dst []byte, r *record.Record) []byte {
	return append(f.appendValue(dst, job.RecordValue(r)), f.opt.LineDelimiter...)
}

func (f *Formatter) appendLDJSON(dst []byte, recs []*record.Record) []byte {
	for i, r := range recs {
		if i > 0 {
			dst = append(dst, f.opt.LineDelimiter...)
		}
		dst = f.appendValue(dst, job.RecordValue(r))
	}
	return dst
}

func (f *Formatter) appendJSONArray(dst []byte, recs []*record.Record) []byte {
	dst = append(dst, '[')
	for i, r := range recs {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = f.appendValue(dst, job.RecordValue(r))
	}
	return append(dst, ']')
}

// appendValue is JSON.stringify(v, fields).
func (f *Formatter) appendValue(dst []byte, v any) []byte {
	if f.fields == nil {
		return record.AppendJSON(dst, v)
	}
	return appendFiltered(dst, v, f.fields)
}

// appendRaw writes each record's `data` field: a string as it is, null or
// missing as an empty line, a number or boolean as JavaScript prints it.
// An object or array has no raw form: the record is bad.
func (f *Formatter) appendRaw(dst []byte, recs []*record.Record) ([]byte, []BadRecord) {
	var bad []BadRecord
	first := true
	for i, r := range recs {
		v, _ := r.Data.Get("data")
		switch v.(type) {
		case *record.Object, []any:
			bad = append(bad, BadRecord{Index: i, Err: job.RecordErr("RAW_DATA",
				"format raw writes the record's \"data\" field, which must be a string, got %s", record.TypeName(v))})
			continue
		}
		if !first {
			dst = append(dst, f.opt.LineDelimiter...)
		}
		first = false
		if !record.IsNil(v) {
			dst = append(dst, record.ToString(v)...)
		}
	}
	return dst, bad
}

// dedup returns fields without repeats (the first one wins), nil if empty.
func dedup(fields []string) []string {
	if len(fields) == 0 {
		return nil
	}
	out := make([]string, 0, len(fields))
	for _, f := range fields {
		if !slices.Contains(out, f) {
			out = append(out, f)
		}
	}
	return out
}

// appendFiltered is JSON.stringify with a replacer array: every object, at
// any depth, keeps only the keys in fields, in the order of fields.
func appendFiltered(dst []byte, v any, fields []string) []byte {
	switch x := v.(type) {
	case *record.Object:
		return appendFilteredObject(dst, x, fields)
	case []any:
		dst = append(dst, '[')
		for i, e := range x {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = appendFiltered(dst, e, fields)
		}
		return append(dst, ']')
	}
	return record.AppendJSON(dst, v)
}

func appendFilteredObject(dst []byte, o *record.Object, fields []string) []byte {
	dst = append(dst, '{')
	n := 0
	for _, k := range fields {
		v, ok := o.Get(k)
		if !ok || v == record.Undefined {
			continue
		}
		if n > 0 {
			dst = append(dst, ',')
		}
		n++
		dst = record.AppendString(dst, k)
		dst = append(dst, ':')
		dst = appendFiltered(dst, v, fields)
	}
	return append(dst, '}')
}
