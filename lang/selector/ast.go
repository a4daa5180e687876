package selector

import (
	"math"
	"strings"

	"github.com/sluice-dev/sluice/record"
)

// Kind is the kind of an AST node.
type Kind uint8

// Node kinds, as in the reference AST.
const (
	KEmpty Kind = iota
	KLogicalGroup
	KFieldGroup
	KConjunction
	KNegation
	KTerm
	KExists
	KRange
	KWildcard
	KRegexp
	KFunction
	KTermList
)

// Value is the value of a term-like node: a literal or a variable.
type Value struct {
	V      any    // string, float64 or bool; []any in term lists
	Var    string // variable name ("foo" for $foo, "@foo" for @foo); "" for literals
	Scoped bool
}

// IsVar reports whether the value is an unresolved variable.
func (v Value) IsVar() bool { return v.Var != "" }

// Bound is one side of a range.
type Bound struct {
	Op        string // gte, gt, lte, lt
	Value     Value
	FieldType string
}

// Node is a selector AST node. Start and End are byte offsets in the query
// text the node was parsed from.
type Node struct {
	Kind       Kind
	Field      string
	HasField   bool // false: field is null (any top-level value)
	FieldType  string
	Value      Value
	Flow       []*Node // logical and field groups: the OR-ed conjunctions
	Nodes      []*Node // conjunction: the AND-ed nodes
	Child      *Node   // negation
	Left       *Bound  // range
	Right      *Bound  // range (nil when one-sided)
	Name       string  // function
	Params     []*Node // function
	Quoted     bool
	Restricted bool
	Analyzed   bool
	Undefined  bool // a variable that resolved to undefined: never matches
	Start, End int
}

// String renders the node in the compact notation of the specification
// (`(a=1 & b="x")`, `!exists(f)`, `f:[gte 1, lte 5]`, ...).
func (n *Node) String() string {
	var b strings.Builder
	n.write(&b)
	return b.String()
}

func (n *Node) field() string {
	if !n.HasField {
		return "<any>"
	}
	return n.Field
}

func (n *Node) write(b *strings.Builder) {
	switch n.Kind {
	case KEmpty:
		b.WriteString("EMPTY")
	case KLogicalGroup:
		writeFlow(b, n.Flow)
	case KFieldGroup:
		b.WriteString(n.Field + ":{")
		writeFlowBare(b, n.Flow)
		b.WriteString("}")
	case KConjunction:
		writeAnd(b, n.Nodes)
	case KNegation:
		b.WriteString("!")
		n.Child.write(b)
	case KTerm:
		b.WriteString(n.field() + "=" + n.Value.String())
	case KExists:
		b.WriteString("exists(" + n.Field + ")")
	case KRange:
		n.writeRange(b)
	case KWildcard:
		b.WriteString(n.field() + "~wildcard(" + record.JSON(n.Value.V) + ")")
	case KRegexp:
		b.WriteString(n.field() + "~regexp(" + record.JSON(n.Value.V) + ")")
	case KFunction:
		n.writeFunction(b)
	case KTermList:
		b.WriteString(n.Field + ":" + record.JSON(n.Value.V))
	}
}

func writeFlow(b *strings.Builder, flow []*Node) {
	b.WriteString("(")
	writeFlowBare(b, flow)
	b.WriteString(")")
}

func writeFlowBare(b *strings.Builder, flow []*Node) {
	for i, c := range flow {
		if i > 0 {
			b.WriteString(" | ")
		}
		writeAnd(b, c.Nodes)
	}
}

func writeAnd(b *strings.Builder, nodes []*Node) {
	for i, x := range nodes {
		if i > 0 {
			b.WriteString(" & ")
		}
		x.write(b)
	}
}

func (n *Node) writeRange(b *strings.Builder) {
	b.WriteString(n.field() + ":[" + n.Left.String())
	if n.Right != nil {
		b.WriteString(", " + n.Right.String())
	}
	b.WriteString("]")
}

func (n *Node) writeFunction(b *strings.Builder) {
	b.WriteString(n.field() + ":" + n.Name + "(")
	for i, p := range n.Params {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(p.field() + ":")
		if p.Kind == KTermList {
			b.WriteString(record.JSON(p.Value.V))
		} else {
			b.WriteString(p.Value.String())
		}
	}
	b.WriteString(")")
}

// String renders a bound as "gte 1".
func (bd *Bound) String() string { return bd.Op + " " + bd.Value.String() }

// String renders a value as JSON, a variable as $name, infinities as ±inf.
func (v Value) String() string {
	if v.IsVar() {
		if v.Scoped {
			return v.Var
		}
		return "$" + v.Var
	}
	if f, ok := v.V.(float64); ok && math.IsInf(f, 0) {
		if f > 0 {
			return "+inf"
		}
		return "-inf"
	}
	if t, ok := v.V.(dateValue); ok {
		return "date(" + t.String() + ")"
	}
	return record.JSON(v.V)
}
