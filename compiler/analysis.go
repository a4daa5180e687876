package compiler

import (
	"github.com/sluice-dev/sluice/compiler/lint"
	"github.com/sluice-dev/sluice/lang/diag"
)

// lint runs the static analysis on a plan that compiled without errors.
func (st *state) lint() {
	if st.plan == nil || st.diags.HasErrors() {
		return
	}
	rules := make([]*lint.Rule, len(st.rules))
	for i, r := range st.rules {
		rules[i] = &lint.Rule{ID: r.ID, Span: r.Span, Obj: r.Obj, KeySpan: r.keySpan, ValSpan: r.lintValSpan}
	}
	lint.Run(st.plan, rules, &st.diags)
}

// lintValSpan is valSpan, with a bare selector line's selector at the line.
func (r *Rule) lintValSpan(key string) diag.Span {
	if r.Bare {
		return r.Span
	}
	return r.valSpan(key)
}
