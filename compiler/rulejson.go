package compiler

import (
	"github.com/sluice-dev/sluice/lang/diag"
	"github.com/sluice-dev/sluice/record"
)

// pointSpan is a one-character span at i, clamped to the source.
func pointSpan(src *diag.Source, i int) diag.Span {
	n := len(src.Text)
	i = min(i, n)
	return diag.Span{Src: src, Start: i, End: min(i+1, n)}
}

// field is one top-level key of a rule line with the spans of its key and
// value in the rule file.
type field struct {
	key      string
	keySpan  diag.Span
	valSpan  diag.Span
	isString bool // the value is a JSON string literal (escape-aware mapping)
}

// parseRuleLine decodes a JSON object written on one line, recording the
// position of every top-level key and value. text is src's text up to the
// end of the line (shared, never copied: a copy per line would make loading
// quadratic); start is the line's offset in it.
func parseRuleLine(src *diag.Source, text string, start, end int) (*record.Object, map[string]*field, *diag.Diagnostic) {
	obj := record.NewObject(8)
	fields := map[string]*field{}
	i := skipWS(text, start)
	if i >= end || text[i] != '{' {
		return nil, nil, diag.New(CodeJSON, pointSpan(src, i), "expected '{' to start a JSON rule")
	}
	i = skipWS(text, i+1)
	if i < end && text[i] == '}' {
		return obj, fields, trailing(src, text, i+1, end)
	}
	for {
		f, v, next, d := parseMember(src, text, i, end)
		if d != nil {
			return nil, nil, d
		}
		obj.Set(f.key, v)
		fields[f.key] = f
		i = skipWS(text, next)
		if i < end && text[i] == ',' {
			i = skipWS(text, i+1)
			continue
		}
		if i < end && text[i] == '}' {
			return obj, fields, trailing(src, text, i+1, end)
		}
		return nil, nil, diag.New(CodeJSON, pointSpan(src, i), "expected ',' or '}' after a rule key's value")
	}
}

func parseMember(src *diag.Source, text string, i, end int) (*field, any, int, *diag.Diagnostic) {
	if i >= end || text[i] != '"' {
		return nil, nil, i, diag.New(CodeJSON, pointSpan(src, i), "expected a quoted key")
	}
	k, kend, err := record.ParseValueAt(text[:end], i)
	if err != nil {
		return nil, nil, i, jsonDiag(src, err, i)
	}
	f := &field{key: k.(string), keySpan: diag.Span{Src: src, Start: i, End: kend}}
	j := skipWS(text, kend)
	if j >= end || text[j] != ':' {
		return nil, nil, j, diag.New(CodeJSON, pointSpan(src, j), "expected ':' after key %q", f.key)
	}
	vstart := skipWS(text, j+1)
	v, vend, err := record.ParseValueAt(text[:end], vstart)
	if err != nil {
		return nil, nil, vstart, jsonDiag(src, err, vstart)
	}
	f.valSpan = diag.Span{Src: src, Start: vstart, End: vend}
	f.isString = vstart < end && text[vstart] == '"'
	return f, v, vend, nil
}

func jsonDiag(src *diag.Source, err error, at int) *diag.Diagnostic {
	off := at
	if se, ok := err.(*record.SyntaxError); ok {
		off = se.Offset
		return diag.New(CodeJSON, pointSpan(src, off), "invalid JSON: %s", se.Msg)
	}
	return diag.New(CodeJSON, pointSpan(src, off), "invalid JSON: %v", err)
}

func trailing(src *diag.Source, text string, i, end int) *diag.Diagnostic {
	if j := skipWS(text, i); j < end {
		return diag.New(CodeJSON, diag.Span{Src: src, Start: j, End: end},
			"unexpected text after the rule object (comments must be on their own line)")
	}
	return nil
}

func skipWS(s string, i int) int {
	for i < len(s) && (s[i] == ' ' || s[i] == '\t' || s[i] == '\r' || s[i] == '\n') {
		i++
	}
	return i
}

// stringOffset maps a byte offset inside the decoded value of a JSON string
// literal starting at lit back to the byte offset in the source text,
// accounting for escapes (one decoded character may come from \uXXXX).
func stringOffset(text []byte, lit, decoded int) int {
	i := lit + 1
	n := 0
	for i < len(text) && text[i] != '"' {
		if n >= decoded {
			return i
		}
		if text[i] != '\\' {
			i++
			n++
			continue
		}
		width := escapeWidth(text, i)
		n += decodedWidth(text, i)
		i += width
	}
	return i
}

func escapeWidth(text []byte, i int) int {
	if i+1 < len(text) && text[i+1] == 'u' {
		if i+11 < len(text) && text[i+6] == '\\' && text[i+7] == 'u' && isHighSurrogate(text[i+2:i+6]) {
			return 12
		}
		return 6
	}
	return 2
}

// decodedWidth is the UTF-8 length of the character an escape produces.
func decodedWidth(text []byte, i int) int {
	if i+1 >= len(text) || text[i+1] != 'u' {
		return 1
	}
	if escapeWidth(text, i) == 12 {
		return 4
	}
	var r rune
	for _, c := range text[i+2 : min(i+6, len(text))] {
		r = r<<4 | rune(hexVal(c))
	}
	switch {
	case r < 0x80:
		return 1
	case r < 0x800:
		return 2
	}
	return 3
}

func isHighSurrogate(h []byte) bool {
	var r rune
	for _, c := range h {
		r = r<<4 | rune(hexVal(c))
	}
	return r >= 0xd800 && r < 0xdc00
}

func hexVal(c byte) int {
	switch {
	case c >= '0' && c <= '9':
		return int(c - '0')
	case c >= 'a' && c <= 'f':
		return int(c-'a') + 10
	case c >= 'A' && c <= 'F':
		return int(c-'A') + 10
	}
	return 0
}
