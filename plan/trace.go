package plan

import "github.com/sluice-dev/sluice/record"

// Tracer observes the evaluation of one record at a time, element by
// element: rulec run --trace, rulec coverage and rulec diff are built on it.
// Set State.Tracer to enable it; when it is nil each hook costs one pointer
// test. Methods are called synchronously, in evaluation order, and must not
// modify the records they are shown.
type Tracer interface {
	// Begin starts a record.
	Begin(r *record.Record)
	// Matched reports that selector i of the plan matched the record.
	Matched(i int)
	// Extracted reports an extraction of a matched selector: set says
	// whether it wrote a value into out, the output record so far.
	Extracted(e *Extraction, out *record.Record, set bool)
	// Stepping is called before a post-process step of selector i runs
	// on r; Stepped after it, with the current record (nil: dropped).
	Stepping(i int, s *Step, r *record.Record)
	Stepped(i int, s *Step, r *record.Record, err error)
	// Restricting is called before an output:false restriction is applied.
	Restricting(x *Restriction, r *record.Record)
	// Unmet reports that other_match_required dropped r.
	Unmet(r *record.Record)
	// End finishes the record with the output (nil: no output) and the
	// dead letter, if any.
	End(out *record.Record, dead *DeadLetter)
}

// runTraced evaluates one record under st.Tracer.
func (p *Plan) runTraced(r *record.Record, st *State) (*record.Record, *DeadLetter) {
	st.Tracer.Begin(r)
	out, dead := p.runOne(r, st)
	st.Tracer.End(out, dead)
	return out, dead
}

func traceMatches(st *State) {
	for _, h := range st.hits {
		st.Tracer.Matched(h)
	}
}
