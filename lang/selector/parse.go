package selector

import (
	"fmt"
	"strings"
	"time"

	"github.com/sluice-dev/sluice/record"
)

// Options configure parsing: the type_config, the variables (nil means no
// variables were configured: every variable then never matches), and the
// instant date math is resolved against (zero means time.Now()).
type Options struct {
	Types     map[string]string
	Variables map[string]any
	Now       time.Time
}

// ParseError is a selector that cannot be parsed or built. Pos and End are
// byte offsets in the query as given (before trimming).
type ParseError struct {
	Query    string
	Kind     string // SyntaxError, TypeError, Error
	Pos, End int
	Msg      string
	Build    bool // raised while building the matcher rather than parsing
}

func (e *ParseError) Error() string {
	if e.Build {
		return e.Msg
	}
	return fmt.Sprintf("Failure to parse xLucene query %q, caused by %s: %s", strings.TrimSpace(e.Query), e.Kind, e.Msg)
}

// Parse parses query into an AST, applying type_config coercion and variable
// substitution like the reference parser.
func Parse(query string, opts Options) (*Node, error) {
	trimmed := strings.TrimFunc(query, record.IsJSSpace)
	off := strings.Index(query, trimmed)
	if trimmed == "" {
		off = 0
	}
	p := &parser{s: trimmed, types: opts.Types, now: opts.Now, farthest: -1}
	if p.now.IsZero() {
		p.now = time.Now()
	}
	n, err := p.start()
	if err == nil {
		err = substitute(n, opts, p)
	}
	if err != nil {
		pe := err.(*ParseError)
		pe.Query = query
		pe.Pos += off
		pe.End += off
		if pe.End > len(query) {
			pe.End = len(query)
		}
		return nil, pe
	}
	shift(n, off)
	return n, nil
}

// shift moves every span of the tree by off bytes.
func shift(n *Node, off int) {
	if n == nil || off == 0 {
		return
	}
	walk(n, func(x *Node) { x.Start += off; x.End += off })
}

// walk visits n and every node below it.
func walk(n *Node, fn func(*Node)) {
	if n == nil {
		return
	}
	fn(n)
	for _, c := range n.Flow {
		walk(c, fn)
	}
	for _, c := range n.Nodes {
		walk(c, fn)
	}
	walk(n.Child, fn)
	for _, c := range n.Params {
		walk(c, fn)
	}
}

// propagateField pushes a field group's field into every term-like node
// that has no field of its own and coerces it to the field's type.
func (p *parser) propagateField(flow []*Node, field string) {
	for _, c := range flow {
		for _, n := range c.Nodes {
			p.propagateNode(n, field)
		}
	}
}

func (p *parser) propagateNode(n *Node, field string) {
	switch n.Kind {
	case KLogicalGroup:
		p.propagateField(n.Flow, field)
	case KConjunction:
		for _, x := range n.Nodes {
			p.propagateNode(x, field)
		}
	case KNegation:
		p.propagateNode(n.Child, field)
	case KTerm, KWildcard, KRegexp, KRange:
		if n.HasField {
			return
		}
		n.Field, n.HasField = field, true
		if n.Kind == KRange {
			p.coerceRange(n)
		} else {
			p.coerce(n)
		}
	}
}
