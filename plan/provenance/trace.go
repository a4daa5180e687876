package provenance

import (
	"github.com/sluice-dev/sluice/plan"
	"github.com/sluice-dev/sluice/record"
)

// Kind is the kind of an Event.
type Kind string

// Event kinds.
const (
	Match    Kind = "match"    // a selector matched
	Extract  Kind = "extract"  // an extraction ran
	Step     Kind = "step"     // a post-process step ran
	Restrict Kind = "restrict" // output:false removed a field
	Unmet    Kind = "unmet"    // other_match_required dropped the record
)

// Event is one thing that happened to a record.
type Event struct {
	Kind     Kind
	Rule     plan.RuleRef
	What     string // the element, as rulec explain shows it
	Selector int    // the selector (index in the plan) it belongs to; -1 for the output pass

	Extraction  *plan.Extraction  `json:"-"`
	Step        *plan.Step        `json:"-"`
	Restriction *plan.Restriction `json:"-"`

	Set, Changed, Removed []string // field paths
	Kept                  []string // fields a step worked on and left as they were
	Dropped               bool     // the record was dropped here
	Err                   error
}

// Changes reports whether the event wrote, changed or removed anything.
func (e *Event) Changes() bool {
	return len(e.Set)+len(e.Changed)+len(e.Removed) > 0 || e.Dropped
}

// Trace is the history of one record.
type Trace struct {
	Input   string // the input record as JSON
	Matched []int  // selectors that matched, in order
	Events  []*Event
	Output  *record.Object // nil: no output
	Dead    *plan.DeadLetter
	Panic   string // set when the plan panicked on the record (a bug)
}

// Field returns the events that wrote, changed, removed or kept path or a
// field inside or around it, in order.
func (t *Trace) Field(path string) []*Event {
	var out []*Event
	for _, e := range t.Events {
		if touches(e.Set, path) || touches(e.Changed, path) || touches(e.Removed, path) || touches(e.Kept, path) {
			out = append(out, e)
		}
	}
	return out
}

// DroppedBy is the event that dropped the record, if one did.
func (t *Trace) DroppedBy() *Event {
	for _, e := range t.Events {
		if e.Dropped {
			return e
		}
	}
	return nil
}

func touches(paths []string, f string) bool {
	for _, p := range paths {
		if p == f || within(f, p) || within(p, f) {
			return true
		}
	}
	return false
}

// within reports whether path a lies inside path b ("a.b.c" in "a.b").
func within(a, b string) bool {
	return len(a) > len(b) && a[len(b)] == '.' && a[:len(b)] == b
}

// Action is what the event did to path: "set", "changed", "removed",
// "kept" (or "" when it did not touch it).
func (e *Event) Action(path string) string {
	switch {
	case touches(e.Set, path):
		return "set"
	case touches(e.Changed, path):
		return "changed"
	case touches(e.Removed, path):
		return "removed"
	case touches(e.Kept, path):
		return "kept"
	}
	return ""
}

// Removed lists the fields a step or output:false removed that are not in
// the output, in the order they were removed (a dropped record's last
// fields are not listed: DroppedBy says why it went).
func (t *Trace) Removed() []string {
	var out []string
	seen := map[string]bool{}
	for _, e := range t.Events {
		if e.Kind == Unmet {
			continue
		}
		for _, p := range e.Removed {
			if !seen[p] && (t.Output == nil || !record.ParsePath(p).Has(t.Output)) {
				seen[p] = true
				out = append(out, p)
			}
		}
	}
	return out
}
