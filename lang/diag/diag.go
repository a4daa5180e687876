package diag

import "fmt"

// Severity orders diagnostics by how serious they are.
type Severity uint8

const (
	// Error stops compilation.
	Error Severity = iota
	// Warning is reported but does not stop compilation.
	Warning
	// Info is a hint.
	Info
)

func (s Severity) String() string {
	switch s {
	case Error:
		return "error"
	case Warning:
		return "warning"
	default:
		return "info"
	}
}

// Span is a half-open byte range [Start, End) in a Source.
type Span struct {
	Src        *Source
	Start, End int
}

// Valid reports whether the span refers to a source and lies inside it.
func (s Span) Valid() bool {
	return s.Src != nil && s.Start >= 0 && s.End >= s.Start && s.End <= len(s.Src.Text)
}

// Pos is the position of the start of the span.
func (s Span) Pos() Position {
	if s.Src == nil {
		return Position{}
	}
	return s.Src.Position(s.Start)
}

// String renders the span as file:line:col.
func (s Span) String() string {
	if s.Src == nil {
		return "<unknown>"
	}
	p := s.Pos()
	return fmt.Sprintf("%s:%d:%d", s.Src.Name, p.Line, p.Col)
}

// Related is a secondary location attached to a diagnostic.
type Related struct {
	Span Span
	Msg  string
}

// Diagnostic is one problem found in a source.
type Diagnostic struct {
	Code     string // stable code, e.g. "SEL001"
	Severity Severity
	Span     Span
	Msg      string
	Notes    []string
	Related  []Related
}

// Error implements error with the one-line form "file:line:col: CODE message".
func (d *Diagnostic) Error() string {
	return fmt.Sprintf("%s: %s %s", d.Span, d.Code, d.Msg)
}

// New returns an error-severity diagnostic.
func New(code string, span Span, format string, args ...any) *Diagnostic {
	return &Diagnostic{Code: code, Severity: Error, Span: span, Msg: fmt.Sprintf(format, args...)}
}

// Warn returns a warning diagnostic.
func Warn(code string, span Span, format string, args ...any) *Diagnostic {
	d := New(code, span, format, args...)
	d.Severity = Warning
	return d
}

// WithNote appends a note and returns d.
func (d *Diagnostic) WithNote(format string, args ...any) *Diagnostic {
	d.Notes = append(d.Notes, fmt.Sprintf(format, args...))
	return d
}
