package plan

import (
	"github.com/sluice-dev/sluice/lang/selector"
	"github.com/sluice-dev/sluice/record"
)

// A rule like `_exists_:user.email AND NOT status:404` with the source
// user.email reads the same nested path twice per record it selects: its
// selector tests it, its extraction takes it. The index's check of such a
// selector reads the path itself (the selector's first conjunct, so the
// parts are still tested in their order) and keeps the value in the
// State; the extraction, which runs only when that check passed on the
// same unchanged input record, takes it from there instead of walking the
// path again.

// seenValue is what a check's seen path read (record.Path.Get's answer).
type seenValue struct {
	v  any
	ok bool
}

// clearSeen forgets the seen slots of p's extractions (BuildIndex sets
// them again when the plan has an index).
func (p *Plan) clearSeen() {
	for _, s := range p.Selectors {
		for _, e := range s.Extractions {
			e.seenSlot = 0
		}
	}
}

// noteSeen takes the first conjunct `_exists_:P` out of the checks of the
// selectors an extraction of which reads P, and gives each such check and
// extraction a slot.
func (p *Plan) noteSeen(ix *index) {
	for i, s := range p.Selectors {
		c, ok := seenCheck(s, ix.checks[i])
		if !ok {
			continue
		}
		ix.nseen++
		c.seenSlot = int32(ix.nseen)
		for _, e := range s.Extractions {
			if readsPath(e, c.seen) {
				e.seenSlot = c.seenSlot
			}
		}
		ix.checks[i] = c
	}
}

// seenCheck is c with its first conjunct taken out as its seen path, when
// that conjunct is `_exists_:P` on a dotted path an extraction of s reads.
func seenCheck(s *Selector, c check) (check, bool) {
	ast := c.restNode
	if c.m == nil || ast == nil && c.m != s.Matcher || ast == nil && s.AST == nil {
		return c, false
	}
	if ast == nil {
		ast = s.AST
	}
	parts := conjuncts(ast, nil)
	if parts[0].Kind != selector.KExists || len(s.Extractions) == 0 {
		return c, false
	}
	first, err := s.Matcher.Part(parts[0])
	if err != nil {
		return c, false
	}
	path, isExists := first.Test().ExistsPath()
	if !isExists || !readBy(s.Extractions, path) {
		return c, false
	}
	out := check{seen: path}
	if len(parts) > 1 {
		rest := &selector.Node{Kind: selector.KConjunction, Nodes: parts[1:], Start: ast.Start, End: ast.End}
		m, err := s.Matcher.Part(rest)
		if err != nil {
			return c, false
		}
		out.m, out.test, out.restNode = m, m.Test(), rest
	}
	return out, true
}

// readBy reports whether one of es reads path as its source.
func readBy(es []*Extraction, path record.Path) bool {
	for _, e := range es {
		if readsPath(e, path) {
			return true
		}
	}
	return false
}

// readsPath reports whether e reads its source with path.Get (a path of
// many keys, not one read as a key).
func readsPath(e *Extraction, path record.Path) bool {
	return e.HasSource && !e.Direct && !e.keyed && !e.plain && e.Source.String() == path.String()
}

// see tests c's seen path on o (the selector's `_exists_`) and keeps what
// it read for the extractions of c's selector.
func (st *State) see(c *check, o *record.Object) bool {
	v, ok := c.seen.Get(o)
	st.seen[c.seenSlot-1] = seenValue{v, ok}
	return selector.Exists(v, ok)
}
