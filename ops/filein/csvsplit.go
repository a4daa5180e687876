package filein

import (
	"strings"
	"unicode/utf8"

	"github.com/sluice-dev/sluice/record"
)

// splitter cuts one csv line into cells: a port of csvtojson 2.0.14's
// RowSplit (the parser the reference reads csv/tsv with), for a single
// line. A quoted cell may hold the delimiter and doubled (escaped) quotes;
// a cell that does not start with a quote is taken as it is. A quote left
// open at the end of the line makes the line unreadable (the reference
// parses every line on its own, so a quoted field cannot span lines).
type splitter struct {
	delim  string
	quote  string // "" : quotes are not special ("off")
	escape string
	trim   bool
}

// split returns the cells of line, or ok=false when a quote is left open.
func (p *splitter) split(line string) (cells []string, ok bool) {
	parts := strings.Split(line, p.delim)
	if p.quote == "" {
		if p.trim {
			for i := range parts {
				parts[i] = trimJS(parts[i])
			}
		}
		return parts, true
	}
	return p.quoted(parts)
}

func (p *splitter) quoted(parts []string) ([]string, bool) {
	cells := make([]string, 0, len(parts))
	inQuote := false
	var buf strings.Builder
	for _, e := range parts {
		if inQuote {
			if !p.isClose(e) {
				buf.WriteString(p.delim + e)
				continue
			}
			inQuote = false
			buf.WriteString(p.delim + dropLastRune(e))
			cells = append(cells, p.trimEnd(p.unescape(buf.String())))
			buf.Reset()
			continue
		}
		cell, open := p.openCell(e)
		if open {
			inQuote = true
			buf.WriteString(cell)
			continue
		}
		cells = append(cells, cell)
	}
	return cells, !inQuote
}

// openCell reads a part outside quotes: the finished cell, or the start of
// a quoted cell that goes on in the next part (open).
func (p *splitter) openCell(e string) (cell string, open bool) {
	if p.trim {
		e = trimStartJS(e)
	}
	switch {
	case e == p.quote+p.quote:
		return "", false
	case !p.isOpen(e):
		return p.trimEnd(e), false
	}
	e = e[len(p.quote):]
	if p.isClose(e) {
		e = p.trimEnd(e)
		return p.unescape(e[:strings.LastIndex(e, p.quote)]), false
	}
	if strings.Contains(e, p.quote) && p.countQuotes(e)%2 == 1 {
		return p.quote + p.trimEnd(e), false
	}
	return e, true
}

// isOpen is csvtojson's isQuoteOpen.
func (p *splitter) isOpen(s string) bool {
	if !strings.HasPrefix(s, p.quote) {
		return false
	}
	rest := s[len(p.quote):]
	if !strings.HasPrefix(rest, p.quote) {
		return true
	}
	if !strings.HasPrefix(rest, p.escape) {
		return false
	}
	after := rest[len(p.escape):]
	return strings.HasPrefix(after, p.quote) || len(rest) == len(p.escape)
}

// isClose is csvtojson's isQuoteClose: the part ends in an odd number of
// quote or escape characters.
func (p *splitter) isClose(s string) bool {
	s = p.trimEnd(s)
	n := 0
	for {
		switch {
		case strings.HasSuffix(s, p.quote):
			s = s[:len(s)-len(p.quote)]
		case p.escape != "" && strings.HasSuffix(s, p.escape):
			s = s[:len(s)-len(p.escape)]
		default:
			return n%2 == 1
		}
		n++
	}
}

// countQuotes counts the quotes of s that do not follow an escape.
func (p *splitter) countQuotes(s string) int {
	n := 0
	prev := ""
	for _, r := range s {
		c := string(r)
		if c == p.quote && prev != p.escape {
			n++
			prev = ""
			continue
		}
		prev = c
	}
	return n
}

func (p *splitter) unescape(s string) string {
	if p.escape == "" {
		return s
	}
	return strings.ReplaceAll(s, p.escape+p.quote, p.quote)
}

func (p *splitter) trimEnd(s string) string {
	if p.trim {
		return trimEndJS(s)
	}
	return s
}

// dropLastRune is JavaScript's s.substr(0, s.length - 1) on a string whose
// last character is not an astral one.
func dropLastRune(s string) string {
	_, n := utf8.DecodeLastRuneInString(s)
	return s[:len(s)-n]
}

func trimJS(s string) string      { return record.TrimJS(s) }
func trimStartJS(s string) string { return strings.TrimLeftFunc(s, record.IsJSSpace) }
func trimEndJS(s string) string   { return strings.TrimRightFunc(s, record.IsJSSpace) }
