package job

import (
	"strconv"
	"strings"

	"github.com/sluice-dev/sluice/lang/diag"
	"github.com/sluice-dev/sluice/record"
)

// Spans locates the parts of a JSON document: for every value, addressed by
// its JSON pointer ("/operations/1/size"), the span of the value and, for
// object members, the span of the key.
type Spans struct {
	src  *diag.Source
	vals map[string]diag.Span
	keys map[string]diag.Span
	dups []string // pointers of duplicate keys (the last one wins)
}

// Value is the span of the value at ptr; an unknown pointer falls back to the
// nearest enclosing value that has a span.
func (s *Spans) Value(ptr string) diag.Span {
	if s == nil {
		return diag.Span{}
	}
	for {
		if sp, ok := s.vals[ptr]; ok {
			return sp
		}
		if ptr == "" {
			return diag.Span{Src: s.src}
		}
		ptr = parentPointer(ptr)
	}
}

// Key is the span of the key of the member at ptr, or of the value when the
// pointer names an array element or an unknown member.
func (s *Spans) Key(ptr string) diag.Span {
	if s != nil {
		if sp, ok := s.keys[ptr]; ok {
			return sp
		}
	}
	return s.Value(ptr)
}

// Source is the document the spans refer to.
func (s *Spans) Source() *diag.Source { return s.src }

func parentPointer(ptr string) string {
	if i := strings.LastIndexByte(ptr, '/'); i >= 0 {
		return ptr[:i]
	}
	return ""
}

// Pointer appends one reference token to a JSON pointer (RFC 6901 escapes).
func Pointer(base string, token any) string {
	switch t := token.(type) {
	case int:
		return base + "/" + strconv.Itoa(t)
	case string:
		t = strings.ReplaceAll(t, "~", "~0")
		return base + "/" + strings.ReplaceAll(t, "/", "~1")
	}
	return base
}

// ParseDocument decodes a JSON document into record values (objects keep key
// order) and records the span of every value and key.
func ParseDocument(src *diag.Source) (any, *Spans, *diag.Diagnostic) {
	p := &posParser{text: string(src.Text), spans: &Spans{src: src, vals: map[string]diag.Span{}, keys: map[string]diag.Span{}}}
	v, err := p.value("", 0)
	if err == nil {
		if i := skipSpace(p.text, p.end); i < len(p.text) {
			err = p.fail(i, "unexpected text after the JSON document")
		}
	}
	if err != nil {
		return nil, p.spans, err
	}
	return v, p.spans, nil
}

type posParser struct {
	text  string
	spans *Spans
	end   int // offset just past the last parsed value
	depth int
}

const maxJSONDepth = 512

func (p *posParser) fail(i int, format string, args ...any) *diag.Diagnostic {
	i = min(i, len(p.text))
	return diag.New(CodeJSON, diag.Span{Src: p.spans.src, Start: i, End: min(i+1, len(p.text))}, format, args...)
}

func (p *posParser) value(ptr string, i int) (any, *diag.Diagnostic) {
	i = skipSpace(p.text, i)
	if i >= len(p.text) {
		return nil, p.fail(i, "unexpected end of the JSON document")
	}
	var v any
	var err *diag.Diagnostic
	start := i
	switch p.text[i] {
	case '{':
		v, err = p.object(ptr, i)
	case '[':
		v, err = p.array(ptr, i)
	default:
		v, err = p.scalar(i)
	}
	if err != nil {
		return nil, err
	}
	p.spans.vals[ptr] = diag.Span{Src: p.spans.src, Start: start, End: p.end}
	return v, nil
}

func (p *posParser) scalar(i int) (any, *diag.Diagnostic) {
	v, end, err := record.ParseValueAt(p.text, i)
	if err != nil {
		off := i
		if se, ok := err.(*record.SyntaxError); ok {
			off = se.Offset
			return nil, p.fail(off, "invalid JSON: %s", se.Msg)
		}
		return nil, p.fail(off, "invalid JSON: %v", err)
	}
	p.end = end
	return v, nil
}

func (p *posParser) enter(i int) *diag.Diagnostic {
	p.depth++
	if p.depth > maxJSONDepth {
		return p.fail(i, "JSON nested deeper than %d levels", maxJSONDepth)
	}
	return nil
}

func (p *posParser) object(ptr string, i int) (any, *diag.Diagnostic) {
	if err := p.enter(i); err != nil {
		return nil, err
	}
	defer func() { p.depth-- }()
	obj := record.NewObject(8)
	i = skipSpace(p.text, i+1)
	if i < len(p.text) && p.text[i] == '}' {
		p.end = i + 1
		return obj, nil
	}
	for {
		next, err := p.member(obj, ptr, i)
		if err != nil {
			return nil, err
		}
		i = skipSpace(p.text, next)
		if i < len(p.text) && p.text[i] == ',' {
			i = skipSpace(p.text, i+1)
			continue
		}
		if i < len(p.text) && p.text[i] == '}' {
			p.end = i + 1
			return obj, nil
		}
		return nil, p.fail(i, "expected ',' or '}' after an object member")
	}
}

func (p *posParser) member(obj *record.Object, ptr string, i int) (int, *diag.Diagnostic) {
	if i >= len(p.text) || p.text[i] != '"' {
		return i, p.fail(i, "expected a quoted key")
	}
	k, kend, err := record.ParseValueAt(p.text, i)
	if err != nil {
		return i, p.fail(i, "invalid JSON key: %v", err)
	}
	key := k.(string)
	mptr := Pointer(ptr, key)
	if obj.Has(key) {
		p.spans.dups = append(p.spans.dups, mptr)
	}
	p.spans.keys[mptr] = diag.Span{Src: p.spans.src, Start: i, End: kend}
	j := skipSpace(p.text, kend)
	if j >= len(p.text) || p.text[j] != ':' {
		return j, p.fail(j, "expected ':' after key %q", key)
	}
	v, verr := p.value(mptr, j+1)
	if verr != nil {
		return j, verr
	}
	obj.Set(key, v)
	return p.end, nil
}

func (p *posParser) array(ptr string, i int) (any, *diag.Diagnostic) {
	if err := p.enter(i); err != nil {
		return nil, err
	}
	defer func() { p.depth-- }()
	arr := []any{}
	i = skipSpace(p.text, i+1)
	if i < len(p.text) && p.text[i] == ']' {
		p.end = i + 1
		return arr, nil
	}
	for {
		v, err := p.value(Pointer(ptr, len(arr)), i)
		if err != nil {
			return nil, err
		}
		arr = append(arr, v)
		i = skipSpace(p.text, p.end)
		if i < len(p.text) && p.text[i] == ',' {
			i++
			continue
		}
		if i < len(p.text) && p.text[i] == ']' {
			p.end = i + 1
			return arr, nil
		}
		return nil, p.fail(i, "expected ',' or ']' after an array element")
	}
}

func skipSpace(s string, i int) int {
	for i < len(s) && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r') {
		i++
	}
	return i
}
