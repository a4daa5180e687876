package datamate

import (
	"errors"

	"github.com/sluice-dev/sluice/postprocess"
	"github.com/sluice-dev/sluice/record"
)

// Presence checks and the validators that receive whole arrays.

var errGuard = errors.New("Expected value not to be empty")

func arrayValidatorSpecs() []*spec {
	return []*spec{
		fv(&spec{Name: "exists", Summary: "Is not null or missing.",
			Examples: []example{ex(`"hello"`, `"hello"`), ex(`null`, "removed"), ex(`0`, `0`)}},
			check(func(v any) bool { return !record.IsNil(v) })),
		fv(&spec{Name: "guard", Summary: "Is not null or missing (the reference throws on null; at rule level the same as exists).",
			Examples: []example{ex(`{"hello":"world"}`, `{"hello":"world"}`), ex(`null`, "removed")}},
			func(*args) (validatorFn, error) { return guard, nil }),
		fv(&spec{Name: "isArray", ArrayInput: true, Summary: "Is an array (the whole array is kept).",
			Examples: []example{ex(`[1,2,3]`, `[1,2,3]`), ex(`"hello"`, "removed")}},
			check(func(v any) bool { _, ok := v.([]any); return ok })),
		fv(&spec{Name: "some", ArrayInput: true, Summary: "Is an array with at least one element that passes the field validator fn (called with options).",
			Params:   quantifierParams,
			Examples: []example{exArgs(`{"fn":"isString"}`, `["hello",3,{"some":"obj"}]`, `["hello",3,{"some":"obj"}]`), exArgs(`{"fn":"isBoolean"}`, `["hello",3]`, "removed"), exArgs(`{"fn":"isLength","options":{"min":3}}`, `["ab","abcd"]`, `["ab","abcd"]`)}},
			buildQuantifier(false)),
		fv(&spec{Name: "every", ArrayInput: true, Summary: "Is an array whose elements all pass the field validator fn (called with options); [] passes.",
			Params:   quantifierParams,
			Examples: []example{exArgs(`{"fn":"isString"}`, `["hello","world"]`, `["hello","world"]`), exArgs(`{"fn":"isString"}`, `["hello",3]`, "removed")}},
			buildQuantifier(true)),
	}
}

func guard(v any) (bool, error) {
	if record.IsNil(v) {
		return false, errGuard
	}
	return true, nil
}

var quantifierParams = []param{
	{Name: "fn", Type: "string", Required: true, Doc: "a field validator name"},
	{Name: "options", Type: "object", Doc: "the arguments of fn"},
}

// buildQuantifier binds some (every=false) or every: fn is called on each
// element with the element as its own context and options as its args.
func buildQuantifier(every bool) validatorBuilder {
	return func(a *args) (validatorFn, error) {
		f, err := bindNamed(a, validators, "field validator")
		if err != nil {
			return nil, err
		}
		return func(v any) (bool, error) {
			arr, ok := v.([]any)
			if !ok {
				return false, nil
			}
			for _, e := range arr {
				if ok, err := f(e); err != nil || ok != every {
					return !every && err == nil, err
				}
			}
			return every, nil
		}, nil
	}
}

// bindNamed looks up the repository function named by the rule's fn and
// binds it to the rule's options object.
func bindNamed[F any](a *args, repo map[string]func(*args) (F, error), what string) (F, error) {
	var zero F
	name, err := a.RequiredString("fn")
	if err != nil {
		return zero, err
	}
	build, ok := repo[name]
	if !ok {
		return zero, paramErr("fn", "no "+what+" named "+record.JSON(name))
	}
	f, err := build(optionsArgs(a))
	if err != nil {
		return zero, paramErr("options", name+": "+err.Error())
	}
	return f, nil
}

// optionsArgs is the `options` object. Any other value reads like an
// empty object (the functions only look up keys on it).
func optionsArgs(a *args) *args {
	v, _ := a.Get("options")
	o, _ := v.(*record.Object)
	return postprocess.NewArgs(o)
}
