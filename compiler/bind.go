package compiler

import (
	"errors"
	"strings"

	"github.com/sluice-dev/sluice/lang/diag"
	"github.com/sluice-dev/sluice/lang/selector"
	"github.com/sluice-dev/sluice/plan"
	"github.com/sluice-dev/sluice/postprocess"
	"github.com/sluice-dev/sluice/record"
)

type binder struct {
	cfg      Config
	diags    *diag.List
	matchers map[string]*plan.Selector
}

func ref(r *Rule) plan.RuleRef {
	if r.copyOf != nil {
		r = r.copyOf
	}
	return plan.RuleRef{File: r.Src.Name, Line: r.Line, ID: r.ID}
}

// selector compiles a selector string once, reporting errors at the
// offending character inside the rule file.
func (b *binder) selector(query string, r *Rule, typed bool) *plan.Selector {
	key := query
	if !typed {
		key = "\x00untyped\x00" + query
	}
	if s, ok := b.matchers[key]; ok {
		return s
	}
	s := &plan.Selector{Query: query, All: query == "*" && typed, Rule: ref(r)}
	b.matchers[key] = s
	if s.All {
		return s
	}
	opts := selector.Options{Now: b.cfg.Now}
	if typed {
		opts.Types, opts.Variables = b.cfg.Types, b.cfg.variables()
	} else {
		opts.Variables = map[string]any{}
	}
	n, err := selector.Parse(query, opts)
	if err == nil {
		s.AST = n
		s.Matcher, err = selector.Build(n, query, opts)
	}
	if err != nil {
		b.selectorError(r, err)
		return nil
	}
	return s
}

func (b *binder) selectorError(r *Rule, err error) {
	var pe *selector.ParseError
	if !errors.As(err, &pe) {
		b.diags.Add(diag.New(CodeSelector, r.valSpan("selector"), "%v", err))
		return
	}
	code := CodeSelector
	if pe.Build {
		code = CodeSelectorBuild
	}
	b.diags.Add(diag.New(code, r.innerSpan("selector", pe.Pos, pe.End), "%s", pe.Error()))
}

// extraction checks an extraction rule's values and builds it; regex and
// exp errors are reported at their values.
func (b *binder) extraction(r *Rule, post bool) *plan.Extraction {
	spec, ok := b.extractionSpec(r)
	multi := plan.MultiUnset
	if v, has := r.Obj.Get("multivalue"); has {
		multi = plan.MultiTrue
		if !record.Truthy(v) {
			multi = plan.MultiFalse
		}
	}
	mutate := false
	if post {
		m, has := r.Obj.Get("mutate")
		mutate = !has || record.IsNil(m) || record.Truthy(m)
	}
	if !ok {
		return nil
	}
	e, err := plan.NewExtraction(ref(r), spec, multi, mutate)
	if err != nil {
		se := err.(*plan.SpecError)
		if se.Field == "regex" {
			b.diags.Add(diag.New(CodeRegex, r.valSpan("regex"), "%v", se.Err))
		} else {
			b.diags.Add(diag.New(CodeExp, r.valSpan("exp"), "invalid exp expression: %v", se.Err))
		}
		return nil
	}
	e.Tags = r.tags
	return e
}

// extractionSpec reads and type-checks the rule values of an extraction.
func (b *binder) extractionSpec(r *Rule) (plan.ExtractionSpec, bool) {
	var spec plan.ExtractionSpec
	ok := true
	str := func(key string) string {
		s, isStr := r.get(key).(string)
		if !isStr {
			b.diags.Add(diag.New(CodeFieldType, r.valSpan(key), "%s must be a string", key))
			ok = false
		}
		return s
	}
	if r.has("source") {
		spec.HasSource, spec.Source = true, str("source")
	}
	spec.Target = "undefined"
	if r.has("target") {
		spec.Target = str("target")
	}
	if r.truthy("start") && r.truthy("end") {
		spec.Start, spec.End = r.str("start"), r.str("end")
	}
	if r.truthy("regex") {
		spec.Regex, spec.RegexFlags = splitRegexLiteral(str("regex"))
	}
	if r.truthy("exp") {
		spec.Exp = str("exp")
	}
	return spec, ok
}

func splitRegexLiteral(s string) (string, string) {
	if len(s) >= 2 && s[0] == '/' {
		if end := strings.LastIndexByte(s, '/'); end > 0 {
			flags := s[end+1:]
			if strings.Trim(flags, "igsmx") == "" {
				return s[1:end], flags
			}
		}
	}
	return s, ""
}

// step builds one post-process step.
func (b *binder) step(r *Rule) *plan.Step {
	name := opName(r)
	st := &plan.Step{Rule: ref(r), Name: name, SelIndex: -1, Tags: r.tags, Follow: r.str("follow"), Args: r.Obj}
	st.Source, st.TargetAs, st.Sources = r.str("source"), r.str("target"), r.sources
	switch name {
	case "extraction":
		st.Kind = plan.StepExtraction
		if st.Extraction = b.extraction(r, true); st.Extraction == nil {
			return nil
		}
	case "selector":
		return b.selectorStep(r, st)
	case "join", "array":
		return b.structural(r, st, name)
	default:
		return b.opStep(r, st, name)
	}
	return st
}

func (b *binder) selectorStep(r *Rule, st *plan.Step) *plan.Step {
	q, ok := r.get("selector").(string)
	if !ok {
		b.diags.Add(diag.New(CodeSelectorType, r.Span, "the selector operation needs a \"selector\" string"))
		return nil
	}
	s := b.selector(q, r, false)
	if s == nil {
		return nil
	}
	st.Kind, st.Query, st.Matcher = plan.StepSelector, q, s.Matcher
	return st
}

// structural builds join and array (transforms.md §12.4).
func (b *binder) structural(r *Rule, st *plan.Step, name string) *plan.Step {
	fields := r.sources
	if list, present, err := postprocess.NewArgs(r.Obj).StringList("sources"); err == nil && present && fields == nil {
		fields = list
	}
	if list, present, err := postprocess.NewArgs(r.Obj).StringList("fields"); err != nil || present {
		if err != nil {
			b.diags.Add(diag.New(CodeParam, r.valSpan("fields"), "%s: fields must be an array of field names", name))
			return nil
		}
		fields = list
	}
	min := 1
	if name == "join" {
		min = 2
	}
	if len(fields) < min {
		b.diags.Add(diag.New(CodeParam, r.Span, "%s needs at least %d fields (from \"fields\" or the followed rules' targets), got %d", name, min, len(fields)))
		return nil
	}
	target, ok := r.get("target").(string)
	if !ok || target == "" {
		b.diags.Add(diag.New(CodeNoTarget, r.valSpan("target"), "%s needs a non-empty string \"target\"", name))
		return nil
	}
	if name == "join" {
		if d := r.get("delimiter"); record.Truthy(d) {
			s, isStr := d.(string)
			if !isStr {
				b.diags.Add(diag.New(CodeParam, r.valSpan("delimiter"), "delimiter must be a string"))
				return nil
			}
			st.Delimiter = s
		}
		st.Kind = plan.StepJoin
	} else {
		st.Kind = plan.StepArray
	}
	for _, f := range fields {
		st.Fields = append(st.Fields, record.ParsePath(f))
	}
	st.Target = record.ParsePath(target)
	return st
}
