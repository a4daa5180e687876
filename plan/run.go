package plan

import (
	"github.com/sluice-dev/sluice/record"
)

// DeadLetter is a record that could not be processed, with the reason.
type DeadLetter struct {
	Record  *record.Record
	Rule    RuleRef
	Code    string
	Message string
}

// Reason renders the dead-letter reason as {rule, file:line, code, message}.
func (d *DeadLetter) Reason() *record.Object {
	o := record.NewObject(4)
	o.Set("rule", float64(d.Rule.ID))
	o.Set("at", d.Rule.Pos())
	o.Set("code", d.Code)
	o.Set("message", d.Message)
	return o
}

// State is per-goroutine scratch space for Run; reuse one per worker.
type State struct {
	hits      []int
	extra     []string // selector-step queries that are not in the selector table
	extracted bool
	// KeepSelectors sets the "selectors" metadata on output records.
	KeepSelectors bool
	// UseIndex routes records through the selector index (the default);
	// false evaluates every selector, the oracle the index is tested against.
	NoIndex bool
	// Decoder decodes the records of the goroutine that owns the State
	// (rulec run), boxing their values in shared chunks.
	Decoder record.Decoder
}

// Run evaluates records in order and returns the outputs (at most one per
// input, in input order) and the dead letters. Records may be modified in
// place.
func (p *Plan) Run(in []*record.Record) ([]*record.Record, []*DeadLetter) {
	var st State
	out := make([]*record.Record, 0, len(in))
	var dead []*DeadLetter
	for _, r := range in {
		o, d := p.RunOne(r, &st)
		if d != nil {
			dead = append(dead, d)
		}
		if o != nil {
			out = append(out, o)
		}
	}
	return out, dead
}

// RunOne evaluates one record.
func (p *Plan) RunOne(r *record.Record, st *State) (*record.Record, *DeadLetter) {
	if !p.selectRecord(r, st) {
		return nil, nil
	}
	cur := r
	if p.Mode == Transform {
		var d *DeadLetter
		if cur, d = p.transform(r, st); d != nil || cur == nil {
			return nil, d
		}
	}
	if st.KeepSelectors {
		cur.SetMeta("selectors", p.hitNames(st))
	}
	return p.output(cur), nil
}

func (p *Plan) selectRecord(r *record.Record, st *State) bool {
	st.hits = st.hits[:0]
	st.extra = st.extra[:0]
	st.extracted = false
	if p.index != nil && !st.NoIndex {
		st.hits = p.index.candidates(r.Data, st.hits)
		n := 0
		for _, i := range st.hits {
			if s := p.Selectors[i]; s.All || s.Matcher.Match(r.Data) {
				st.hits[n] = i
				n++
			}
		}
		st.hits = st.hits[:n]
	} else {
		for i, s := range p.Selectors {
			if s.All || s.Matcher.Match(r.Data) {
				st.hits = append(st.hits, i)
			}
		}
	}
	return len(st.hits) > 0
}

func (p *Plan) hitNames(st *State) []any {
	names := make([]any, 0, len(st.hits))
	for _, h := range st.hits {
		if h >= 0 {
			names = append(names, p.Selectors[h].Query)
		}
	}
	for _, q := range st.extra {
		names = append(names, q)
	}
	return names
}

func (p *Plan) transform(r *record.Record, st *State) (*record.Record, *DeadLetter) {
	cur := r
	if p.Extracting {
		out := r.Fork()
		for _, h := range st.hits {
			for _, e := range p.Selectors[h].Extractions {
				set, err := e.apply(r.Data, out.Data, r.Data)
				if err != nil {
					return nil, dead(r, e.Rule, CodeExtract, err)
				}
				st.extracted = st.extracted || set
			}
		}
		if !st.extracted {
			return nil, nil
		}
		cur = out
	}
	if p.Processing {
		return p.postProcess(r, cur, st)
	}
	return cur, nil
}

// postProcess runs the pipelines of the record's selectors, in order; the
// hit list is read live because selector steps append to it.
func (p *Plan) postProcess(in, cur *record.Record, st *State) (*record.Record, *DeadLetter) {
	for i := 0; i < len(st.hits) && cur != nil; i++ {
		h := st.hits[i]
		if h < 0 {
			continue
		}
		for _, step := range p.Selectors[h].Pipeline {
			var err error
			if cur, err = step.run(cur, st); err != nil {
				return nil, dead(in, step.Rule, CodeOperation, err)
			}
			if cur == nil {
				return nil, nil
			}
		}
	}
	if cur == nil || cur.Data.Len() == 0 {
		return nil, nil
	}
	return cur, nil
}

// output applies output:false restrictions and other_match_required.
func (p *Plan) output(r *record.Record) *record.Record {
	if len(p.Restrict) > 0 {
		for _, x := range p.Restrict {
			x.Path.Unset(r.Data)
		}
		if r.Data.Len() == 0 {
			return nil
		}
	}
	if len(p.Require) > 0 && !p.requirementsMet(r.Data) {
		return nil
	}
	return r
}

func (p *Plan) requirementsMet(o *record.Object) bool {
	required, other := false, false
	for i := 0; i < o.Len(); i++ {
		if k, _ := o.At(i); p.isRequired(k) {
			required = true
		} else {
			other = true
		}
	}
	return !required || other
}

func (p *Plan) isRequired(k string) bool {
	for _, q := range p.Require {
		if q.Field == k {
			return true
		}
	}
	return false
}

// Dead-letter codes.
const (
	CodeExtract   = "RUN001" // an extraction failed (exp error, regex timeout)
	CodeOperation = "RUN002" // a post-process operation failed
)

func dead(r *record.Record, rule RuleRef, code string, err error) *DeadLetter {
	return &DeadLetter{Record: r, Rule: rule, Code: code, Message: err.Error()}
}
