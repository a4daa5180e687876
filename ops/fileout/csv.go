package fileout

import (
	"bytes"
	"slices"
	"strings"

	"github.com/sluice-dev/sluice/job"
	"github.com/sluice-dev/sluice/record"
)

// csvWriter is json2csv 5.0.7's parse as the reference's Formatter calls it
// (spec 8.7): strings always double-quoted with inner quotes doubled,
// numbers and booleans bare, null and missing values empty, objects and
// arrays as quoted JSON; rows whose cells are all empty are left out.
type csvWriter struct {
	delim  string
	eol    string
	fields []string      // nil: the union of the records' keys
	paths  []record.Path // one per field
}

func newCSVWriter(opt FormatOptions, fields []string) csvWriter {
	w := csvWriter{delim: opt.FieldDelimiter, eol: opt.LineDelimiter, fields: fields}
	if w.delim == "" {
		w.delim = ","
		if opt.Format == TSV {
			w.delim = "\t"
		}
	}
	if w.eol == "" {
		w.eol = "\n" // json2csv's `eol || os.EOL`
	}
	w.paths = compilePaths(fields)
	return w
}

func compilePaths(fields []string) []record.Path {
	paths := make([]record.Path, len(fields))
	for i, f := range fields {
		paths[i] = record.ParsePath(f)
	}
	return paths
}

// append writes the optional header and the rows, joined by the eol.
func (w *csvWriter) append(dst []byte, recs []*record.Record, header bool) []byte {
	fields, paths := w.fields, w.paths
	if fields == nil {
		fields = unionKeys(recs)
		paths = compilePaths(fields)
	}
	start := len(dst)
	if header && len(fields) > 0 {
		dst = w.appendHeader(dst, fields)
	}
	for _, r := range recs {
		dst = w.appendRow(dst, r, paths, len(dst) > start)
	}
	return dst
}

func (w *csvWriter) appendHeader(dst []byte, fields []string) []byte {
	for i, f := range fields {
		if i > 0 {
			dst = append(dst, w.delim...)
		}
		dst = appendQuoted(dst, f)
	}
	return dst
}

// appendRow writes one row, preceded by the eol when something (the header
// or an earlier row) is already written; a row of empty cells is dropped.
func (w *csvWriter) appendRow(dst []byte, r *record.Record, paths []record.Path, sep bool) []byte {
	mark := len(dst)
	if sep {
		dst = append(dst, w.eol...)
	}
	filled := false
	data := job.RecordValue(r)
	for i, p := range paths {
		if i > 0 {
			dst = append(dst, w.delim...)
		}
		v, ok := p.GetValue(data)
		if ok && !record.IsNil(v) {
			dst = appendCell(dst, v)
			filled = true
		}
	}
	if !filled {
		return dst[:mark]
	}
	return dst
}

// appendCell is json2csv's processValue for a present, non-null value.
func appendCell(dst []byte, v any) []byte {
	switch x := v.(type) {
	case bool:
		if x {
			return append(dst, "true"...)
		}
		return append(dst, "false"...)
	case float64:
		return append(dst, record.FormatNumber(x)...)
	case string:
		return appendQuoted(dst, x)
	}
	return appendQuotedBytes(dst, record.AppendJSON(nil, v))
}

func appendQuoted(dst []byte, s string) []byte {
	dst = append(dst, '"')
	for {
		i := strings.IndexByte(s, '"')
		if i < 0 {
			break
		}
		dst = append(dst, s[:i+1]...)
		dst = append(dst, '"')
		s = s[i+1:]
	}
	dst = append(dst, s...)
	return append(dst, '"')
}

func appendQuotedBytes(dst, b []byte) []byte {
	dst = append(dst, '"')
	for {
		i := bytes.IndexByte(b, '"')
		if i < 0 {
			break
		}
		dst = append(dst, b[:i+1]...)
		dst = append(dst, '"')
		b = b[i+1:]
	}
	dst = append(dst, b...)
	return append(dst, '"')
}

// unionKeys is the column list json2csv infers: every key of every record,
// in first-seen order.
func unionKeys(recs []*record.Record) []string {
	var keys []string
	seen := map[string]bool{}
	for _, r := range recs {
		o, ok := job.RecordValue(r).(*record.Object)
		if !ok {
			continue
		}
		for i := 0; i < o.Len(); i++ {
			k, v := o.At(i)
			if !seen[k] && v != record.Undefined {
				seen[k] = true
				keys = append(keys, k)
			}
		}
	}
	return slices.Clip(keys)
}
