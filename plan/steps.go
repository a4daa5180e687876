package plan

import "github.com/sluice-dev/sluice/record"

// run applies one post-process step to the current record.
func (s *Step) run(r *record.Record, st *State) (*record.Record, error) {
	switch s.Kind {
	case StepOp:
		return s.Op.Run(r)
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
		s.join(r.Data)
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
		_, err := e.apply(r.Data, r.Data, r.Data, &st.budget)
		return r, err
	}
	out := r.Fork()
	set, err := e.apply(r.Data, out.Data, r.Data, &st.budget)
	if err != nil {
		return nil, err
	}
	if set || st.extracted {
		return out, nil
	}
	return nil, nil
}

// join concatenates the (deeply flattened) field values with the
// delimiter; the target is set only when the result's length differs from
// the delimiter's.
func (s *Step) join(o *record.Object) {
	var parts []any
	for _, f := range s.Fields {
		v, ok := f.Get(o)
		if !ok {
			v = record.Undefined
		}
		parts = flattenDeep(parts, v)
	}
	res := record.JoinJS(parts, s.Delimiter)
	if len16(res) != len16(s.Delimiter) {
		s.Target.Set(o, res)
	}
}

func flattenDeep(out []any, v any) []any {
	if arr, ok := v.([]any); ok {
		for _, e := range arr {
			out = flattenDeep(out, e)
		}
		return out
	}
	return append(out, v)
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
