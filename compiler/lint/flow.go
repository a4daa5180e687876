package lint

import (
	"slices"

	"github.com/sluice-dev/sluice/plan"
)

// alwaysValid maps a transform to the validations its result always passes:
// after toString, isString keeps every value (the transform removes what it
// cannot convert), so the validation is constant.
var alwaysValid = map[string][]string{
	"toString":     {"isString"},
	"toJSON":       {"isString"},
	"toLowerCase":  {"isString"},
	"toUpperCase":  {"isString"},
	"toCamelCase":  {"isString"},
	"toKebabCase":  {"isString"},
	"toPascalCase": {"isString"},
	"toSnakeCase":  {"isString"},
	"toTitleCase":  {"isString"},
	"trim":         {"isString"},
	"trimStart":    {"isString"},
	"trimEnd":      {"isString"},
	"truncate":     {"isString"},
	"encodeURL":    {"isString"},
	"decodeURL":    {"isString"},
	"toNumber":     {"isNumber"},
	"toBoolean":    {"isBoolean"},
}

// constantValidations: a validation that follows only transforms whose
// results it always accepts keeps every value; it is a no-op.
func constantValidations(a *analysis) {
	byTag := a.byTag()
	for _, v := range a.rules {
		check := v.str("validation")
		if check == "" || v.has("post_process") {
			continue
		}
		producers := byTag[v.str("follow")]
		if len(producers) == 0 || !allMakeValid(producers, check, v.str("source")) {
			continue
		}
		d := a.warn(CodeConstantCheck, v.ValSpan("validation"), "%s is constant here: %s always produces values it accepts", check, producers[0].str("post_process"))
		d.WithNote("the validation keeps every value; remove it or validate before the transform")
		d.Related = append(d.Related, related(producers[0], "the transform"))
	}
}

// allMakeValid: every producer is a transform whose result check accepts,
// written to the field the validation reads (after expansion a validation's
// source is the followed rule's target).
func allMakeValid(producers []*Rule, check, source string) bool {
	for _, p := range producers {
		if p.has("validation") || p.str("target") != source || !slices.Contains(alwaysValid[p.str("post_process")], check) {
			return false
		}
	}
	return true
}

func (a *analysis) byTag() map[string][]*Rule {
	m := map[string][]*Rule{}
	for _, r := range a.rules {
		for _, t := range r.tags() {
			m[t] = append(m[t], r)
		}
	}
	return m
}

// requirementsNeverMet: other_match_required drops a record whose only
// fields are required ones. When every field the rules can write is
// required, no record ever gets through.
func requirementsNeverMet(a *analysis) {
	p := a.plan
	if p.Mode != plan.Transform || !p.Extracting || len(p.Require) == 0 {
		return
	}
	required := map[string]bool{}
	for _, q := range p.Require {
		required[topLevel(q.Field)] = true
	}
	for _, f := range writtenFields(p) {
		if !required[f] {
			return
		}
	}
	for _, q := range p.Require {
		if r := a.byID[q.Rule.ID]; r != nil {
			a.warn(CodeRequireNever, r.KeySpan("other_match_required"),
				"other_match_required can never be met: every field the rules write is itself required, so every record is dropped").
				WithNote("other_match_required keeps a field only next to a field that is not required; add such an extraction or remove the flag")
		}
	}
}

// writtenFields are the top-level names the plan's extractions and steps
// can write.
func writtenFields(p *plan.Plan) []string {
	var out []string
	for _, s := range p.Selectors {
		for _, e := range s.Extractions {
			out = append(out, topLevel(e.Spec.Target))
		}
		for _, st := range s.Pipeline {
			if st.Kind == plan.StepExtraction {
				out = append(out, topLevel(st.Extraction.Spec.Target))
			} else if st.TargetAs != "" {
				out = append(out, topLevel(st.TargetAs))
			}
		}
	}
	return out
}

func topLevel(path string) string {
	for i := 0; i < len(path); i++ {
		if path[i] == '.' {
			return path[:i]
		}
	}
	return path
}
