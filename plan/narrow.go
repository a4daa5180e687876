package plan

import (
	"slices"

	"github.com/sluice-dev/sluice/lang/selector"
	"github.com/sluice-dev/sluice/record"
)

// check is what a candidate of the index still has to pass. The index
// found the candidate's field holding one of its values; a conjunct of the
// selector that says exactly that (a plain term, or a group of them on the
// field) holds, so it need not be tested again.
type check struct {
	m        *selector.Matcher // what to test: the selector, the rest of it, or nil (it matches)
	test     selector.Test     // m's test (checkCandidates runs it without reading m)
	restNode *selector.Node    // the rest's AST, when m is the rest
	// seen is P of a first conjunct testing P alone (seenTest) that an
	// extraction of the selector reads too, taken out of m (seen.go):
	// checkCandidates tests it itself and keeps the value it read in the
	// State's slot seenSlot-1 (0: none), where the extraction takes it
	seen     record.Path
	seenTest selector.ValueTest
	// seenExists: seenTest is `_exists_:P` (selector.Exists, inlined)
	seenExists bool
	seenSlot   int32
	// seenParent: an extraction reads a sibling of seen (the same keys
	// but the last), so the object seen's last key is in is kept too
	seenParent bool
}

// checkOf is the check of m (nil: none), with rest its AST when m is the
// rest of a selector.
func checkOf(m *selector.Matcher, rest *selector.Node) check {
	if m == nil {
		return check{}
	}
	return check{m: m, test: m.Test(), restNode: rest}
}

// decided reports whether a candidate matches without a test.
func (c check) decided() bool { return c.m == nil && c.seenSlot == 0 }

// whole is the check of a selector the index does not narrow: its matcher,
// or nothing for "*", which matches every record.
func whole(s *Selector) check {
	if s.All {
		return check{}
	}
	return checkOf(s.Matcher, nil)
}

// narrowed is the check of a selector the index routes by field and vals.
func narrowed(s *Selector, field string, vals []any, types map[string]string) check {
	parts := conjuncts(s.AST, nil)
	for i, c := range parts {
		if !exactly(c, field, vals, types) {
			continue
		}
		if len(parts) == 1 {
			return check{}
		}
		rest := &selector.Node{Kind: selector.KConjunction, Nodes: slices.Delete(slices.Clone(parts), i, i+1),
			Start: s.AST.Start, End: s.AST.End}
		m, err := s.Matcher.Part(rest)
		if err != nil { // cannot happen: its nodes were built within the whole
			return whole(s)
		}
		return checkOf(m, rest)
	}
	return whole(s)
}

// conjuncts appends the AND-ed parts of n, through groups of one
// alternative and nested conjunctions (AND is associative: the parts are
// tested in the same order).
func conjuncts(n *selector.Node, out []*selector.Node) []*selector.Node {
	switch n.Kind {
	case selector.KLogicalGroup, selector.KFieldGroup:
		if len(n.Flow) == 1 {
			return conjuncts(n.Flow[0], out)
		}
	case selector.KConjunction:
		for _, c := range n.Nodes {
			out = conjuncts(c, out)
		}
		return out
	}
	return append(out, n)
}

// exactly reports whether n matches exactly the records whose field holds
// one of vals (or, an array, has one as an element), as the index finds.
func exactly(n *selector.Node, field string, vals []any, types map[string]string) bool {
	f, v, ok := membership(n, types)
	return ok && f == field && sameValues(v, vals)
}

// membership is the field and the values n tests when n is a plain term or
// alternatives of plain terms on one field (`f:(a OR b)`), and only that.
func membership(n *selector.Node, types map[string]string) (string, []any, bool) {
	switch n.Kind {
	case selector.KTerm:
		return plainTerm(n, types)
	case selector.KConjunction:
		if len(n.Nodes) == 1 {
			return membership(n.Nodes[0], types)
		}
	case selector.KLogicalGroup, selector.KFieldGroup:
		var field string
		var vals []any
		for i, c := range n.Flow {
			f, v, ok := membership(c, types)
			if !ok || i > 0 && f != field {
				return "", nil, false
			}
			field, vals = f, append(vals, v...)
		}
		return field, vals, len(vals) > 0
	}
	return "", nil, false
}

// sameValues reports whether a and b hold the same values (strings,
// numbers, booleans), in any order; in time linear in their lengths (a
// group may have thousands of alternatives).
func sameValues(a, b []any) bool {
	return subset(a, b) && subset(b, a)
}

// subset reports whether every value of a is one of b's.
func subset(a, b []any) bool {
	in := make(map[any]bool, len(b))
	for _, y := range b {
		in[y] = true
	}
	for _, x := range a {
		if !in[x] {
			return false
		}
	}
	return true
}
