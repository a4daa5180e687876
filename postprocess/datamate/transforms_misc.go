package datamate

import (
	"errors"

	"github.com/sluice-dev/sluice/record"
)

// setDefault, map and the FieldTransform setField (reachable through map
// and jexl only).

func valueTransformSpecs() []*spec {
	return []*spec{
		ft(&spec{Name: "setDefault", Summary: "Replace a null or missing value with value; other values are kept.",
			Params:   []param{{Name: "value", Type: "any", Required: true, Doc: "the default (not null)"}},
			Examples: []example{exArgs(`{"value":"someValue"}`, `null`, `"someValue"`), exArgs(`{"value":"someValue"}`, `"present"`, `"present"`)}},
			buildSetDefault),
		ft(&spec{Name: "map", Summary: "Apply the field transform fn (with options) to every element of an array, nulls included.",
			Params: []param{{Name: "fn", Type: "string", Required: true, Doc: "a field transform name, or extract (options: regex, start and end, or jexlExp evaluated on the record; isMultiValue)"},
				{Name: "options", Type: "object", Doc: "the arguments of fn"}},
			Examples: []example{exArgs(`{"fn":"toUpperCase"}`, `["a","b"]`, `["A","B"]`), exArgs(`{"fn":"extract","options":{"start":"<","end":">"}}`, `["<a>","x"]`, `["a",null]`), exArgs(`{"fn":"toUpperCase"}`, `"a"`, "removed")}},
			buildMap),
	}
}

func buildSetDefault(a *args) (transformFn, error) {
	def, ok := a.Get("value")
	if record.IsNil(def) {
		return nil, paramErr("value", "is required (not null), got "+got(def, ok))
	}
	return func(v any, _ *record.Object) (any, error) {
		if v == nil {
			return record.DeepCopy(def), nil
		}
		return v, nil
	}, nil
}

var errMapInput = errors.New("Input must be an array")

func buildMap(a *args) (transformFn, error) {
	f, err := bindNamed(a, transforms, "field transform")
	if err != nil {
		return nil, err
	}
	return func(v any, doc *record.Object) (any, error) {
		arr, ok := v.([]any)
		if !ok {
			if v == nil {
				return nil, nil
			}
			return nil, errMapInput
		}
		out := make([]any, len(arr))
		for i, e := range arr {
			r, err := f(e, doc)
			if err != nil {
				return nil, err
			}
			out[i] = r
		}
		return out, nil
	}, nil
}

// buildSetFieldTransform is FieldTransform.setField: every value becomes
// args.value.
func buildSetFieldTransform(a *args) (transformFn, error) {
	v, _ := a.Get("value")
	return func(any, *record.Object) (any, error) { return record.DeepCopy(v), nil }, nil
}
