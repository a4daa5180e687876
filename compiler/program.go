package compiler

import (
	"github.com/sluice-dev/sluice/record"
)

// program is the reference's compiled configuration (§5.6): the selector
// list, extraction groups, pipelines, output restrictions and match
// requirements, each keyed by selector string.
type program struct {
	selectors   []string
	firstRule   map[string]*Rule
	extractions map[string][]*Rule
	post        map[string][]*Rule
	restrict    []restriction
	require     []requirement
}

type restriction struct {
	path string
	rule *Rule
}

type requirement struct {
	field, selector string
	rule            *Rule
}

func buildProgram(list []*Rule) *program {
	p := &program{firstRule: map[string]*Rule{}, extractions: map[string][]*Rule{}, post: map[string][]*Rule{}}
	seen := map[int]bool{}
	restricted := map[string]bool{}
	current := ""
	for _, r := range list {
		if seen[r.ID] {
			continue
		}
		seen[r.ID] = true
		if out, ok := r.get("output").(bool); ok && !out && record.IsNil(r.get("validation")) {
			if path := targetOrSource(r); path != "" && !restricted[path] {
				restricted[path] = true
				p.restrict = append(p.restrict, restriction{path, r})
			}
		}
		switch r.class {
		case selectorOnly, primaryExtract:
			current = r.str("selector")
			if _, ok := p.firstRule[current]; !ok {
				p.firstRule[current] = r
				p.selectors = append(p.selectors, current)
			}
			if r.class == primaryExtract {
				p.extractions[current] = append(p.extractions[current], r)
			}
		case postProcess:
			if r.hasPipeline {
				current = r.pipeline
			}
			p.post[current] = append(p.post[current], r)
		}
		if r.has("other_match_required") {
			sel := r.str("selector")
			if !r.has("selector") {
				sel = r.pipeline
			}
			p.require = append(p.require, requirement{targetOrSource(r), sel, r})
		}
	}
	return p
}

// targetOrSource is the reference's `target || source`.
func targetOrSource(r *Rule) string {
	if t := r.get("target"); record.Truthy(t) {
		return record.ToString(t)
	}
	if s := r.get("source"); record.Truthy(s) {
		return record.ToString(s)
	}
	return ""
}
