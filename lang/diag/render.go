package diag

import (
	"fmt"
	"io"
	"strings"
	"unicode/utf8"
)

// Render writes every diagnostic of l in the long form: the one-line header,
// the source line, a caret line under the span, then notes and related
// locations. A trailing summary counts dropped diagnostics.
func Render(w io.Writer, l *List) {
	for _, d := range l.Items {
		RenderOne(w, d)
	}
	if l.Dropped > 0 {
		fmt.Fprintf(w, "... and %d more diagnostics\n", l.Dropped)
	}
}

// RenderOne writes d in the long form.
func RenderOne(w io.Writer, d *Diagnostic) {
	sev := ""
	if d.Severity != Error {
		sev = d.Severity.String() + ": "
	}
	fmt.Fprintf(w, "%s: %s%s %s\n", d.Span, sev, d.Code, clipMessage(d.Msg))
	if d.Span.Valid() {
		writeSnippet(w, d.Span)
	}
	for _, n := range d.Notes {
		fmt.Fprintf(w, "    note: %s\n", clipMessage(n))
	}
	for _, r := range d.Related {
		fmt.Fprintf(w, "    %s: %s\n", r.Span, clipMessage(r.Msg))
	}
}

// ExcerptWidth bounds the source excerpt under a diagnostic: about this
// many bytes around the start of the span, so one error on a 10 MB line
// prints a line of a terminal, not the 10 MB.
const ExcerptWidth = 200

// MessageWidth bounds the message and notes of a diagnostic, which may
// quote values taken from the input.
const MessageWidth = 1000

func writeSnippet(w io.Writer, s Span) {
	ls, le := s.Src.lineBounds(s.Pos().Line)
	from := max(ls, s.Start-ExcerptWidth/2)
	to := min(le, from+ExcerptWidth)
	from, to = runeStart(s.Src.Text, from, ls), runeStart(s.Src.Text, to, ls)
	var line, carets strings.Builder
	if from > ls {
		line.WriteString("...")
		carets.WriteString("   ")
	}
	start := min(max(s.Start, from), to)
	end := min(max(s.End, start+1), to)
	writeEscaped(&line, s.Src.Text[from:start], &carets, ' ')
	n := line.Len()
	writeEscaped(&line, s.Src.Text[start:end], &carets, '^')
	if line.Len() == n { // an empty span or one at the end of the line
		carets.WriteByte('^')
	}
	line.Write(escapeBytes(s.Src.Text[end:to]))
	if to < le {
		line.WriteString("...")
	}
	fmt.Fprintf(w, "    %s\n    %s\n", line.String(), carets.String())
}

// writeEscaped writes text escaped to line and one mark per character
// written to marks.
func writeEscaped(line *strings.Builder, text []byte, marks *strings.Builder, mark byte) {
	e := escapeBytes(text)
	line.Write(e)
	for range utf8.RuneCount(e) {
		marks.WriteByte(mark)
	}
}

// escapeBytes shows text on one terminal line: a tab as a space, other
// control characters and invalid UTF-8 as \xNN.
func escapeBytes(text []byte) []byte {
	out := make([]byte, 0, len(text))
	for i := 0; i < len(text); {
		r, n := utf8.DecodeRune(text[i:])
		switch {
		case r == '\t':
			out = append(out, ' ')
		case r < 0x20 || r == 0x7f || r == utf8.RuneError && n == 1 || r >= 0x80 && r < 0xa0:
			for _, b := range text[i : i+n] {
				out = fmt.Appendf(out, "\\x%02x", b)
			}
		default:
			out = append(out, text[i:i+n]...)
		}
		i += n
	}
	return out
}

// clipMessage bounds a message and escapes its control characters.
func clipMessage(m string) string {
	if len(m) <= MessageWidth && !hasControl(m) {
		return m
	}
	cut := min(len(m), MessageWidth)
	for cut > 0 && cut < len(m) && !utf8.RuneStart(m[cut]) {
		cut--
	}
	out := string(escapeBytes([]byte(m[:cut])))
	if cut < len(m) {
		out += fmt.Sprintf("... (%d more bytes)", len(m)-cut)
	}
	return out
}

func hasControl(m string) bool {
	for i := 0; i < len(m); i++ {
		if m[i] < 0x20 || m[i] == 0x7f {
			return true
		}
	}
	return !utf8.ValidString(m)
}

// runeStart moves i back to the start of the rune it falls in (not before lo).
func runeStart(text []byte, i, lo int) int {
	for i > lo && i < len(text) && !utf8.RuneStart(text[i]) {
		i--
	}
	return i
}
