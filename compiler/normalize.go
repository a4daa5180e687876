package compiler

import (
	"github.com/sluice-dev/sluice/lang/diag"
	"github.com/sluice-dev/sluice/record"
)

// class is a rule's role after normalisation (transforms.md §4.1).
type class uint8

const (
	inert          class = iota // does nothing
	selectorOnly                // a selector without extraction
	primaryExtract              // selector + source/exp
	postProcess                 // post_process and/or validation (always with follow)
)

// normalize applies the reference's per-rule steps in order (§4): default
// selector, tag to tags, implicit extraction, source/target aliases, the
// compact-config rejection; then classifies the rule.
func normalize(r *Rule, diags *diag.List) bool {
	if !checkKeys(r, diags) {
		return false
	}
	o := r.Obj
	if !o.Has("selector") && !o.Has("follow") {
		o.Set("selector", "*")
	}
	if v, ok := o.Get("selector"); ok {
		if _, isStr := v.(string); !isStr {
			diags.Add(diag.New(CodeSelectorType, r.valSpan("selector"), "selector must be a string, got %s", record.TypeName(v)))
			return false
		}
	}
	r.tags = tagsOf(r)
	if r.truthy("follow") && (o.Has("source") || o.Has("exp")) && !o.Has("post_process") {
		o.Set("post_process", "extraction")
	}
	if r.truthy("target_field") {
		o.Set("target", r.get("target_field"))
	}
	if r.truthy("source_field") {
		o.Set("source", r.get("source_field"))
	}
	if !o.Has("follow") && (o.Has("post_process") || o.Has("validation")) {
		key := "post_process"
		if !o.Has(key) {
			key = "validation"
		}
		diags.Add(diag.New(CodeCompact, r.keySpan(key),
			"%s needs its own rule: put it on a separate line with \"follow\" naming a tag of the rule it applies to", key).
			WithNote("the reference rejects this with \"format error for config ... Please separate post_process/validations out to their own configs and use tag/follow semantics\""))
		return false
	}
	r.class = classify(r)
	return true
}

// tagsOf is `tag` when truthy (it replaces `tags`), else a string array `tags`.
func tagsOf(r *Rule) []string {
	if r.truthy("tag") {
		if s, ok := r.get("tag").(string); ok {
			return []string{s}
		}
		return []string{record.ToString(r.get("tag"))}
	}
	arr, _ := r.get("tags").([]any)
	var tags []string
	for _, t := range arr {
		if s, ok := t.(string); ok {
			tags = append(tags, s)
		}
	}
	return tags
}

func classify(r *Rule) class {
	hasPost := r.has("post_process") || r.has("validation")
	hasExtract := r.has("source") || r.has("exp")
	switch {
	case r.has("selector") && !hasPost:
		if hasExtract && !r.has("follow") {
			return primaryExtract
		}
		return selectorOnly
	case hasPost:
		return postProcess
	}
	return inert
}

// opName is the operation the rule instantiates: post_process wins over
// validation when both are present (§5.8); an implicit extraction has
// post_process "extraction".
func opName(r *Rule) string {
	if s := r.str("post_process"); s != "" {
		return s
	}
	if s := r.str("validation"); s != "" {
		return s
	}
	return "extraction"
}

// opKey is the key the operation name was written under (for positions).
func opKey(r *Rule) string {
	if r.has("post_process") && r.str("post_process") != "" {
		if f := r.fields["post_process"]; f != nil || !r.has("validation") {
			return "post_process"
		}
	}
	if r.has("validation") {
		return "validation"
	}
	return "post_process"
}
