package jsstr

import (
	"strings"

	"github.com/dlclark/regexp2"

	"github.com/sluice-dev/sluice/internal/jsre"
	"github.com/sluice-dev/sluice/internal/swar"
)

// Match is one match handed to ReplaceExpand.
type Match struct {
	// Start and End are the byte offsets of the whole match in the input.
	Start, End int
	// Groups[0] is the matched text and Groups[k] capture group k ("" when
	// the group did not participate).
	Groups []string
	// Names[k] is the name of group k ("" when unnamed). Nil means the
	// pattern has no named groups, so "$<" is literal.
	Names []string
}

// ReplaceExpand is JavaScript's GetSubstitution: it expands replacement for
// match m of input. $$ is "$", $& the match, $` the text before it, $' the
// text after it, $n / $nn a capture group (1..99; a two-digit reference
// beyond the group count is read as one digit plus a literal digit; a
// reference to a non-existent group stays literal), $<name> a named group
// ("" when absent; literal when the pattern has no named groups).
func ReplaceExpand(m Match, input, replacement string) string {
	return string(appendExpand(nil, m, input, replacement))
}

func appendExpand(b []byte, m Match, input, repl string) []byte {
	for {
		k := strings.IndexByte(repl, '$')
		if k < 0 || k+1 >= len(repl) {
			return append(b, repl...)
		}
		b = append(b, repl[:k]...)
		var n int
		b, n = appendDollar(b, m, input, repl[k:])
		repl = repl[k+n:]
	}
}

// appendDollar expands the "$" sequence at the start of r (len(r) >= 2) and
// returns how many bytes of r it consumed.
func appendDollar(b []byte, m Match, input, r string) ([]byte, int) {
	switch c := r[1]; {
	case c == '$':
		return append(b, '$'), 2
	case c == '&':
		return append(b, input[m.Start:m.End]...), 2
	case c == '`':
		return append(b, input[:m.Start]...), 2
	case c == '\'':
		return append(b, input[m.End:]...), 2
	case isDigit(c):
		return appendGroupRef(b, m, r)
	case c == '<':
		return appendNamedRef(b, m, r)
	}
	return append(b, '$'), 1
}

func appendGroupRef(b []byte, m Match, r string) ([]byte, int) {
	captures := len(m.Groups) - 1
	digits := 1
	index := int(r[1] - '0')
	if len(r) > 2 && isDigit(r[2]) {
		if two := index*10 + int(r[2]-'0'); two <= captures {
			digits, index = 2, two
		}
	}
	if index < 1 || index > captures {
		return append(b, r[:1+digits]...), 1 + digits
	}
	return append(b, m.Groups[index]...), 1 + digits
}

func appendNamedRef(b []byte, m Match, r string) ([]byte, int) {
	gt := strings.IndexByte(r, '>')
	if m.Names == nil || gt < 0 {
		return append(b, "$<"...), 2
	}
	name := r[2:gt]
	for k, n := range m.Names {
		if n == name && k > 0 {
			return append(b, m.Groups[k]...), gt + 1
		}
	}
	return b, gt + 1
}

// ReplaceLiteral is JavaScript's s.replace(search, repl) with a string
// search: only the first occurrence is replaced and the $ patterns of repl
// are still expanded ($1 and $<name> stay literal: there are no groups).
func ReplaceLiteral(s, search, repl string) string {
	k := strings.Index(s, search)
	if k < 0 {
		return s
	}
	m := Match{Start: k, End: k + len(search), Groups: []string{search}}
	b := make([]byte, 0, len(s)+len(repl))
	b = append(b, s[:k]...)
	b = appendExpand(b, m, s, repl)
	return string(append(b, s[m.End:]...))
}

// groupNames returns the Names slice for matches of re (nil when re has no
// named groups of its own).
func groupNames(re *regexp2.Regexp) []string {
	names := re.GetGroupNames()
	var out []string
	for k, n := range names {
		if n = jsre.GroupName(n); k == 0 || n == "" {
			continue
		}
		if out == nil {
			out = make([]string, len(names))
		}
		out[k] = n
	}
	return out
}

// runeOffsets maps rune indices of s to byte offsets (nil for ASCII s, where
// they coincide).
func runeOffsets(s string) []int {
	if swar.ASCII(s) {
		return nil
	}
	off := make([]int, 0, len(s)+1)
	for i := range s {
		off = append(off, i)
	}
	return append(off, len(s))
}

func byteOffset(off []int, runeIdx int) int {
	if off == nil {
		return runeIdx
	}
	return off[runeIdx]
}

// toMatch converts a regexp2 match into a Match with byte offsets.
func toMatch(m *regexp2.Match, off []int, names []string) Match {
	gs := m.Groups()
	groups := make([]string, len(gs))
	for k := range gs {
		if len(gs[k].Captures) > 0 {
			groups[k] = gs[k].String()
		}
	}
	start := byteOffset(off, m.Index)
	return Match{Start: start, End: byteOffset(off, m.Index+m.Length), Groups: groups, Names: names}
}

// Replace is JavaScript's s.replace(re, repl) for a regular expression
// compiled by Regex: the first match, or every match when global, is
// replaced by the expansion of repl (see ReplaceExpand). The error is a
// regexp2 match timeout.
func Replace(re *regexp2.Regexp, s, repl string, global bool) (string, error) {
	m, err := re.FindStringMatch(s)
	if m == nil || err != nil {
		return s, err
	}
	off, names := runeOffsets(s), groupNames(re)
	b := make([]byte, 0, len(s)+len(repl))
	last := 0
	for m != nil {
		jm := toMatch(m, off, names)
		b = append(b, s[last:jm.Start]...)
		b = appendExpand(b, jm, s, repl)
		last = jm.End
		if !global {
			break
		}
		if m, err = re.FindNextMatch(m); err != nil {
			return s, err
		}
	}
	return string(append(b, s[last:]...)), nil
}
