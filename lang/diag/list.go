package diag

import (
	"sort"
	"strings"
)

// DefaultCap is the number of diagnostics a List keeps before it starts
// counting the rest as dropped.
const DefaultCap = 200

// List accumulates diagnostics in the order they were found.
type List struct {
	Items   []*Diagnostic
	Cap     int // 0 means DefaultCap
	Dropped int // diagnostics beyond Cap
}

// Add appends d (nil is ignored).
func (l *List) Add(d *Diagnostic) {
	if d == nil {
		return
	}
	limit := l.Cap
	if limit == 0 {
		limit = DefaultCap
	}
	if len(l.Items) >= limit {
		l.Dropped++
		return
	}
	l.Items = append(l.Items, d)
}

// Append adds every diagnostic of other.
func (l *List) Append(other *List) {
	if other == nil {
		return
	}
	for _, d := range other.Items {
		l.Add(d)
	}
	l.Dropped += other.Dropped
}

// Len is the number of kept diagnostics.
func (l *List) Len() int { return len(l.Items) }

// HasErrors reports whether any diagnostic is an error.
func (l *List) HasErrors() bool {
	for _, d := range l.Items {
		if d.Severity == Error {
			return true
		}
	}
	return false
}

// Sort orders diagnostics by file, offset, severity and code.
func (l *List) Sort() {
	sort.SliceStable(l.Items, func(i, j int) bool {
		a, b := l.Items[i], l.Items[j]
		an, bn := srcName(a.Span), srcName(b.Span)
		if an != bn {
			return an < bn
		}
		if a.Span.Start != b.Span.Start {
			return a.Span.Start < b.Span.Start
		}
		if a.Severity != b.Severity {
			return a.Severity < b.Severity
		}
		return a.Code < b.Code
	})
}

// Dedup removes diagnostics identical in span, code and message to an earlier
// one. Call it after Sort.
func (l *List) Dedup() {
	out := l.Items[:0]
	for i, d := range l.Items {
		if i > 0 {
			p := out[len(out)-1]
			if p.Span == d.Span && p.Code == d.Code && p.Msg == d.Msg {
				continue
			}
		}
		out = append(out, d)
	}
	l.Items = out
}

// Err returns the list as an error when it holds any error, else nil.
func (l *List) Err() error {
	if l.HasErrors() {
		return l
	}
	return nil
}

// Error renders every diagnostic on its own line (one-line form).
func (l *List) Error() string {
	var b strings.Builder
	for i, d := range l.Items {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(d.Error())
	}
	return b.String()
}

func srcName(s Span) string {
	if s.Src == nil {
		return ""
	}
	return s.Src.Name
}
