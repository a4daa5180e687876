// Package lint is the compiler's static analysis: warnings about rules that
// compile but cannot do what their author meant — selectors that can never
// match, rules shadowed by identical earlier ones, tags nobody follows,
// results that are computed and then removed, validations a transform makes
// constant, other_match_required rules that can never fire. Each warning has
// a stable code, the position of the rule key at fault and a hint.
//
// Phase: the last compiler stage (compiler's "check" calls Run on a
// compiled plan). It imports plan, lang/selector, lang/diag, postprocess
// and record; never compiler (which imports it).
package lint
