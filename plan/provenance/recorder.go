package provenance

import (
	"github.com/sluice-dev/sluice/plan"
	"github.com/sluice-dev/sluice/record"
)

// Recorder is a plan.Tracer that builds a Trace per record and hands each
// finished one to Done.
type Recorder struct {
	Plan *plan.Plan
	Done func(*Trace)

	t      *Trace
	before fields                   // the record before the current step
	out    fields                   // the output record as extraction built it
	sel    map[*plan.Extraction]int // selectorOf, built on first use
	// after is afterRec, the record the last step left, flattened: the
	// next step starts from it (nothing changes a record between two
	// steps), so Stepping need not flatten it again.
	after    fields
	afterRec *record.Record
}

var _ plan.Tracer = (*Recorder)(nil)

// Begin implements plan.Tracer.
func (r *Recorder) Begin(in *record.Record) {
	r.t = &Trace{Input: record.JSON(in.Data)}
	r.out = fields{}
	r.after, r.afterRec = fields{}, nil
}

// Matched implements plan.Tracer.
func (r *Recorder) Matched(i int) {
	r.t.Matched = append(r.t.Matched, i)
	s := r.Plan.Selectors[i]
	r.add(&Event{Kind: Match, Rule: s.Rule, What: s.Query, Selector: i})
}

// Extracted implements plan.Tracer.
func (r *Recorder) Extracted(e *plan.Extraction, out *record.Record, set bool) {
	now := flatten(out.Data)
	ev := &Event{Kind: Extract, Rule: e.Rule, What: e.Describe(), Selector: r.selectorOf(e), Extraction: e}
	ev.Set, ev.Changed, ev.Removed = diff(r.out, now)
	r.out = now
	r.add(ev)
}

// Stepping implements plan.Tracer.
func (r *Recorder) Stepping(_ int, _ *plan.Step, cur *record.Record) {
	if cur == r.afterRec {
		r.before = r.after
		return
	}
	r.before = flatten(cur.Data)
}

// Stepped implements plan.Tracer.
func (r *Recorder) Stepped(i int, s *plan.Step, cur *record.Record, err error) {
	ev := &Event{Kind: Step, Rule: s.Rule, What: s.Describe(), Selector: i, Step: s, Err: err}
	r.after, r.afterRec = fields{}, nil
	if cur == nil {
		ev.Dropped = err == nil
	} else {
		now := flatten(cur.Data)
		r.after, r.afterRec = now, cur
		ev.Set, ev.Changed, ev.Removed = diff(r.before, now)
		if !ev.Changes() {
			ev.Kept = present(stepTarget(s), cur)
		}
	}
	r.add(ev)
}

// Restricting implements plan.Tracer.
func (r *Recorder) Restricting(x *plan.Restriction, cur *record.Record) {
	if !x.Path.Has(cur.Data) {
		return
	}
	before := flatten(cur.Data)
	var removed []string
	for _, p := range before.paths {
		if p == x.Path.String() || within(p, x.Path.String()) {
			removed = append(removed, p)
		}
	}
	r.add(&Event{Kind: Restrict, Rule: x.Rule, What: "output:false " + x.Path.String(), Selector: -1, Restriction: x, Removed: removed})
}

// Unmet implements plan.Tracer.
func (r *Recorder) Unmet(cur *record.Record) {
	ev := &Event{Kind: Unmet, Selector: -1, Dropped: true, What: "other_match_required: only required fields are left",
		Removed: flatten(cur.Data).paths}
	for _, q := range r.Plan.Require {
		if cur.Data.Has(q.Field) {
			ev.Rule = q.Rule
			break
		}
	}
	r.add(ev)
}

// End implements plan.Tracer.
func (r *Recorder) End(out *record.Record, dead *plan.DeadLetter) {
	if out != nil {
		r.t.Output = out.Data
	}
	r.t.Dead = dead
	t := r.t
	r.t = nil
	if r.Done != nil {
		r.Done(t)
	}
}

func (r *Recorder) add(e *Event) { r.t.Events = append(r.t.Events, e) }

// selectorOf finds the selector an extraction belongs to (the first, when
// several share it). The index is built once: a scan of every extraction
// per event made tracing a plan of many rules quadratic.
func (r *Recorder) selectorOf(e *plan.Extraction) int {
	if r.sel == nil {
		r.sel = map[*plan.Extraction]int{}
		for i, s := range r.Plan.Selectors {
			for _, x := range s.Extractions {
				if _, seen := r.sel[x]; !seen {
					r.sel[x] = i
				}
			}
		}
	}
	if i, ok := r.sel[e]; ok {
		return i
	}
	return -1
}

// stepTarget is the field a step writes (or checks, for a validation).
func stepTarget(s *plan.Step) string {
	switch {
	case s.Kind == plan.StepExtraction:
		return s.Extraction.Spec.Target
	case s.Kind == plan.StepJoin || s.Kind == plan.StepArray:
		return s.Target.String()
	case s.Op == nil:
		return ""
	case s.Op.InPlace || s.Op.Target.String() == "":
		return s.Op.Source.String()
	}
	return s.Op.Target.String()
}

func present(path string, r *record.Record) []string {
	if path == "" || !record.ParsePath(path).Has(r.Data) {
		return nil
	}
	return []string{path}
}

// abort ends the current record after a panic: its trace so far, with the
// panic.
func (r *Recorder) abort(msg string) *Trace {
	t := r.t
	if t == nil {
		t = &Trace{}
	}
	t.Panic = msg
	r.t = nil
	return t
}
