package compiler

import (
	"errors"

	"github.com/sluice-dev/sluice/lang/diag"
	"github.com/sluice-dev/sluice/plan"
	"github.com/sluice-dev/sluice/postprocess"
	"github.com/sluice-dev/sluice/record"
)

// opStep binds a registry operation to its rule.
func (b *binder) opStep(r *Rule, st *plan.Step, name string) *plan.Step {
	spec, _ := postprocess.Lookup(name)
	source, sources, ok := b.opSource(r)
	target, tok := r.get("target").(string)
	if !tok {
		b.diags.Add(diag.New(CodeFieldType, r.valSpan("target"), "target must be a string, got %s", record.JSON(r.get("target"))))
		ok = false
	}
	if !ok {
		return nil
	}
	out, isBool := r.get("output").(bool)
	op, err := postprocess.NewOp(spec, r.Obj, source, sources, target, isBool && !out)
	if err != nil {
		b.paramError(r, name, err)
		return nil
	}
	st.Kind, st.Op = plan.StepOp, op
	return st
}

// opSource checks that source is a string or a non-empty string array.
func (b *binder) opSource(r *Rule) (string, []string, bool) {
	switch v := r.get("source").(type) {
	case string:
		return v, nil, true
	case []any:
		list := make([]string, 0, len(v))
		for _, e := range v {
			s, ok := e.(string)
			if !ok {
				b.diags.Add(diag.New(CodeFieldType, r.valSpan("source"), "if source is an array it must hold strings"))
				return "", nil, false
			}
			list = append(list, s)
		}
		if len(list) > 0 {
			return "", list, true
		}
	}
	b.diags.Add(diag.New(CodeFieldType, r.valSpan("source"), "source must be a string, got %s", record.JSON(r.get("source"))))
	return "", nil, false
}

func (b *binder) paramError(r *Rule, name string, err error) {
	var pe *postprocess.ParamError
	if errors.As(err, &pe) && pe.Param != "" {
		span := r.valSpan(pe.Param)
		if !r.has(pe.Param) {
			span = r.keySpan(opKey(r))
		}
		b.diags.Add(diag.New(CodeParam, span, "%s: %s", name, pe.Error()))
		return
	}
	b.diags.Add(diag.New(CodeParam, r.valSpan(opKey(r)), "%s: %v", name, err))
}
