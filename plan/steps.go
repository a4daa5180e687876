package plan

import "github.com/sluice-dev/sluice/record"

// run applies one post-process step to the current record.
func (s *Step) run(r *record.Record, st *State) (*record.Record, error) {
	switch s.Kind {
	case StepOp:
		return s.Op.RunIn(r, &st.scratch)
	case StepExtraction:
		return s.extraction(r, st)
	case StepSelector:
		if !s.Matcher.MatchWithin(r.Data, &st.budget) {
			return nil, st.budget.Err() // nil, or the record ran out of regex time
		}
		st.hits = append(st.hits, s.SelIndex)
		if s.SelIndex < 0 && st.KeepSelectors {
			st.extra = append(st.extra, s.Query)
		}
		return r, nil
	case StepJoin:
		s.join(r.Data, st)
		return r, nil
	case StepArray:
		s.array(r.Data)
		return r, nil
	}
	return r, nil
}

// extraction as a post-process step: mutate writes into the current record;
// otherwise a fork receives the result.
func (s *Step) extraction(r *record.Record, st *State) (*record.Record, error) {
	e := s.Extraction
	if e.Mutate {
		_, err := e.apply(r.Data, r.Data, r.Data, st)
		return r, err
	}
	out := r.Fork()
	set, err := e.apply(r.Data, out.Data, r.Data, st)
	if err != nil {
		return nil, err
	}
	if set || st.extracted {
		return out, nil
	}
	return nil, nil
}

// join concatenates the (deeply flattened) field values with the
// delimiter (Array.prototype.join: null and undefined give ""); the target
// is set only when the result's length differs from the delimiter's. The
// text is built in st's scratch buffer, so the result is the only
// allocation.
func (s *Step) join(o *record.Object, st *State) {
	b := st.buf[:0]
	first := true
	for i := range s.Fields {
		v, ok := s.field(i, o, st)
		if !ok {
			v = record.Undefined
		}
		b, first = appendJoined(b, v, s.Delimiter, first)
	}
	st.buf = b
	if !sameLength16(b, s.Delimiter) {
		setNew(o, &s.Target, st.box(st.scratch.Text(b)))
	}
}

// field reads the join's i-th field in o: where the extraction that
// appended it noted it (Step.noted), when the key there is still the
// field's, else by looking it up. Keys are distinct, so a key found at
// its noted position is the field, whatever steps ran in between (one
// that moved or removed it leaves another key, or none, there).
func (s *Step) field(i int, o *record.Object, st *State) (any, bool) {
	if i < len(s.noted) {
		if n := &s.noted[i]; n.key != "" {
			if at := int(st.restrictAt>>n.shift&0xff) - 1; uint(at) < uint(o.Len()) {
				if k, v := o.At(at); k == n.key {
					return v, true
				}
			}
		}
	}
	return s.Fields[i].Get(o)
}

// sameLength16 reports whether b and s have the same JavaScript length.
// A UTF-8 text of n bytes has between n/3 and n UTF-16 code units, so b
// longer than three times s is longer in code units too, without counting.
func sameLength16(b []byte, s string) bool {
	return len(b) <= 3*len(s) && len16(string(b)) == len16(s)
}

// setNew writes at path a value that cannot contain o (a boxed string, a
// value read from another record): what Path.Set does then, directly into
// the object for a one-key path. (path is a pointer so that the common
// case copies none of it.)
func setNew(o *record.Object, path *record.Path, v any) {
	if segs := path.Segments(); len(segs) == 1 {
		o.Set(segs[0], v)
		return
	}
	path.Set(o, v)
}

// appendJoined appends v to a join in progress: the delimiter unless v is
// the first part, then v's string form; arrays are flattened deeply.
func appendJoined(b []byte, v any, delim string, first bool) ([]byte, bool) {
	if arr, ok := v.([]any); ok {
		for _, e := range arr {
			b, first = appendJoined(b, e, delim, first)
		}
		return b, first
	}
	if !first {
		b = append(b, delim...)
	}
	switch x := v.(type) {
	case string:
		b = append(b, x...)
	case float64:
		b = record.AppendNumber(b, x)
	default:
		if !record.IsNil(v) {
			b = append(b, record.ToString(v)...)
		}
	}
	return b, false
}

// len16 is JavaScript's string length (UTF-16 code units).
func len16(s string) int {
	n := 0
	for _, r := range s {
		n++
		if r >= 0x10000 {
			n++
		}
	}
	return n
}

// array collects the field values, spreading arrays one level and skipping
// missing values (null is kept).
func (s *Step) array(o *record.Object) {
	var out []any
	for _, f := range s.Fields {
		v, ok := f.Get(o)
		if !ok || v == record.Undefined {
			continue
		}
		if arr, isArr := v.([]any); isArr {
			out = append(out, arr...)
			continue
		}
		out = append(out, v)
	}
	if len(out) > 0 {
		s.Target.Set(o, out)
	}
}
