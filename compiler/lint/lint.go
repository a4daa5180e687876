package lint

import (
	"github.com/sluice-dev/sluice/lang/diag"
	"github.com/sluice-dev/sluice/plan"
	"github.com/sluice-dev/sluice/record"
)

// Warning codes. They never change meaning; new checks get new codes.
// RUL101-RUL104 are the compiler's own (compiler/codes.go).
const (
	CodeInertRule     = "RUL102" // a rule does nothing
	CodeUnreachable   = "RUL103" // a selector can never match
	CodeDuplicate     = "RUL105" // a rule is identical to an earlier one
	CodeUnfollowedTag = "RUL106" // a tag nobody follows
	CodeRemovedResult = "RUL107" // a result removed by output:false that nothing follows
	CodeConstantCheck = "RUL108" // a validation a preceding transform makes constant
	CodeRequireNever  = "RUL109" // other_match_required that can never let a record through
)

// Rule is what the analysis sees of one rule: its normalised object and the
// positions of the rule and its keys in the rule file.
type Rule struct {
	ID      int
	Span    diag.Span
	Obj     *record.Object
	KeySpan func(key string) diag.Span // the key's position (the rule's when absent)
	ValSpan func(key string) diag.Span // the value's position (the rule's when absent)
}

func (r *Rule) has(key string) bool { return r.Obj.Has(key) }

func (r *Rule) str(key string) string {
	v, _ := r.Obj.Get(key)
	s, _ := v.(string)
	return s
}

// tags are the rule's tags: "tag" when it is a non-empty string, else the
// strings of "tags".
func (r *Rule) tags() []string {
	if t := r.str("tag"); t != "" {
		return []string{t}
	}
	v, _ := r.Obj.Get("tags")
	arr, _ := v.([]any)
	var out []string
	for _, x := range arr {
		if s, ok := x.(string); ok {
			out = append(out, s)
		}
	}
	return out
}

// check is one analysis pass.
type check func(a *analysis)

// checks run in this order; the diagnostics are sorted afterwards.
var checks = []check{
	inertRules,
	unreachableSelectors,
	duplicateRules,
	unfollowedTags,
	removedResults,
	constantValidations,
	requirementsNeverMet,
}

type analysis struct {
	plan  *plan.Plan
	rules []*Rule
	byID  map[int]*Rule
	diags *diag.List
}

// Run analyses a compiled plan and the rules it came from and adds its
// warnings to diags.
func Run(p *plan.Plan, rules []*Rule, diags *diag.List) {
	a := &analysis{plan: p, rules: rules, byID: map[int]*Rule{}, diags: diags}
	for _, r := range rules {
		a.byID[r.ID] = r
	}
	for _, c := range checks {
		c(a)
	}
}

func (a *analysis) warn(code string, span diag.Span, format string, args ...any) *diag.Diagnostic {
	d := diag.Warn(code, span, format, args...)
	a.diags.Add(d)
	return d
}

// followers maps each followed tag to the rules following it.
func (a *analysis) followers() map[string][]*Rule {
	m := map[string][]*Rule{}
	for _, r := range a.rules {
		if f := r.str("follow"); f != "" {
			m[f] = append(m[f], r)
		}
	}
	return m
}

func related(r *Rule, msg string) diag.Related { return diag.Related{Span: r.Span, Msg: msg} }
