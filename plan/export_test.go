package plan

// WithoutFreshTargets clears the fresh mark of every extraction of p's
// selectors: each target is then looked for before it is written, and
// the output:false keys are looked for too (the path fresh targets are
// tested against).
func WithoutFreshTargets(p *Plan) {
	for _, s := range p.Selectors {
		for _, e := range s.Extractions {
			e.fresh, e.loop, e.restrictSlot = false, loopApply, 0
		}
	}
	p.restrictTargets = nil
}

// FreshTargets lists the targets of p's selectors' extractions marked
// fresh, in plan order.
func FreshTargets(p *Plan) []string {
	var out []string
	for _, s := range p.Selectors {
		for _, e := range s.Extractions {
			if e.fresh {
				out = append(out, e.targetKey)
			}
		}
	}
	return out
}

// NotedJoinFields counts the fields of p's joins read where their
// extraction noted them (Step.noted).
func NotedJoinFields(p *Plan) int {
	n := 0
	for _, s := range p.Selectors {
		for _, step := range s.Pipeline {
			for _, k := range step.noted {
				n += btoi(k.key != "")
			}
		}
	}
	return n
}

// SeenReads counts the extractions of p's selectors that take their
// source's value from their selector's check (seen.go), and those that
// read it in the object the check kept.
func SeenReads(p *Plan) (values, siblings int) {
	for _, s := range p.Selectors {
		for _, e := range s.Extractions {
			values += btoi(e.seenSlot > 0 && !e.seenSibling)
			siblings += btoi(e.seenSibling)
		}
	}
	return values, siblings
}

// WithoutSeen rebuilds p's index without the checks that keep what they
// read for extractions: every extraction reads its source itself.
func WithoutSeen(p *Plan) { p.buildIndex(false) }
