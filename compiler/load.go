package compiler

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/sluice-dev/sluice/lang/diag"
	"github.com/sluice-dev/sluice/record"
)

// Rule is one rule of a rule file, as loaded and then normalised.
type Rule struct {
	ID   int // load order across all files (the reference's __id)
	Src  *diag.Source
	Line int
	Span diag.Span // the rule's text on its line
	Obj  *record.Object
	Bare bool // written as a bare selector line

	fields map[string]*field
	class  class
	tags   []string

	// set while expanding post-process rules
	pipeline    string
	hasPipeline bool
	sources     []string
	copyOf      *Rule // for clones of one-to-one ops: the rule written in the file
}

// Pos renders the rule's location as file:line.
func (r *Rule) Pos() string { return fmt.Sprintf("%s:%d", r.Src.Name, r.Line) }

func (r *Rule) has(key string) bool { return r.Obj.Has(key) }

func (r *Rule) get(key string) any {
	v, _ := r.Obj.Get(key)
	return v
}

func (r *Rule) str(key string) string {
	s, _ := r.get(key).(string)
	return s
}

func (r *Rule) truthy(key string) bool { return record.Truthy(r.get(key)) }

// keySpan is the span of key (or of the whole rule when the key is not in the file).
func (r *Rule) keySpan(key string) diag.Span {
	if f, ok := r.fields[key]; ok {
		return f.keySpan
	}
	return r.Span
}

// valSpan is the span of key's value (or of the rule).
func (r *Rule) valSpan(key string) diag.Span {
	if f, ok := r.fields[key]; ok {
		return f.valSpan
	}
	return r.Span
}

// innerSpan maps a byte range inside key's decoded string value to the rule
// file; for a bare selector line the value is the line itself.
func (r *Rule) innerSpan(key string, start, end int) diag.Span {
	if r.Bare && key == "selector" {
		return diag.Span{Src: r.Src, Start: r.Span.Start + start, End: r.Span.Start + end}
	}
	f, ok := r.fields[key]
	if !ok || !f.isString {
		return r.valSpan(key)
	}
	s := stringOffset(r.Src.Text, f.valSpan.Start, start)
	e := stringOffset(r.Src.Text, f.valSpan.Start, end)
	if e <= s {
		e = s + 1
	}
	return diag.Span{Src: r.Src, Start: s, End: e}
}

// load splits a source into rules: lines split on LF, CRLF or CR, trimmed
// with JavaScript white space; empty and # lines skipped; lines not starting
// with { are bare selectors.
func load(src *diag.Source, firstID int, diags *diag.List) []*Rule {
	var rules []*Rule
	text := src.Text
	str := string(text) // one copy: rule values are substrings of it
	line, start := 1, 0
	for start <= len(text) {
		end, next := lineEnd(text, start)
		s, e := trimSpan(text, start, end)
		if s < e && text[s] != '#' {
			r := loadLine(src, str, line, s, e, diags)
			if r != nil {
				r.ID = firstID + len(rules)
				rules = append(rules, r)
			}
		}
		if next > len(text) {
			break
		}
		line++
		start = next
	}
	return rules
}

func loadLine(src *diag.Source, text string, line, s, e int, diags *diag.List) *Rule {
	r := &Rule{Src: src, Line: line, Span: diag.Span{Src: src, Start: s, End: e}}
	if src.Text[s] != '{' {
		r.Bare = true
		r.Obj = record.NewObject(1)
		r.Obj.Set("selector", text[s:e])
		return r
	}
	obj, fields, d := parseRuleLine(src, text[:e], s, e)
	if d != nil {
		diags.Add(d)
		return nil
	}
	r.Obj, r.fields = obj, fields
	return r
}

// lineEnd returns the end of the line starting at i and the start of the next.
func lineEnd(text []byte, i int) (int, int) {
	for j := i; j < len(text); j++ {
		switch text[j] {
		case '\n':
			return j, j + 1
		case '\r':
			if j+1 < len(text) && text[j+1] == '\n' {
				return j, j + 2
			}
			return j, j + 1
		}
	}
	return len(text), len(text) + 1
}

// trimSpan trims JavaScript white space (including a BOM) from text[s:e].
func trimSpan(text []byte, s, e int) (int, int) {
	for s < e {
		r, n := utf8.DecodeRune(text[s:e])
		if !record.IsJSSpace(r) {
			break
		}
		s += n
	}
	for e > s {
		r, n := utf8.DecodeLastRune(text[s:e])
		if !record.IsJSSpace(r) {
			break
		}
		e -= n
	}
	return s, e
}

// SourceText builds a Source from notification_rules style inline text.
func SourceText(name, text string) *diag.Source {
	return diag.NewSource(name, []byte(strings.ReplaceAll(text, "\x00", "")))
}
