package plan

import (
	"strings"

	"github.com/sluice-dev/sluice/record"
)

// apply runs one extraction: read from src, write into dst; ctx is the
// record exp expressions see. It reports whether a value was set. st gives
// the record's regex budget and the chunks its strings are boxed in. dst is
// src itself (a mutating step) or a fresh fork of the record, which no
// value of src can contain.
func (e *Extraction) apply(src, dst, ctx *record.Object, st *State) (bool, error) {
	if dst != src && e.plain {
		// a nested member kept as text stays text: copied as it is, it is
		// decoded only if read and otherwise written out as it came
		if e.fresh {
			return e.addPlain(src, dst, st), nil
		}
		return dst.SetFrom(e.targetKey, src, e.key), nil
	}
	var v any
	var ok bool
	switch {
	case e.keyed:
		if v, ok = e.key.Hit(src); !ok {
			v, ok = e.key.Get(src)
		}
	case e.seenSlot > 0 && st.seenOn: // read by the selector's check (seen.go)
		v, ok = e.seenValue(src, st)
	case e.HasSource && e.Direct: // built by hand, without NewExtraction
		v, ok = e.Source.GetKey(src) // src.Get(e.Source.String()), with the path's cache
	case e.HasSource:
		v, ok = e.Source.Get(src)
	}
	var r any
	var err error
	switch {
	case ok && (e.Regex != nil || e.Slice):
		if s, isStr := v.(string); isStr {
			r, err = e.one(s, st) // what over does with a string, a call less
		} else {
			r, err = e.over(v, st)
		}
	case ok && e.Exp != nil:
		r, err = e.Exp.Eval(ctx)
	case ok:
		r = v
	case e.Exp != nil && !e.HasSource:
		r, err = e.Exp.Eval(ctx)
	}
	if err != nil || record.IsNil(r) {
		return false, err
	}
	switch {
	case dst != src && e.fresh: // known not to be there: appended
		if e.restrictSlot > 0 {
			st.noteRestricted(e.restrictSlot, dst.Len())
		}
		dst.AddTarget(e.target, r)
	case dst != src && e.oneKeyTarget: // setNew's common case, without its call
		dst.Set(e.targetKey, r)
	case dst != src:
		// a value read from src cannot contain the fork, so the check
		// Path.Set makes against a record containing itself is not needed
		setNew(dst, &e.Target, r)
	default:
		e.Target.Set(dst, r)
	}
	return true, nil
}

// addText is apply of a loopText extraction to s, its source's string
// value, into a fork of the record.
func (e *Extraction) addText(s string, dst *record.Object, st *State) (bool, error) {
	var r any
	var err error
	if e.Regex == nil {
		r = e.sliceFn(s, st)
	} else {
		r, err = e.regexFirst(s, st)
	}
	if err != nil || record.IsNil(r) {
		return false, err
	}
	dst.AddTarget(e.target, r)
	return true, nil
}

// addPlain is apply of a plain extraction with a fresh target into a fork
// of src: the key's value appended as it is.
func (e *Extraction) addPlain(src, dst *record.Object, st *State) bool {
	if e.restrictSlot == 0 {
		return dst.AddFromTarget(e.target, src, e.key)
	}
	n := dst.Len()
	set := dst.AddFromTarget(e.target, src, e.key)
	if set {
		st.noteRestricted(e.restrictSlot, n)
	}
	return set
}

// over applies the regex or the start/end slice to a string, or to the
// string elements of an array.
func (e *Extraction) over(v any, st *State) (any, error) {
	switch x := v.(type) {
	case string:
		return e.one(x, st)
	case []any:
		var out []any
		for _, el := range x {
			s, ok := el.(string)
			if !ok {
				continue
			}
			r, err := e.one(s, st)
			if err != nil {
				return nil, err
			}
			if !record.Truthy(r) {
				continue
			}
			if arr, isArr := r.([]any); isArr {
				out = append(out, arr...)
			} else {
				out = append(out, r)
			}
		}
		if len(out) == 0 {
			return nil, nil
		}
		if e.Multi == MultiFalse {
			return out[0], nil
		}
		return out, nil
	}
	return nil, nil
}

// one extracts from one string: by regex, else by start/end.
func (e *Extraction) one(s string, st *State) (any, error) {
	switch {
	case e.Regex == nil:
		return e.sliceFn(s, st), nil
	case e.Multi != MultiTrue:
		return e.regexFirst(s, st)
	}
	return e.regexAll(s, st)
}

// sliceFn extracts between start and the next end (or to the end).
func (e *Extraction) sliceFn(s string, st *State) any {
	i := strings.Index(s, e.Start)
	if i < 0 {
		return nil
	}
	rest := s[i+len(e.Start):]
	if j := strings.Index(rest, e.End); j >= 0 {
		rest = rest[:j]
	}
	if rest == "" {
		return nil
	}
	return st.box(rest)
}

// regexFn is the reference matchAll: every group of every match (or the
// whole match when the regex has no groups), the first only unless
// multivalue is true.
func (e *Extraction) regexFn(s string, st *State) (any, error) {
	if e.Multi != MultiTrue {
		return e.regexFirst(s, st)
	}
	return e.regexAll(s, st)
}

// regexAll is regexFn with multivalue: every match.
func (e *Extraction) regexAll(s string, st *State) (any, error) {
	ms, err := e.Regex.FindAllIn(s, -1, &st.budget)
	if err != nil {
		return nil, err
	}
	var out []any
	for _, m := range ms {
		if m.Start == m.End {
			break // the reference stops at the first zero-length match
		}
		if len(m.Groups) == 1 {
			out = append(out, st.box(m.Groups[0].Text))
			continue
		}
		for _, g := range m.Groups[1:] {
			if g.OK {
				out = append(out, st.box(g.Text))
			} else {
				out = append(out, record.Undefined)
			}
		}
	}
	if len(out) == 0 {
		return nil, nil
	}
	return out, nil
}

// regexFirst is regexFn without multivalue: the first value the full list
// would start with (the whole first match, or its first group).
func (e *Extraction) regexFirst(s string, st *State) (any, error) {
	m, found, err := e.Regex.FirstIn(s, st.groups, &st.budget)
	if err != nil || !found {
		return nil, err
	}
	st.groups = m.Groups // room for the next match's groups
	switch {
	case m.Start == m.End:
		return nil, nil // the reference stops at the first zero-length match
	case len(m.Groups) == 1:
		return st.box(m.Groups[0].Text), nil
	case m.Groups[1].OK:
		return st.box(m.Groups[1].Text), nil
	}
	return record.Undefined, nil
}

// markFreshTargets marks the extractions of p's selectors whose target is
// one key that no other of them writes (fresh): the fork of a record they
// write into starts empty, each selector is among a record's hits once,
// so such a target is not there yet when its extraction writes it, which
// then appends it without looking for it. A target of many keys counts as
// writing its first key and its whole text (Path.Set may take the text as
// one key). A fresh target that is an output:false key notes where it
// was appended (restrictSlot).
func (p *Plan) markFreshTargets() {
	writers := targetWriters(p.Selectors)
	slots := p.restrictSlots()
	noted := false
	for _, s := range p.Selectors {
		for _, e := range s.Extractions {
			e.fresh = e.oneKeyTarget && writers[e.targetKey] == 1
			e.restrictSlot = 0
			if e.fresh {
				e.restrictSlot = slots[e.targetKey]
				noted = noted || e.restrictSlot > 0
			}
		}
	}
	if !noted {
		p.restrictTargets = nil
	}
	p.markJoinSlots(slots)
}

// markJoinSlots tells each join where the output:false keys among its
// fields are noted (Step.noted), so that it reads them where they were
// appended.
func (p *Plan) markJoinSlots(slots map[string]int32) {
	for _, s := range p.Selectors {
		for _, step := range s.Pipeline {
			step.noted = nil
			if step.Kind != StepJoin || p.restrictTargets == nil {
				continue
			}
			for i, f := range step.Fields {
				if slot := slots[f.String()]; slot > 0 && f.Simple() {
					if step.noted == nil {
						step.noted = make([]notedKey, len(step.Fields))
					}
					step.noted[i] = notedKey{key: f.String(), shift: uint8(8 * (slot - 1))}
				}
			}
		}
	}
}

// markLoops marks how the extraction loop runs each extraction of p's
// selectors (Extraction.loop), from their fresh and seen marks (Finish:
// markFreshTargets, then BuildIndex).
func (p *Plan) markLoops() {
	for _, s := range p.Selectors {
		for _, e := range s.Extractions {
			e.loop = loopOf(e)
		}
	}
}

// loopOf is how the extraction loop runs e (Extraction.loop).
func loopOf(e *Extraction) extractionLoop {
	if !e.fresh {
		if e.plain {
			return loopPlainSet
		}
		return loopApply
	}
	text := e.Slice || e.Regex != nil
	switch {
	case e.seenSlot > 0 && !text && e.Exp == nil:
		return loopSeen
	case e.plain && e.restrictSlot > 0:
		return loopPlainNoted
	case e.restrictSlot > 0:
		return loopApply
	case e.plain:
		return loopPlain
	case e.keyed && (e.Slice || e.Regex != nil && e.Multi != MultiTrue) && e.Exp == nil:
		return loopText
	}
	return loopApply
}

// addSeen is apply of a loopSeen extraction into a fork of src, with
// st.seenOn: the value its selector's check read (or the sibling of the
// path it read), appended as it is.
func (e *Extraction) addSeen(src, dst *record.Object, st *State) bool {
	v, ok := e.seenValue(src, st)
	if !ok || record.IsNil(v) {
		return false
	}
	if e.restrictSlot > 0 {
		st.noteRestricted(e.restrictSlot, dst.Len())
	}
	dst.AddTarget(e.target, v)
	return true
}

// targetWriters counts the extractions of sels that write each key.
func targetWriters(sels []*Selector) map[string]int {
	writers := map[string]int{}
	for _, s := range sels {
		for _, e := range s.Extractions {
			if segs := e.Target.Segments(); len(segs) > 0 {
				writers[segs[0]]++
			}
			if !e.oneKeyTarget {
				writers[e.Target.String()]++
			}
		}
	}
	return writers
}

// restrictSlots sets p.restrictTargets, the distinct output:false keys,
// and returns the slot of each (1 + its index); none when there are more
// than the output pass takes by position.
func (p *Plan) restrictSlots() map[string]int32 {
	p.restrictTargets = nil
	slots := map[string]int32{}
	for _, k := range p.restrictKeys {
		if slots[k] == 0 {
			p.restrictTargets = append(p.restrictTargets, record.NewTarget(k))
			slots[k] = int32(len(p.restrictTargets))
		}
	}
	if len(p.restrictTargets) > record.MaxTargetsAt {
		p.restrictTargets = nil
		return nil
	}
	return slots
}

// noteRestricted notes that the output:false key of restrictTargets slot
// (1 + its index) was appended to the record's fork at position i.
func (st *State) noteRestricted(slot int32, i int) {
	if i < 64 {
		st.restrictAt |= uint64(i+1) << (8 * (slot - 1))
	}
}
