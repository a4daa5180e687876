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
	fmt.Fprintf(w, "%s: %s%s %s\n", d.Span, sev, d.Code, d.Msg)
	if d.Span.Valid() {
		writeSnippet(w, d.Span)
	}
	for _, n := range d.Notes {
		fmt.Fprintf(w, "    note: %s\n", n)
	}
	for _, r := range d.Related {
		fmt.Fprintf(w, "    %s: %s\n", r.Span, r.Msg)
	}
}

func writeSnippet(w io.Writer, s Span) {
	p := s.Pos()
	line := s.Src.Line(p.Line)
	fmt.Fprintf(w, "    %s\n", strings.ReplaceAll(line, "\t", " "))
	width := caretWidth(s, p, line)
	fmt.Fprintf(w, "    %s%s\n", strings.Repeat(" ", p.Col-1), strings.Repeat("^", width))
}

// caretWidth is the number of characters the span covers on its first line
// (at least one).
func caretWidth(s Span, p Position, line string) int {
	lineStart := s.Src.LineStart(p.Line)
	end := s.End
	if lim := lineStart + len(line); end > lim {
		end = lim
	}
	if end <= s.Start {
		return 1
	}
	return utf8.RuneCount(s.Src.Text[s.Start:end])
}
