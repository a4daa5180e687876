package builtin

import (
	"errors"

	"github.com/sluice-dev/sluice/postprocess"
	"github.com/sluice-dev/sluice/record"
)

// The validator.js plugin (validators.md §3.4): validate(v) =
// validator[method](v, rule.value || rule). validator.js asserts a string
// input, so any other value throws (the wrapper removes it, and a throwing
// array element removes the whole array).

var errNotStringInput = errors.New("Expected a string")

// checker is a bound validator.js function; its error is a JS throw.
type checker = func(s string) (bool, error)

// binder binds a checker to `rule.value || rule` (vjs and l10n binders).
type binder = func(arg any) (checker, error)

// precheck rejects, at build time, arguments with which validator.js would
// throw or answer false for every value (sluice's parameter errors).
type precheck = func(a *postprocess.Args, arg any) error

// plug describes one plugin operation.
type plug struct {
	name, replacedBy, summary string
	bind                      binder
	pre                       precheck
	optKey                    string // the rule key a bind error is about when value is not used
	probe                     bool   // the binder defers always-throwing options to the bound func
	params                    []postprocess.Param
	examples                  []postprocess.Example
}

func (p plug) spec() *postprocess.Spec {
	return &postprocess.Spec{Name: p.name, Kind: postprocess.ValidatorPlugin, ReplacedBy: p.replacedBy,
		Summary: p.summary, Params: withValue(p.params), Examples: p.examples, Build: p.build}
}

// optionsValue documents `value` for functions whose options are rule keys.
var optionsValue = postprocess.Param{Name: "value", Type: "any",
	Doc: "when truthy it is passed instead of the rule, and the option keys are ignored"}

// withValue adds optionsValue to an options list that does not name value.
func withValue(params []postprocess.Param) []postprocess.Param {
	if len(params) == 0 {
		return nil
	}
	for _, p := range params {
		if p.Name == "value" {
			return params
		}
	}
	return append(params[:len(params):len(params)], optionsValue)
}

func (p plug) build(a *postprocess.Args) (*postprocess.Impl, error) {
	arg := a.ValueOrConfig()
	if p.pre != nil {
		if err := p.pre(a, arg); err != nil {
			return nil, err
		}
	}
	check, err := p.bind(arg)
	if err == nil && p.probe {
		_, err = check("")
	}
	if err != nil {
		return nil, p.bindError(a, err)
	}
	return &postprocess.Impl{Validate: stringInput(check)}, nil
}

// bindError reports a binder failure against `value` when the rule's value
// is the argument, else against the option key.
func (p plug) bindError(a *postprocess.Args, err error) error {
	key := p.optKey
	if usesValue(a) {
		key = "value"
	}
	return &postprocess.ParamError{Param: key, Msg: "validator.js would throw for every value: " + err.Error()}
}

// usesValue reports whether `rule.value || rule` picks rule.value.
func usesValue(a *postprocess.Args) bool {
	v, _ := a.Get("value")
	return record.Truthy(v)
}

func stringInput(check checker) func(v any) (bool, error) {
	return func(v any) (bool, error) {
		s, ok := v.(string)
		if !ok {
			return false, errNotStringInput
		}
		return check(s)
	}
}

// noArg adapts a validator.js function without options.
func noArg(f func(string) bool) binder {
	return func(any) (checker, error) {
		return func(s string) (bool, error) { return f(s), nil }, nil
	}
}

// boolBinder adapts binders that return func(string) bool (jsdate).
func boolBinder(bind func(arg any) func(string) bool) binder {
	return func(arg any) (checker, error) {
		f := bind(arg)
		return func(s string) (bool, error) { return f(s), nil }, nil
	}
}

// valueParam documents a plugin's `value` argument.
func valueParam(typ, doc string, required bool) postprocess.Param {
	return postprocess.Param{Name: "value", Type: typ, Required: required, Doc: doc}
}

// requireValue is the precheck of functions whose argument is a locale or
// algorithm: without `value` they receive the rule object and fail.
func requireValue(what string) precheck {
	return func(a *postprocess.Args, _ any) error {
		if usesValue(a) {
			return nil
		}
		return &postprocess.ParamError{Param: "value", Msg: "is required (" + what + "); without it every value is removed"}
	}
}
