package filein

import (
	"fmt"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/sluice-dev/sluice/record"
)

// CSVOptions configure the csv/tsv reader (csvtojson's options as the
// reference sets them, with the extra arguments sluice supports).
type CSVOptions struct {
	// Fields name the columns in file order; a column without a name is
	// field<n> (n from 1).
	Fields    []string
	Delimiter string // between cells; never empty
	// Quote opens and closes a quoted cell (one character); "" turns
	// quoting off. Escape before a quote inside a quoted cell makes it
	// literal (one character; csvtojson's default is the quote itself).
	Quote, Escape string
	IgnoreEmpty   bool // leave empty cells out of the record
	FlatKeys      bool // a dotted field name is a key, not a path
	CheckType     bool // numbers, booleans and JSON cells become values
	NullObject    bool // a "null" cell becomes null
	// RemoveHeader drops header rows: rows whose cells are their column
	// names (in any order).
	RemoveHeader bool
	// FileHeader drops the first line of every file, whatever it holds
	// (include_header: the files start with a header row).
	FileHeader bool
}

type csvParser struct {
	opt   CSVOptions
	split splitter
	names []string // column names so far
}

func newCSVParser(opt CSVOptions) *csvParser {
	return &csvParser{opt: opt, split: splitter{delim: opt.Delimiter, quote: opt.Quote, escape: opt.Escape, trim: true}}
}

// parse turns one line into a record; nil without an error means the line
// is no record (blank, a header, or no values).
func (c *csvParser) parse(line []byte, at int64) (*record.Object, error) {
	if at == 0 && c.opt.FileHeader {
		return nil, nil
	}
	text := validUTF8(line)
	if text == "" || c.opt.IgnoreEmpty && trimJS(text) == "" {
		return nil, nil // a blank line (white space is a cell without IgnoreEmpty, as in the reference)
	}
	cells, ok := c.split.split(text)
	if !ok {
		return nil, &ParseError{Code: CodeCSV, Msg: "a quoted field is not closed on its line (a csv record cannot span lines)"}
	}
	heads, vals := c.columns(cells)
	if len(vals) == 0 || c.opt.RemoveHeader && isHeader(heads, vals) {
		return nil, nil
	}
	return c.object(heads, vals), nil
}

// columns pairs the cells with their column names, leaving out empty cells
// with IgnoreEmpty; values are trimmed (the reference trims every value
// after parsing).
func (c *csvParser) columns(cells []string) (heads, vals []string) {
	heads, vals = make([]string, 0, len(cells)), make([]string, 0, len(cells))
	for i, cell := range cells {
		if c.opt.IgnoreEmpty && cell == "" {
			continue
		}
		heads = append(heads, c.head(i))
		vals = append(vals, trimJS(cell))
	}
	return heads, vals
}

// head is the name of column i: its field, or field<i+1> (made once).
func (c *csvParser) head(i int) string {
	for len(c.names) <= i {
		n := len(c.names)
		name := "field" + strconv.Itoa(n+1)
		if n < len(c.opt.Fields) && c.opt.Fields[n] != "" {
			name = c.opt.Fields[n]
		}
		c.names = append(c.names, name)
	}
	return c.names[i]
}

// isHeader is the reference's header test, the sorted column names equal
// to the sorted values (sorted only when every value is a name).
func isHeader(heads, vals []string) bool {
	for _, v := range vals {
		if !slices.Contains(heads, v) {
			return false
		}
	}
	h, v := slices.Clone(heads), slices.Clone(vals)
	slices.Sort(h)
	slices.Sort(v)
	return slices.Equal(h, v)
}

func (c *csvParser) object(heads, vals []string) *record.Object {
	o := record.NewObject(len(heads))
	for i, h := range heads {
		v := c.value(vals[i])
		if c.opt.FlatKeys || !isPath(h) {
			o.Set(h, v)
			continue
		}
		setPath(o, strings.Split(h, "."), v)
	}
	return o
}

func (c *csvParser) value(s string) any {
	switch {
	case c.opt.NullObject && s == "null":
		return nil
	case c.opt.CheckType:
		return dynamicType(s)
	}
	return s
}

// isPath reports whether a column name is a nested path: it has a dot and
// no empty part (csvtojson sets "a..b" flat).
func isPath(h string) bool {
	return strings.Contains(h, ".") && !slices.Contains(strings.Split(h, "."), "")
}

// setPath sets o.a.b... = v, making objects on the way (a value in the way
// is replaced, as lodash's set does).
func setPath(o *record.Object, path []string, v any) {
	for _, k := range path[:len(path)-1] {
		next, ok := o.Get(k)
		child, isObj := next.(*record.Object)
		if !ok || !isObj {
			child = record.NewObject(1)
			o.Set(k, child)
		}
		o = child
	}
	o.Set(path[len(path)-1], v)
}

var numberCell = regexp.MustCompile(`^[-+]?[0-9]*\.?[0-9]+([eE][-+]?[0-9]+)?$`)

// dynamicType is csvtojson's checkType conversion of a (trimmed) cell.
func dynamicType(s string) any {
	switch {
	case s == "":
		return s
	case numberCell.MatchString(s):
		if f, err := strconv.ParseFloat(s, 64); err == nil && !math.IsInf(f, 0) {
			return f
		}
		return s
	case strings.EqualFold(s, "true"):
		return true
	case strings.EqualFold(s, "false"):
		return false
	case s[0] == '{' && s[len(s)-1] == '}', s[0] == '[' && s[len(s)-1] == ']':
		if v, err := record.ParseJSONString(s); err == nil {
			return v
		}
	}
	return s
}

// ParseError is a record (a line, or a whole json file) that cannot be
// read, with a stable code.
type ParseError struct {
	Code string
	Msg  string
}

func (e *ParseError) Error() string { return e.Msg }

// The codes of ParseError.
const (
	CodeJSON      = "BAD_JSON"      // not JSON
	CodeNotObject = "NOT_AN_OBJECT" // JSON, but not an object (or null)
	CodeCSV       = "BAD_CSV"       // a csv line that cannot be split
)

func badf(code, format string, args ...any) error {
	return &ParseError{Code: code, Msg: fmt.Sprintf(format, args...)}
}
