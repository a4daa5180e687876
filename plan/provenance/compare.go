package provenance

// FieldDiff is one field whose output differs between two rule sets.
type FieldDiff struct {
	Path     string   `json:"field"`
	Old      string   `json:"old,omitempty"` // JSON; "" when absent
	New      string   `json:"new,omitempty"`
	OldRules []string `json:"old_rules,omitempty"` // the elements only the old history has ("file:line what")
	NewRules []string `json:"new_rules,omitempty"`
}

// Compare lists the output fields that differ between the traces of one
// input record under two rule sets, each with the elements that touched it
// under one and not the other (by kind and description): the cause.
func Compare(old, new *Trace) []FieldDiff {
	before, after := outputFields(old), outputFields(new)
	var out []FieldDiff
	seen := map[string]bool{}
	for _, p := range append(append([]string(nil), before.paths...), after.paths...) {
		if seen[p] || before.vals[p] == after.vals[p] {
			seen[p] = true
			continue
		}
		seen[p] = true
		d := FieldDiff{Path: p, Old: before.vals[p], New: after.vals[p]}
		d.OldRules, d.NewRules = onlyIn(old.Field(p), new.Field(p)), onlyIn(new.Field(p), old.Field(p))
		out = append(out, d)
	}
	return out
}

func outputFields(t *Trace) fields {
	if t.Output == nil {
		return fields{vals: map[string]string{}}
	}
	return flatten(t.Output)
}

// onlyIn lists the events of a whose kind and description b lacks, as
// "file:line what".
func onlyIn(a, b []*Event) []string {
	has := map[string]bool{}
	for _, e := range b {
		has[string(e.Kind)+" "+e.What] = true
	}
	var out []string
	for _, e := range a {
		if !has[string(e.Kind)+" "+e.What] {
			out = append(out, e.Rule.Pos()+" "+e.What)
		}
	}
	return out
}

// Explain says why a trace has no output: the element that dropped the
// record, no selector matched, nothing was extracted, or a dead letter.
func (t *Trace) Explain() string {
	switch {
	case t.Panic != "":
		return t.Panic
	case t.Output != nil:
		return "output"
	case t.Dead != nil:
		return "dead letter " + t.Dead.Code + " at " + t.Dead.Rule.Pos()
	case len(t.Matched) == 0:
		return "no selector matched"
	}
	if d := t.DroppedBy(); d != nil {
		return "dropped by " + d.Rule.Pos() + " " + d.What
	}
	for _, e := range t.Events {
		if e.Kind == Restrict {
			return "output:false removed every field"
		}
	}
	return "nothing was extracted"
}
