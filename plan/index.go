package plan

import (
	"strings"

	"github.com/sluice-dev/sluice/lang/selector"
	"github.com/sluice-dev/sluice/record"
)

// index routes records to the selectors that can match them. A selector
// whose every match requires `field:value` for some plain term (possibly a
// field group of alternatives) sits in that field's hash buckets; the rest
// are always evaluated. Candidates are then checked with their full
// matcher, in selector order, so the result equals the plain loop's.
//
// Candidates are gathered as a bit set of selectors (one bit each), which
// comes out in order and without duplicates without a sort.
type index struct {
	fields     []*indexField
	always     []int
	alwaysBits []uint64 // always as a bit set
	checks     []check  // by selector: what a candidate still has to pass
	n          int
	nseen      int // the slots of the checks' seen values (seen.go)
}

type indexField struct {
	path    record.Path
	key     record.Key // path's one key when it has only one (path.Simple)
	simple  bool
	strings map[string][]int
	table   strTable // strings, for lookups
	numbers map[float64][]int
	bools   [2][]int
}

// BuildIndex (re)builds the selector index; plans from the compiler have it.
func (p *Plan) BuildIndex() { p.buildIndex(true) }

// buildIndex is BuildIndex; seen: with the checks that keep what they
// read for extractions (seen.go), else without (what they are tested
// against).
func (p *Plan) buildIndex(seen bool) {
	defer p.markLoops() // the seen marks change
	ix := &index{n: len(p.Selectors), checks: make([]check, len(p.Selectors))}
	byField := map[string]*indexField{}
	for i, s := range p.Selectors {
		field, vals, ok := indexable(s, p.Types)
		if !ok {
			ix.always = append(ix.always, i)
			ix.checks[i] = whole(s)
			continue
		}
		ix.checks[i] = narrowed(s, field, vals, p.Types)
		f := byField[field]
		if f == nil {
			f = newIndexField(field)
			byField[field] = f
			ix.fields = append(ix.fields, f)
		}
		for _, v := range vals {
			f.add(v, i)
		}
	}
	p.clearSeen()
	if len(ix.fields) == 0 {
		p.index = nil
		return
	}
	if seen {
		p.noteSeen(ix)
	}
	for _, f := range ix.fields {
		f.table = newStrTable(f.strings)
	}
	ix.alwaysBits = make([]uint64, ix.words())
	for _, i := range ix.always {
		setBit(ix.alwaysBits, i)
	}
	p.index = ix
}

func newIndexField(field string) *indexField {
	f := &indexField{path: record.ParsePath(field), strings: map[string][]int{}, numbers: map[float64][]int{}}
	if f.path.Simple() {
		f.key, f.simple = record.NewKey(field), true
	}
	return f
}

// words is the length of a bit set of the index's selectors.
func (ix *index) words() int { return (ix.n + 63) / 64 }

func setBit(set []uint64, i int) { set[i>>6] |= 1 << (i & 63) }

func (f *indexField) add(v any, sel int) {
	switch x := v.(type) {
	case string:
		f.strings[x] = appendOnce(f.strings[x], sel)
	case float64:
		f.numbers[x] = appendOnce(f.numbers[x], sel)
	case bool:
		b := 0
		if x {
			b = 1
		}
		f.bools[b] = appendOnce(f.bools[b], sel)
	}
}

func appendOnce(list []int, v int) []int {
	if len(list) > 0 && list[len(list)-1] == v {
		return list
	}
	return append(list, v)
}

// candidateSet returns set (scratch room, grown if it has to be) holding
// the bit set of the selectors that can match the record.
func (ix *index) candidateSet(o *record.Object, set []uint64) []uint64 {
	set = append(set[:0], ix.alwaysBits...)
	for _, f := range ix.fields {
		// a field of one key is read as a Key, whose lookup is inlined
		// (Path.Get of one segment is the same lookup, behind a call
		// that copies the Path)
		var v any
		var ok bool
		if f.simple {
			if v, ok = f.key.Hit(o); !ok {
				v, ok = f.key.Get(o)
			}
		} else {
			v, ok = f.path.Get(o)
		}
		if !ok {
			continue
		}
		if s, isStr := v.(string); isStr { // lookup's usual case, without its call
			for _, i := range f.table.get(s) {
				setBit(set, i)
			}
			continue
		}
		if arr, isArr := v.([]any); isArr {
			for _, e := range arr {
				f.lookup(e, set)
			}
			continue
		}
		f.lookup(v, set)
	}
	return set
}

// lookup sets the bits of the selectors v can be a candidate of.
func (f *indexField) lookup(v any, set []uint64) {
	var sels []int
	switch x := v.(type) {
	case string:
		sels = f.table.get(x)
	case float64:
		sels = f.numbers[x]
	case bool:
		if x {
			sels = f.bools[1]
		} else {
			sels = f.bools[0]
		}
	}
	for _, i := range sels {
		setBit(set, i)
	}
}

// indexable finds a required plain term of the selector: the field and the
// values one of which the record's field must hold for any match.
func indexable(s *Selector, types map[string]string) (string, []any, bool) {
	if s.All || s.AST == nil {
		return "", nil, false
	}
	return required(s.AST, types)
}

func required(n *selector.Node, types map[string]string) (string, []any, bool) {
	switch n.Kind {
	case selector.KTerm:
		return plainTerm(n, types)
	case selector.KConjunction:
		for _, c := range n.Nodes {
			if f, v, ok := required(c, types); ok {
				return f, v, true
			}
		}
	case selector.KLogicalGroup, selector.KFieldGroup:
		if len(n.Flow) == 1 {
			return required(n.Flow[0], types)
		}
		return alternatives(n.Flow, types)
	}
	return "", nil, false
}

// alternatives indexes an OR whose every branch requires the same field.
func alternatives(flow []*selector.Node, types map[string]string) (string, []any, bool) {
	var field string
	var vals []any
	for i, c := range flow {
		f, v, ok := required(c, types)
		if !ok || i > 0 && f != field {
			return "", nil, false
		}
		field, vals = f, append(vals, v...)
	}
	return field, vals, len(vals) > 0
}

func plainTerm(n *selector.Node, types map[string]string) (string, []any, bool) {
	if !n.HasField || n.Undefined || n.Value.IsVar() || strings.ContainsAny(n.Field, "*?") {
		return "", nil, false
	}
	switch types[n.Field] {
	case "date", "ip", "ip_range":
		return "", nil, false
	}
	switch n.Value.V.(type) {
	case string, float64, bool:
		return n.Field, []any{n.Value.V}, true
	}
	return "", nil, false
}
