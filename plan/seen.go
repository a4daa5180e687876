package plan

import (
	"slices"

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
// path again. The first conjunct may be any test of the path alone
// (`shipping.city:/[LH].*/` with the source shipping.zip, a sibling):
// selector.Test.PathTest.

// seenValue is what a check's seen path read (record.Path.GetParent's
// answer): the value, and the object its last key was looked up in, where
// a path with the same keys but the last is read (record.Path.GetSibling).
type seenValue struct {
	v      any
	ok     bool
	parent *record.Object
}

// clearSeen forgets the seen slots of p's extractions (BuildIndex sets
// them again when the plan has an index).
func (p *Plan) clearSeen() {
	for _, s := range p.Selectors {
		for _, e := range s.Extractions {
			e.seenSlot, e.seenSibling = 0, false
		}
	}
}

// noteSeen takes the first conjunct out of the checks of the selectors
// whose first conjunct tests a path P alone and an extraction of which
// reads P or a sibling of it (seenCheck), and gives each such check and
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
			switch {
			case readsPath(e, c.seen):
				e.seenSlot = c.seenSlot
			case readsSibling(e, c.seen):
				e.seenSlot, e.seenSibling = c.seenSlot, true
				c.seenParent = true
			}
		}
		ix.checks[i] = c
	}
}

// seenCheck is c with its first conjunct taken out as its seen path, when
// that conjunct is a test of a dotted path P alone (selector.PathTest)
// and an extraction of s reads P or a sibling of it.
func seenCheck(s *Selector, c check) (check, bool) {
	if c.m == nil || len(s.Extractions) == 0 {
		return c, false // decided by the index, or no extraction to read P
	}
	ast := c.restNode // the rest of the selector (narrowed), else c.m is the whole (whole)
	if ast == nil {
		ast = s.AST
	}
	if ast == nil {
		return c, false
	}
	parts := conjuncts(ast, nil)
	first, err := s.Matcher.Part(parts[0])
	if err != nil {
		return c, false
	}
	path, test, isPathTest := first.Test().PathTest()
	if !isPathTest || !readBy(s.Extractions, path) {
		return c, false
	}
	out := check{seen: path, seenTest: test, seenExists: test.IsExists()}
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

// readBy reports whether one of es reads path or a sibling of it as its
// source.
func readBy(es []*Extraction, path record.Path) bool {
	for _, e := range es {
		if readsPath(e, path) || readsSibling(e, path) {
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

// readsSibling reports whether e reads with Path.Get a path whose keys
// are path's but the last.
func readsSibling(e *Extraction, path record.Path) bool {
	if !e.HasSource || e.Direct || e.keyed || e.plain {
		return false
	}
	a, b := e.Source.Segments(), path.Segments()
	return len(a) == len(b) && len(a) > 1 && slices.Equal(a[:len(a)-1], b[:len(b)-1])
}

// see tests c's seen path on o (the first conjunct of selector sel) and
// keeps what it read for the extractions of c's selector.
func (st *State) see(c *check, o *record.Object, sel int) bool {
	var v any
	var ok bool
	var parent *record.Object
	if c.seenParent {
		v, ok, parent = c.seen.GetParent(o)
	} else {
		v, ok = c.seen.Get(o) // the quicker walk
	}
	st.seen[c.seenSlot-1] = seenValue{v, ok, parent}
	if c.seenExists {
		return selector.Exists(v, ok) // the usual test, inlined
	}
	st.running(placeSelector, sel, 0) // a pattern may time out: RunOne names the selector
	return c.seenTest.Match(v, ok, &st.budget)
}

// seenValue is what e's source holds in src, from what its selector's
// check kept: the value itself, or the object to read its last key in.
func (e *Extraction) seenValue(src *record.Object, st *State) (any, bool) {
	sv := &st.seen[e.seenSlot-1]
	if e.seenSibling {
		return e.Source.GetSibling(src, sv.parent)
	}
	return sv.v, sv.ok
}
