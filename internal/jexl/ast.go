package jexl

// nodeKind is the type of a syntax tree node (jexl's ast.type).
type nodeKind uint8

const (
	nLiteral nodeKind = iota
	nIdentifier
	nUnary
	nBinary
	nConditional
	nFilter
	nCall
	nArray
	nObject
	nNull // a sub-expression that parsed to nothing (jexl stores null)
)

// node is jexl's AST node; only the fields of its kind are set. parent is
// the parser's _parent link.
type node struct {
	kind   nodeKind
	value  any    // literal value
	name   string // identifier name, operator, or called function's name
	parent *node

	left, right *node // binary (right also for unary)
	from        *node // identifier read from another value
	relative    bool  // identifier read from the filter element; relative filter

	test, consequent, alternate *node // conditional

	subject, expr *node // filter

	args      []*node // call arguments (a transform's first is its subject)
	transform bool    // call from the transforms pool (else functions)
	noName    bool    // call whose name jexl reads as undefined

	elems []*node // array literal

	keys []string // object literal, in first-assignment order
	vals []*node
}

// nullNode stands for the null that jexl stores for an empty sub-expression.
var nullNode = &node{kind: nNull}

// isNull reports whether n is absent (undefined) or null in jexl's AST.
func isNull(n *node) bool { return n == nil || n == nullNode }

// setKey is objVal: `value[key] = ast` on a plain object.
func (n *node) setKey(key string, v *node) {
	for i, k := range n.keys {
		if k == key {
			n.vals[i] = v
			return
		}
	}
	n.keys = append(n.keys, key)
	n.vals = append(n.vals, v)
}

// operator reports whether the node is a unary or binary operation and its
// precedence (jexl reads `parent.operator` while climbing).
func (n *node) operator() (float64, bool) {
	switch n.kind {
	case nUnary:
		return precedence["!"], true
	case nBinary:
		return precedence[n.name], true
	}
	return 0, false
}
