package selector

import (
	"github.com/sluice-dev/sluice/internal/jsre"
	"github.com/sluice-dev/sluice/record"
)

// Matcher is a compiled selector. It is safe for concurrent use.
type Matcher struct {
	query string
	root  node
	types map[string]string // the field types it was built with
}

// node is a compiled AST node.
type node interface {
	match(o *record.Object, b *jsre.Budget) bool
}

// Compile parses and builds a selector.
func Compile(query string, opts Options) (*Matcher, error) {
	n, err := Parse(query, opts)
	if err != nil {
		return nil, err
	}
	return Build(n, query, opts)
}

// Build compiles a parsed AST. Build errors (unknown functions, invalid
// dates, bad geo parameters, invalid regexes) are *ParseError with Build set.
func Build(n *Node, query string, opts Options) (*Matcher, error) {
	b := &builder{types: opts.Types, query: query}
	root, err := b.node(n)
	if err != nil {
		return nil, err
	}
	return &Matcher{query: query, root: root, types: opts.Types}, nil
}

// Part builds n, a part of m's query (nodes of its AST, or a node made of
// them), with the field types m was built with: the same nodes match as
// they do within m.
func (m *Matcher) Part(n *Node) (*Matcher, error) {
	return Build(n, m.query, Options{Types: m.types})
}

// Match reports whether the record matches.
func (m *Matcher) Match(o *record.Object) bool { return m.root.match(o, nil) }

// MatchWithin is Match with the regular expressions of the selector run
// within b: when b is spent, or a match times out, regex terms stop
// matching and b.Err() says so; the caller must then not trust the result.
func (m *Matcher) MatchWithin(o *record.Object, b *jsre.Budget) bool { return m.root.match(o, b) }

// Test is a matcher's test alone (Matcher.Test), to be kept by value in
// a caller's table: running it reads no Matcher, a memory access less per
// selector tested.
type Test struct{ root node }

// Test returns m's test.
func (m *Matcher) Test() Test { return Test{m.root} }

// MatchWithin is the Matcher's MatchWithin.
func (t Test) MatchWithin(o *record.Object, b *jsre.Budget) bool { return t.root.match(o, b) }

// String returns the query the matcher was compiled from.
func (m *Matcher) String() string { return m.query }

type builder struct {
	types map[string]string
	query string
	// general builds every leaf on a field as keyLeaf or pathLeaf, without
	// the leaves made for common predicates: the oracle tests pin those
	// leaves against.
	general bool
}

func (b *builder) errAt(n *Node, msg string) error {
	return &ParseError{Query: b.query, Kind: "Error", Pos: n.Start, End: n.End, Msg: msg, Build: true}
}

func (b *builder) node(n *Node) (node, error) {
	switch n.Kind {
	case KEmpty:
		return constNode(false), nil
	case KLogicalGroup, KFieldGroup:
		return b.or(n.Flow)
	case KConjunction:
		return b.and(n.Nodes)
	case KNegation:
		c, err := b.node(n.Child)
		if err != nil {
			return nil, err
		}
		return negate(c), nil
	case KFunction:
		return b.function(n)
	}
	return b.leaf(n)
}

func (b *builder) or(flow []*Node) (node, error) {
	out := make(orNode, 0, len(flow))
	for _, c := range flow {
		m, err := b.node(c)
		if err != nil {
			return nil, err
		}
		out = append(out, m)
	}
	if len(out) == 1 {
		return out[0], nil
	}
	return out, nil
}

func (b *builder) and(nodes []*Node) (node, error) {
	out := make(andNode, 0, len(nodes))
	for _, c := range nodes {
		m, err := b.node(c)
		if err != nil {
			return nil, err
		}
		out = append(out, m)
	}
	switch len(out) {
	case 1:
		return out[0], nil
	case 2: // the usual conjunction (a AND NOT b)
		return &and2{out[0], out[1]}, nil
	}
	return out, nil
}

type constNode bool

func (c constNode) match(*record.Object, *jsre.Budget) bool { return bool(c) }

type orNode []node

func (n orNode) match(o *record.Object, b *jsre.Budget) bool {
	for _, c := range n {
		if c.match(o, b) {
			return true
		}
	}
	return false
}

type andNode []node

func (n andNode) match(o *record.Object, b *jsre.Budget) bool {
	for _, c := range n {
		if !c.match(o, b) {
			return false
		}
	}
	return true
}

// and2 is andNode of two parts, without the loop.
type and2 struct{ a, b node }

func (n *and2) match(o *record.Object, b *jsre.Budget) bool {
	return n.a.match(o, b) && n.b.match(o, b)
}

// negate is the node of NOT c: notNode, or for a term on a key (NOT
// status:404) the term's leaf answering the other way, a call less.
func negate(c node) node {
	switch x := c.(type) {
	case *keyNumber:
		x.not = !x.not
		return x
	case *keyString:
		x.not = !x.not
		return x
	}
	return notNode{c}
}

type notNode struct{ c node }

func (n notNode) match(o *record.Object, b *jsre.Budget) bool { return !n.c.match(o, b) }
