package compiler

import (
	"slices"

	"github.com/sluice-dev/sluice/lang/diag"
	"github.com/sluice-dev/sluice/postprocess"
	"github.com/sluice-dev/sluice/record"
)

// match is one rule a post-process rule follows: the pipeline it joins and
// the field it reads.
type match struct {
	pipeline string
	source   any // the followed rule's target (may be undefined)
}

// expander walks the topologically ordered rules and expands each
// post-process rule against the rules already listed (§5.5).
type expander struct {
	tags   map[string][]string
	diags  *diag.List
	nextID int
	out    []*Rule
	byNode map[string][]int // graph node id -> positions in out
}

// emit appends r to the output and indexes it under the graph nodes a
// follow can reach it by, so matching a rule costs what it matches, not the
// length of the output (which made expansion quadratic).
func (x *expander) emit(r *Rule) {
	if x.byNode == nil {
		x.byNode = map[string][]int{}
	}
	i := len(x.out)
	x.out = append(x.out, r)
	x.index(ruleNode(r), i)
	if sel, ok := r.get("selector").(string); ok {
		x.index(selectorNode(sel), i)
	}
}

func (x *expander) index(node string, i int) {
	x.byNode[node] = append(x.byNode[node], i)
}

func (x *expander) run(ordered []*Rule) []*Rule {
	for _, r := range ordered {
		if r.class != postProcess {
			x.emit(r)
			continue
		}
		x.expand(r)
	}
	return x.out
}

func (x *expander) matches(p *Rule) []match {
	var pos []int
	for _, id := range x.tags[p.str("follow")] {
		pos = append(pos, x.byNode[id]...)
	}
	slices.Sort(pos)
	seen := map[int]bool{}
	var out []match
	for i, at := range pos {
		item := x.out[at]
		if i > 0 && pos[i-1] == at || seen[item.ID] {
			continue
		}
		seen[item.ID] = true
		pipe, _ := item.get("selector").(string)
		if item.hasPipeline {
			pipe = item.pipeline
		}
		src, ok := item.Obj.Get("target")
		if !ok {
			src = record.Undefined
		}
		out = append(out, match{pipeline: pipe, source: src})
	}
	return out
}

// lookupName is the name the reference looks the operation up by at compile
// time: validation || post_process || "extraction".
func lookupName(r *Rule) (string, string) {
	if v := r.get("validation"); record.Truthy(v) {
		s, _ := v.(string)
		return s, "validation"
	}
	if v := r.get("post_process"); record.Truthy(v) {
		s, _ := v.(string)
		return s, "post_process"
	}
	return "extraction", "post_process"
}

func (x *expander) expand(p *Rule) {
	name, key := lookupName(p)
	spec, ok := postprocess.Lookup(name)
	if !ok {
		x.diags.Add(unknownOp(p, key, name))
		return
	}
	if inst := opName(p); inst != name {
		if _, ok := postprocess.Lookup(inst); !ok {
			x.diags.Add(unknownOp(p, "post_process", inst))
			return
		}
	}
	if spec.ReplacedBy != "" {
		d := diag.New(CodeDeprecated, p.valSpan(key), "%q is deprecated; use %q", name, spec.ReplacedBy)
		d.Severity = diag.Info
		x.diags.Add(d)
	}
	ms := x.matches(p)
	if len(ms) == 0 {
		return
	}
	if spec.ManyToOne {
		x.manyToOne(p, ms)
		return
	}
	x.oneToOne(p, ms)
}

func unknownOp(r *Rule, key, name string) *diag.Diagnostic {
	d := diag.New(CodeUnknownOp, r.valSpan(key), "unknown operation %q", name)
	if hint := nearestOp(name); hint != "" {
		d.WithNote("did you mean %q?", hint)
	}
	return d
}

func nearestOp(name string) string {
	best, bestD := "", 3
	for _, n := range postprocess.Names() {
		if d := editDistance(name, n); d < bestD {
			best, bestD = n, d
		}
	}
	return best
}

// oneToOne makes one copy of p per followed rule, each in that rule's
// pipeline, reading its target unless p names a source.
func (x *expander) oneToOne(p *Rule, ms []match) {
	orig := &Rule{Obj: p.Obj}
	targets, _ := orig.get("target").([]any)
	for i, m := range ms {
		c := p
		if i > 0 {
			c = x.clone(p)
		}
		c.Obj = orig.Obj.Clone()
		c.pipeline, c.hasPipeline = m.pipeline, true
		if !orig.truthy("source") {
			setOrDelete(c.Obj, "source", m.source)
		}
		switch {
		case !orig.has("target"):
			setOrDelete(c.Obj, "target", m.source)
		case targets != nil:
			if i < len(targets) {
				c.Obj.Set("target", targets[i])
			} else {
				c.Obj.Delete("target")
			}
		}
		if !c.truthy("source") {
			x.diags.Add(diag.New(CodeNoSource, p.Span, "cannot find a source field: the rule follows %q, whose rule has no target, and names no \"source\"", p.str("follow")))
			continue
		}
		if !c.truthy("target") {
			x.diags.Add(diag.New(CodeNoTarget, p.Span, "cannot find a target field for this rule"))
			continue
		}
		x.emit(c)
	}
}

func setOrDelete(o *record.Object, key string, v any) {
	if v == record.Undefined {
		o.Delete(key)
		return
	}
	o.Set(key, v)
}

// clone copies p under a new id and registers it under p's tags so that
// followers of p see every copy.
func (x *expander) clone(p *Rule) *Rule {
	c := *p
	c.Obj = p.Obj.Clone()
	c.ID = x.nextID
	c.copyOf = p
	x.nextID++
	for _, t := range p.tags {
		x.tags[t] = append(x.tags[t], ruleNode(&c))
	}
	return &c
}

// manyToOne keeps p as one operation in the first pipeline over the
// de-duplicated sources.
func (x *expander) manyToOne(p *Rule, ms []match) {
	p.Obj = p.Obj.Clone()
	p.pipeline, p.hasPipeline = ms[0].pipeline, true
	seen := map[string]bool{}
	p.sources = nil
	for _, m := range ms {
		s, ok := m.source.(string)
		if !ok || seen[s] {
			continue
		}
		seen[s] = true
		p.sources = append(p.sources, s)
	}
	if !p.truthy("target") {
		x.diags.Add(diag.New(CodeNoTarget, p.Span, "%s needs a \"target\" field", opName(p)))
		return
	}
	x.emit(p)
}
