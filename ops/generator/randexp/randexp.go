package randexp

import (
	"fmt"
	"math/rand/v2"
	"regexp/syntax"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Unbounded makes Compile reject `*`, `+` and `{n,}`.
const Unbounded = -1

// RandexpMax is randexp's default cap on unbounded repeats: `x*` repeats
// 0 to 100 times, `x+` 1 to 101 times.
const RandexpMax = 100

// Generator makes random strings matching one pattern. It holds no state
// and is safe for concurrent use; each caller brings its own random source.
type Generator struct {
	pattern string
	root    node
}

// Compile parses a pattern (Perl syntax, as Go's regexp accepts it).
// maxExtra bounds unbounded repeats (`x*` gives 0..maxExtra copies); with
// Unbounded such repeats are an error.
func Compile(pattern string, maxExtra int) (*Generator, error) {
	re, err := syntax.Parse(pattern, syntax.Perl)
	if err != nil {
		return nil, fmt.Errorf("invalid regular expression %q: %s", pattern, describe(err))
	}
	c := compiler{maxExtra: maxExtra}
	root, err := c.node(re)
	if err != nil {
		return nil, fmt.Errorf("regular expression %q: %w", pattern, err)
	}
	if n := root.maxLen(); n > MaxLength {
		return nil, fmt.Errorf("regular expression %q can generate strings of more than %d characters (nested repeats?)", pattern, MaxLength)
	}
	return &Generator{pattern: pattern, root: root}, nil
}

// MaxLength is the most characters a pattern may generate: nested repeats
// multiply (`((a*)*)*` with randexp's cap is a million characters).
const MaxLength = 1 << 16

func describe(err error) string {
	if se, ok := err.(*syntax.Error); ok {
		return fmt.Sprintf("%s `%s`", se.Code, se.Expr)
	}
	return err.Error()
}

// Pattern is the pattern the generator was compiled from.
func (g *Generator) Pattern() string { return g.pattern }

// Append appends one random matching string to dst.
func (g *Generator) Append(dst []byte, r *rand.Rand) []byte { return g.root.gen(dst, r) }

// String returns one random matching string.
func (g *Generator) String(r *rand.Rand) string { return string(g.Append(nil, r)) }

type compiler struct{ maxExtra int }

func (c compiler) node(re *syntax.Regexp) (node, error) {
	switch re.Op {
	case syntax.OpEmptyMatch, syntax.OpBeginLine, syntax.OpEndLine, syntax.OpBeginText,
		syntax.OpEndText, syntax.OpWordBoundary, syntax.OpNoWordBoundary:
		return empty{}, nil
	case syntax.OpNoMatch:
		return nil, fmt.Errorf("it can never match (an empty character class?)")
	case syntax.OpLiteral:
		return newLiteral(re.Rune, re.Flags&syntax.FoldCase != 0), nil
	case syntax.OpCharClass:
		return newClass(re.Rune)
	case syntax.OpAnyChar, syntax.OpAnyCharNotNL:
		return newClass([]rune{printableLo, printableHi})
	case syntax.OpCapture:
		return c.node(re.Sub[0])
	case syntax.OpConcat, syntax.OpAlternate:
		return c.list(re)
	}
	return c.repeat(re)
}

func (c compiler) list(re *syntax.Regexp) (node, error) {
	subs := make([]node, len(re.Sub))
	for i, s := range re.Sub {
		n, err := c.node(s)
		if err != nil {
			return nil, err
		}
		subs[i] = n
	}
	if re.Op == syntax.OpAlternate {
		return alternate(subs), nil
	}
	return concat(subs), nil
}

func (c compiler) repeat(re *syntax.Regexp) (node, error) {
	lo, hi := 0, 1
	switch re.Op {
	case syntax.OpStar:
		hi = -1
	case syntax.OpPlus:
		lo, hi = 1, -1
	case syntax.OpQuest:
	case syntax.OpRepeat:
		lo, hi = re.Min, re.Max
	default:
		return nil, fmt.Errorf("unsupported construct %s", re.Op)
	}
	if hi < 0 {
		if c.maxExtra < 0 {
			return nil, fmt.Errorf("unbounded repetition %s cannot be used here: give a bound, e.g. {1,8}", repeatText(re))
		}
		hi = lo + c.maxExtra
	}
	sub, err := c.node(re.Sub[0])
	if err != nil {
		return nil, err
	}
	return &repeat{lo: lo, hi: hi, sub: sub}, nil
}

// repeatText shows the repetition operator of re as written.
func repeatText(re *syntax.Regexp) string {
	s := re.String()
	if i := strings.LastIndexAny(s, "*+{"); i >= 0 {
		return "`" + strings.TrimSuffix(s[i:], "?") + "`"
	}
	return "`" + s + "`"
}

// node generates one part of a string.
type node interface {
	gen(dst []byte, r *rand.Rand) []byte
	maxLen() int // the most characters it generates (saturating)
}

// saturate keeps lengths from overflowing.
func saturate(n int) int { return min(n, MaxLength+1) }

type empty struct{}

func (empty) gen(dst []byte, _ *rand.Rand) []byte { return dst }

func (empty) maxLen() int { return 0 }

// literal is fixed text; with fold set each letter takes a random case.
type literal struct {
	text  string
	runes []rune
	fold  bool
}

func newLiteral(runes []rune, fold bool) node {
	return &literal{text: string(runes), runes: runes, fold: fold}
}

func (l *literal) gen(dst []byte, r *rand.Rand) []byte {
	if !l.fold {
		return append(dst, l.text...)
	}
	for _, c := range l.runes {
		if r.IntN(2) == 0 {
			c = unicode.SimpleFold(c)
		}
		dst = utf8.AppendRune(dst, c)
	}
	return dst
}

func (l *literal) maxLen() int { return len(l.runes) }

type concat []node

func (c concat) maxLen() int {
	n := 0
	for _, sub := range c {
		n = saturate(n + sub.maxLen())
	}
	return n
}

func (c concat) gen(dst []byte, r *rand.Rand) []byte {
	for _, n := range c {
		dst = n.gen(dst, r)
	}
	return dst
}

type alternate []node

func (a alternate) maxLen() int {
	n := 0
	for _, sub := range a {
		n = max(n, sub.maxLen())
	}
	return n
}

func (a alternate) gen(dst []byte, r *rand.Rand) []byte {
	return a[r.IntN(len(a))].gen(dst, r)
}

type repeat struct {
	lo, hi int
	sub    node
}

func (p *repeat) maxLen() int { return saturate(p.hi * p.sub.maxLen()) }

func (p *repeat) gen(dst []byte, r *rand.Rand) []byte {
	n := p.lo
	if p.hi > p.lo {
		n += r.IntN(p.hi - p.lo + 1)
	}
	for range n {
		dst = p.sub.gen(dst, r)
	}
	return dst
}
