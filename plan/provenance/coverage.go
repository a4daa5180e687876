package provenance

import (
	"fmt"
	"strings"

	"github.com/sluice-dev/sluice/plan"
	"github.com/sluice-dev/sluice/record"
)

// Element is one plan element with how often the data exercised it.
// Reached counts the records that got to it; Yes and No count its two
// branches (named by YesLabel and NoLabel).
type Element struct {
	Kind     string       `json:"kind"` // selector, extraction, validation, post_process, selector_step, output_false, other_match_required
	Rule     plan.RuleRef `json:"rule"`
	What     string       `json:"what"`
	Selector int          `json:"selector"` // -1 for the output pass
	Reached  int          `json:"reached"`
	Yes      int          `json:"yes"`
	No       int          `json:"no"`
	YesLabel string       `json:"yes_label"`
	NoLabel  string       `json:"no_label,omitempty"` // "": the element has one branch
	// NodeIDs are the IDs of the plan.Graph nodes that show the element
	// (one, or one per other_match_required entry naming its field).
	NodeIDs []string `json:"-"`

	key any
}

// Coverage counts, for each element of a plan, how a data set exercised it.
type Coverage struct {
	Records  int        `json:"records"`
	Output   int        `json:"output"`
	Elements []*Element `json:"elements"`

	byKey map[any]*Element
}

// NewCoverage lists every element of p with zero counts, in plan order.
func NewCoverage(p *plan.Plan) *Coverage {
	c := &Coverage{byKey: map[any]*Element{}}
	for i, s := range p.Selectors {
		c.add(&Element{Kind: "selector", Rule: s.Rule, What: s.Query, Selector: i, YesLabel: "matched", key: s}, plan.SelectorNodeID(i))
		for j, e := range s.Extractions {
			c.add(&Element{Kind: "extraction", Rule: e.Rule, What: e.Describe(), Selector: i, YesLabel: "extracted", key: e}, plan.ExtractionNodeID(i, j))
		}
		for j, st := range s.Pipeline {
			c.add(stepElement(i, st), plan.StepNodeID(i, j))
		}
	}
	for i := range p.Restrict {
		x := &p.Restrict[i]
		c.add(&Element{Kind: "output_false", Rule: x.Rule, What: "output:false " + x.Path.String(), Selector: -1, YesLabel: "removed the field", key: x}, plan.RestrictNodeID(i))
	}
	for i, q := range p.Require {
		if e, seen := c.byKey[q.Field]; seen {
			e.NodeIDs = append(e.NodeIDs, plan.RequireNodeID(i))
			continue
		}
		c.add(&Element{Kind: "other_match_required", Rule: q.Rule, What: "other_match_required " + q.Field, Selector: -1, YesLabel: "dropped a record", key: q.Field}, plan.RequireNodeID(i))
	}
	return c
}

func stepElement(sel int, st *plan.Step) *Element {
	e := &Element{Kind: "post_process", Rule: st.Rule, What: st.Describe(), Selector: sel, YesLabel: "changed the record", key: st}
	switch {
	case st.Kind == plan.StepSelector:
		e.Kind, e.YesLabel, e.NoLabel = "selector_step", "matched", "did not match"
	case st.Op != nil && st.Op.Spec.Kind.IsValidation():
		e.Kind, e.YesLabel, e.NoLabel = "validation", "rejected a value", "accepted"
	}
	return e
}

func (c *Coverage) add(e *Element, nodeID string) {
	e.NodeIDs = append(e.NodeIDs, nodeID)
	c.Elements = append(c.Elements, e)
	c.byKey[e.key] = e
}

// Add counts one record's trace.
func (c *Coverage) Add(p *plan.Plan, t *Trace) {
	c.Records++
	if t.Output != nil {
		c.Output++
	}
	for _, ev := range t.Events {
		c.count(p, ev)
	}
}

func (c *Coverage) count(p *plan.Plan, ev *Event) {
	if ev.Kind == Unmet {
		c.countUnmet(ev)
		return
	}
	var e *Element
	switch ev.Kind {
	case Match:
		e = c.byKey[p.Selectors[ev.Selector]]
	case Extract:
		e = c.byKey[ev.Extraction]
	case Step:
		e = c.byKey[ev.Step]
	case Restrict:
		e = c.byKey[ev.Restriction]
	}
	if e == nil {
		return
	}
	e.Reached++
	if stepFired(e.Kind, ev) {
		e.Yes++
	} else {
		e.No++
	}
}

// countUnmet counts a record other_match_required dropped for each
// requirement on one of its fields.
func (c *Coverage) countUnmet(ev *Event) {
	for _, f := range ev.Removed {
		top, _, _ := strings.Cut(f, ".")
		if e := c.byKey[top]; e != nil && e.Kind == "other_match_required" {
			e.Reached++
			e.Yes++
		}
	}
}

// stepFired decides which branch an event took: a selector step that
// matched keeps the record; any other element fired when it changed it.
func stepFired(kind string, ev *Event) bool {
	switch kind {
	case "selector", "output_false", "other_match_required":
		return true
	case "selector_step":
		return !ev.Dropped
	}
	return ev.Changes()
}

// Gap is a branch the data never took.
type Gap struct {
	*Element
	Branch string `json:"branch"` // the label of the branch never taken, or "reached"
}

// Gaps lists what never fired, in plan order: elements never reached, and
// reached elements with a branch never taken (a validation that never
// rejected, an extraction that never extracted, ...).
func (c *Coverage) Gaps() []Gap {
	var out []Gap
	for _, e := range c.Elements {
		switch {
		case e.Reached == 0 && e.Kind != "selector" && e.Selector >= 0: // extractions and steps
			out = append(out, Gap{e, "reached"})
		case e.Yes == 0:
			out = append(out, Gap{e, e.YesLabel})
		case e.NoLabel != "" && e.No == 0:
			out = append(out, Gap{e, e.NoLabel})
		}
	}
	return out
}

// Run evaluates records one at a time under a Recorder and returns their
// traces (records are modified as by plan.Run). A panic inside the plan ends
// that record's trace with Panic set, and the run goes on.
func Run(p *plan.Plan, in []*record.Record) []*Trace {
	var traces []*Trace
	rec := &Recorder{Plan: p, Done: func(t *Trace) { traces = append(traces, t) }}
	st := plan.State{Tracer: rec}
	for _, r := range in {
		if t := runSafe(p, r, &st, rec); t != nil {
			traces = append(traces, t)
		}
	}
	return traces
}

// runSafe runs one record; after a panic it returns the record's trace so
// far, marked with the panic.
func runSafe(p *plan.Plan, r *record.Record, st *plan.State, rec *Recorder) (aborted *Trace) {
	defer func() {
		if x := recover(); x != nil {
			aborted = rec.abort(fmt.Sprintf("internal error while the rule at %s ran: %v", st.Rule().Pos(), x))
		}
	}()
	p.RunOne(r, st)
	return nil
}
