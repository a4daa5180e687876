package jsre

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Normalize checks pattern as JavaScript's RegExp does with flags and
// returns it respelled so that RE2, regexp2 in ECMAScript mode and sluice's
// translators all read it as JavaScript does: every escape whose meaning
// depends on the u flag or that regexp2 reads otherwise (\p, \u{…}, \c, \k,
// identity escapes such as \a or \Z, legacy octal escapes, a { that starts
// no quantifier) becomes an escape all of them agree on. The error of a
// pattern JavaScript rejects is JavaScript's, e.g. "Invalid regular
// expression: /a{/u: Incomplete quantifier".
func Normalize(pattern, flags string) (string, error) {
	p := parser{src: pattern, unicode: strings.Contains(flags, "u"), fold: strings.Contains(flags, "i")}
	p.groups, p.names, p.hasNamed = countGroups(pattern)
	p.out.Grow(len(pattern) + 8)
	if msg := p.run(); msg != "" {
		return "", fmt.Errorf("Invalid regular expression: /%s/%s: %s", pattern, flags, msg)
	}
	return p.out.String(), nil
}

// What precedes a quantifier.
const (
	nothing = iota
	atom
	assertion  // ^ $ \b \B: never repeated
	lookahead  // repeated only without the u flag (Annex B)
	lookbehind // never repeated
	quantified
	lazy
)

// parser walks a pattern once, in JavaScript's grammar, writing the
// normalized pattern to out; its methods return an error message or "".
type parser struct {
	src     string
	i       int
	unicode bool
	fold    bool // the i flag
	out     strings.Builder
	groups  int      // capture groups of the whole pattern
	names   []string // group names of the whole pattern
	// hasNamed: the pattern has a (?< group, named well or not; then \k
	// is always a reference (and an error inside a class).
	hasNamed bool
	seen     []string    // group names met so far
	open     []openGroup // the groups open at i, innermost last
	prev     int
	// badRef is a \k<name> naming no group: JavaScript reports it only
	// once the whole pattern has parsed.
	badRef bool
}

// openGroup is a group being read: what it becomes when it closes, and
// whether its name repeats an earlier group's (JavaScript reports that
// when the group closes).
type openGroup struct {
	kind int
	dup  bool
}

func (p *parser) run() string {
	for p.i < len(p.src) {
		if msg := p.step(); msg != "" {
			return msg
		}
	}
	if len(p.open) > 0 {
		return "Unterminated group"
	}
	if p.badRef {
		return "Invalid named capture referenced"
	}
	return ""
}

func (p *parser) step() string {
	c := p.src[p.i]
	switch c {
	case '\\':
		return p.escape()
	case '[':
		p.prev = atom
		return p.class()
	case '(':
		return p.group()
	case ')':
		k := len(p.open)
		if k == 0 {
			return "Unmatched ')'"
		}
		if p.open[k-1].dup {
			return "Duplicate capture group name"
		}
		p.prev, p.open = p.open[k-1].kind, p.open[:k-1]
		return p.copy(1)
	case '|':
		p.prev = nothing
		return p.copy(1)
	case '^', '$':
		p.prev = assertion
		return p.copy(1)
	case '*', '+', '?':
		return p.quantify(1)
	case '{':
		return p.brace()
	case '}', ']':
		if p.unicode {
			return "Lone quantifier brackets"
		}
		p.prev = atom
		p.literal(rune(c))
		p.i++
		return ""
	}
	p.prev = atom
	_, w := utf8.DecodeRuneInString(p.src[p.i:])
	return p.copy(w)
}

// copy writes the next n bytes of the pattern as they are.
func (p *parser) copy(n int) string {
	p.out.WriteString(p.src[p.i : p.i+n])
	p.i += n
	return ""
}

// literal writes r so that every engine reads it as the character itself:
// letters and non-ASCII characters as they are, other ASCII characters as
// \xHH (never syntax, never the continuation of an escape), a lone
// surrogate as \uHHHH.
func (p *parser) literal(r rune) { writeLiteral(&p.out, r) }

func writeLiteral(b *strings.Builder, r rune) {
	switch {
	case r < utf8.RuneSelf && isLetter(byte(r)):
		b.WriteByte(byte(r))
	case r < utf8.RuneSelf:
		fmt.Fprintf(b, `\x%02x`, r)
	case r >= 0xD800 && r <= 0xDFFF:
		fmt.Fprintf(b, `\u%04x`, r)
	default:
		b.WriteRune(r)
	}
}

// quantify checks the quantifier of n bytes at i against what precedes it.
func (p *parser) quantify(n int) string {
	switch {
	case p.src[p.i] == '?' && p.prev == quantified:
		p.prev = lazy
	case p.prev == atom || p.prev == lookahead && !p.unicode:
		p.prev = quantified
	case p.prev == lookahead || p.prev == lookbehind:
		return "Invalid quantifier"
	default:
		return "Nothing to repeat"
	}
	return p.copy(n)
}

// brace reads a { as a quantifier or, where Annex B allows (no u flag), as
// the character itself.
func (p *parser) brace() string {
	q, ok := braceQuantifier(p.src[p.i:])
	switch {
	case ok && q.max >= 0 && q.min > q.max && (p.prev == atom || p.prev == lookahead || p.prev == lookbehind):
		return "numbers out of order in {} quantifier"
	case ok:
		return p.quantify(q.len)
	case !p.unicode:
		p.prev = atom
		p.literal('{')
		p.i++
		return ""
	case p.prev == atom || p.prev == lookahead || p.prev == lookbehind:
		return "Incomplete quantifier"
	}
	return "Lone quantifier brackets"
}

// quantifierBraces is a {n}, {n,} or {n,m} quantifier of len bytes; max
// is -1 for no upper bound, and counts too large for an int are MaxInt.
type quantifierBraces struct{ min, max, len int }

// braceQuantifier reads the quantifier at the start of s (which starts
// with {); ok is false when s starts no quantifier.
func braceQuantifier(s string) (q quantifierBraces, ok bool) {
	end := strings.IndexByte(s, '}')
	if end < 0 {
		return q, false
	}
	lo, hi, two := strings.Cut(s[1:end], ",")
	if !isDecimal(lo) || two && hi != "" && !isDecimal(hi) {
		return q, false
	}
	q.min, q.max, q.len = count(lo), count(lo), end+1
	if two {
		q.max = -1
		if hi != "" {
			q.max = count(hi)
		}
	}
	return q, true
}

func isDecimal(s string) bool { return s != "" && strings.Trim(s, "0123456789") == "" }

func count(s string) int {
	n, err := strconv.Atoi(s)
	if err != nil {
		return int(^uint(0) >> 1)
	}
	return n
}

// group opens a group.
func (p *parser) group() string {
	rest := p.src[p.i:]
	kind, n := atom, 1
	switch {
	case strings.HasPrefix(rest, "(?:"):
		n = 3
	case strings.HasPrefix(rest, "(?=") || strings.HasPrefix(rest, "(?!"):
		kind, n = lookahead, 3
	case strings.HasPrefix(rest, "(?<=") || strings.HasPrefix(rest, "(?<!"):
		kind, n = lookbehind, 4
	case strings.HasPrefix(rest, "(?<"):
		name, w, msg := groupName(rest[2:])
		if msg != "" {
			return msg
		}
		dup := slices.Contains(p.seen, name)
		p.seen = append(p.seen, name)
		p.open = append(p.open, openGroup{atom, dup})
		p.prev = nothing
		p.out.WriteString("(?<" + engineGroupName(name) + ">")
		p.i += 2 + w
		return ""
	case strings.HasPrefix(rest, "(?"):
		return "Invalid group"
	}
	p.open = append(p.open, openGroup{kind: kind})
	p.prev = nothing
	return p.copy(n)
}

// classEnd is the index of the ] that closes the class opened at i (or
// the last index when it never closes). In JavaScript the first ] not
// escaped closes a class, even right after [ ([] matches nothing).
func classEnd(src string, i int) int {
	for j := i + 1; j < len(src); j++ {
		switch src[j] {
		case '\\':
			j++
		case ']':
			return j
		}
	}
	return len(src) - 1
}
