package diag

import (
	"sort"
	"sync"
	"unicode/utf8"
)

// Source is a named text whose positions diagnostics refer to.
type Source struct {
	Name string
	Text []byte

	once  sync.Once
	lines []int // byte offset of the start of each line
}

// NewSource returns a Source for text called name.
func NewSource(name string, text []byte) *Source {
	return &Source{Name: name, Text: text}
}

func (s *Source) lineStarts() []int {
	s.once.Do(func() {
		s.lines = append(s.lines, 0)
		for i, c := range s.Text {
			if c == '\n' {
				s.lines = append(s.lines, i+1)
			}
		}
	})
	return s.lines
}

// Position is a 1-based line and column; the column counts characters (runes).
type Position struct {
	Line, Col int
}

// Position converts a byte offset into a line and column. Offsets past the
// end are clamped to the end of the text.
func (s *Source) Position(off int) Position {
	if off < 0 {
		off = 0
	}
	if off > len(s.Text) {
		off = len(s.Text)
	}
	starts := s.lineStarts()
	i := sort.Search(len(starts), func(i int) bool { return starts[i] > off }) - 1
	col := utf8.RuneCount(s.Text[starts[i]:off]) + 1
	return Position{Line: i + 1, Col: col}
}

// Line returns the text of the 1-based line n without its line terminator.
func (s *Source) Line(n int) string {
	start, end := s.lineBounds(n)
	return string(s.Text[start:end])
}

// lineBounds returns the byte range of the 1-based line n without its line
// terminator.
func (s *Source) lineBounds(n int) (int, int) {
	starts := s.lineStarts()
	if n < 1 || n > len(starts) {
		return len(s.Text), len(s.Text)
	}
	end := len(s.Text)
	if n < len(starts) {
		end = starts[n] - 1
	}
	if end > starts[n-1] && s.Text[end-1] == '\r' {
		end--
	}
	return starts[n-1], end
}

// LineCount is the number of lines of the text.
func (s *Source) LineCount() int { return len(s.lineStarts()) }

// LineStart returns the byte offset at which the 1-based line n starts.
func (s *Source) LineStart(n int) int {
	starts := s.lineStarts()
	if n < 1 {
		return 0
	}
	if n > len(starts) {
		return len(s.Text)
	}
	return starts[n-1]
}
