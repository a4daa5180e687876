package lint

import (
	"fmt"
	"math"
	"strings"

	"github.com/sluice-dev/sluice/lang/selector"
	"github.com/sluice-dev/sluice/record"
)

// conflict explains why a conjunction can never hold. arrays is true when an
// array field, whose elements are tested one by one, could still satisfy it.
type conflict struct {
	reason string
	arrays bool
}

// unreachableSelectors warns about selectors whose every alternative is a
// contradiction.
func unreachableSelectors(a *analysis) {
	for _, s := range a.plan.Selectors {
		r := a.byID[s.Rule.ID]
		if s.All || s.AST == nil || r == nil {
			continue
		}
		c := unsatisfiable(s.AST)
		if c == nil {
			continue
		}
		d := a.warn(CodeUnreachable, r.ValSpan("selector"), "selector can never match: %s", c.reason)
		if c.arrays {
			d.WithNote("unless the field holds an array: each element is tested alone, so an array with an element for each condition would match; use OR if either should select")
		}
	}
}

// unsatisfiable returns why n can never match, or nil when it may.
func unsatisfiable(n *selector.Node) *conflict {
	switch n.Kind {
	case selector.KLogicalGroup, selector.KFieldGroup:
		return allAlternatives(n.Flow)
	case selector.KConjunction:
		return conjunction(n.Nodes)
	case selector.KTerm, selector.KRange, selector.KExists, selector.KWildcard, selector.KRegexp, selector.KFunction:
		if n.Undefined {
			return &conflict{reason: fmt.Sprintf("%s uses a variable that is not defined", n)}
		}
	}
	return nil
}

// allAlternatives: an OR can never match when none of its branches can.
func allAlternatives(flow []*selector.Node) *conflict {
	if len(flow) == 0 {
		return nil
	}
	var first *conflict
	for _, c := range flow {
		x := unsatisfiable(c)
		if x == nil {
			return nil
		}
		if first == nil {
			first = x
		}
	}
	return first
}

// conjunction: an AND can never match when one of its parts cannot, or when
// two parts constrain one field in ways no single value satisfies.
func conjunction(nodes []*selector.Node) *conflict {
	flat := flatten(nodes)
	for _, n := range flat {
		if c := unsatisfiable(n); c != nil {
			return c
		}
	}
	fields := map[string]*fieldFacts{}
	for _, n := range flat {
		f, node, neg := factOf(n)
		if f == "" {
			continue
		}
		ff := fields[f]
		if ff == nil {
			ff = &fieldFacts{lo: math.Inf(-1), hi: math.Inf(1)}
			fields[f] = ff
		}
		if c := ff.add(node, neg); c != nil {
			return c
		}
	}
	return nil
}

// flatten inlines single-branch groups, so `a:1 AND (a:2)` and
// `a:(1 AND 2)` are seen as one conjunction.
func flatten(nodes []*selector.Node) []*selector.Node {
	var out []*selector.Node
	for _, n := range nodes {
		switch {
		case (n.Kind == selector.KLogicalGroup || n.Kind == selector.KFieldGroup) && len(n.Flow) == 1:
			out = append(out, flatten(n.Flow[0].Nodes)...)
		case n.Kind == selector.KConjunction:
			out = append(out, flatten(n.Nodes)...)
		default:
			out = append(out, n)
		}
	}
	return out
}

// factOf returns the field a leaf (or negated leaf) constrains; "" for
// nodes the analysis does not reason about (wildcard fields, functions).
func factOf(n *selector.Node) (string, *selector.Node, bool) {
	neg := false
	if n.Kind == selector.KNegation && n.Child != nil {
		n, neg = n.Child, true
	}
	switch n.Kind {
	case selector.KTerm, selector.KRange, selector.KExists, selector.KWildcard, selector.KRegexp:
	default:
		return "", nil, false
	}
	if n.Field == "" || strings.ContainsAny(n.Field, "*?") || n.Value.IsVar() {
		return "", nil, false
	}
	return n.Field, n, neg
}

// fieldFacts accumulates what a conjunction says about one field.
type fieldFacts struct {
	exists         *selector.Node // a positive leaf: the field must exist
	missing        *selector.Node // NOT _exists_
	term           *selector.Node // a term it must equal
	lo, hi         float64        // numeric bounds
	loOpen, hiOpen bool
	ranged         bool
	positive       []*selector.Node
	negated        []*selector.Node
}

func (f *fieldFacts) add(n *selector.Node, neg bool) *conflict {
	if neg {
		return f.addNegated(n)
	}
	if f.missing != nil {
		return &conflict{reason: fmt.Sprintf("%s needs %s, which NOT %s excludes", n, n.Field, f.missing)}
	}
	if c := f.contradictsNegation(n); c != nil {
		return c
	}
	f.exists = n
	f.positive = append(f.positive, n)
	switch n.Kind {
	case selector.KTerm:
		return f.addTerm(n)
	case selector.KRange:
		return f.addRange(n)
	}
	return nil
}

func (f *fieldFacts) addNegated(n *selector.Node) *conflict {
	if n.Kind == selector.KExists {
		if f.exists != nil {
			return &conflict{reason: fmt.Sprintf("%s needs %s, which NOT %s excludes", f.exists, n.Field, n)}
		}
		f.missing = n
	}
	for _, p := range f.positive {
		if p.String() == n.String() {
			return &conflict{reason: fmt.Sprintf("%s and NOT %s", p, n)}
		}
	}
	f.negated = append(f.negated, n)
	return nil
}

func (f *fieldFacts) contradictsNegation(n *selector.Node) *conflict {
	for _, x := range f.negated {
		if x.String() == n.String() {
			return &conflict{reason: fmt.Sprintf("NOT %s and %s", x, n)}
		}
	}
	return nil
}

func (f *fieldFacts) addTerm(n *selector.Node) *conflict {
	if n.Analyzed || n.Value.V == nil {
		return nil
	}
	if f.term != nil && sameKind(f.term.Value.V, n.Value.V) && record.JSON(f.term.Value.V) != record.JSON(n.Value.V) {
		return &conflict{reason: fmt.Sprintf("%s and %s ask one field for two values", f.term, n), arrays: true}
	}
	f.term = n
	return f.termInRange()
}

func sameKind(a, b any) bool { return fmt.Sprintf("%T", a) == fmt.Sprintf("%T", b) }

func (f *fieldFacts) addRange(n *selector.Node) *conflict {
	for _, b := range []*selector.Bound{n.Left, n.Right} {
		if b == nil {
			continue
		}
		v, ok := b.Value.V.(float64)
		if !ok || b.Value.IsVar() {
			return nil // dates, ips, strings: not analysed
		}
		f.bound(b.Op, v)
	}
	f.ranged = true
	if f.lo > f.hi || (f.lo == f.hi && (f.loOpen || f.hiOpen)) {
		return &conflict{reason: fmt.Sprintf("the ranges on %s do not overlap: nothing lies in %s", n.Field, f.interval()), arrays: true}
	}
	return f.termInRange()
}

func (f *fieldFacts) bound(op string, v float64) {
	switch op {
	case "gt", "gte":
		if v > f.lo || (v == f.lo && op == "gt") {
			f.lo, f.loOpen = v, op == "gt"
		}
	case "lt", "lte":
		if v < f.hi || (v == f.hi && op == "lt") {
			f.hi, f.hiOpen = v, op == "lt"
		}
	}
}

func (f *fieldFacts) termInRange() *conflict {
	if f.term == nil || !f.ranged {
		return nil
	}
	v, ok := f.term.Value.V.(float64)
	if !ok {
		return nil
	}
	below := v < f.lo || (v == f.lo && f.loOpen)
	above := v > f.hi || (v == f.hi && f.hiOpen)
	if below || above {
		return &conflict{reason: fmt.Sprintf("%s lies outside the range %s", f.term, f.interval()), arrays: true}
	}
	return nil
}

func (f *fieldFacts) interval() string {
	l, r := "[", "]"
	if f.loOpen {
		l = "("
	}
	if f.hiOpen {
		r = ")"
	}
	return l + record.FormatNumber(f.lo) + ", " + record.FormatNumber(f.hi) + r
}
