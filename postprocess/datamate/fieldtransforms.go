package datamate

import (
	"errors"
	"github.com/sluice-dev/sluice/postprocess"

	"github.com/sluice-dev/sluice/internal/jsstr"
	"github.com/sluice-dev/sluice/record"
)

// data-mate FieldTransform functions (validators.md §3.6, wrapper D).

// transform binds a transform that needs no arguments.
func transform(fn func(v any) (any, error)) func(*postprocess.Args) (*postprocess.Impl, error) {
	return func(*postprocess.Args) (*postprocess.Impl, error) {
		return &postprocess.Impl{Transform: func(v any, _ *record.Object) (any, error) { return fn(v) }}, nil
	}
}

func init() {
	register(
		&postprocess.Spec{Name: "toLowerCase", Kind: postprocess.FieldTransform, Summary: "Lower-case a string (JavaScript full Unicode mapping); arrays element by element.",
			Build:    transform(jsstr.ToLowerCase),
			Examples: []postprocess.Example{{Input: `"HeLLo"`, Output: `"hello"`}, {Input: `["A","B"]`, Output: `["a","b"]`}, {Input: `12`, Output: "removed"}}},
		&postprocess.Spec{Name: "decodeURL", Kind: postprocess.FieldTransform, Summary: "decodeURIComponent; malformed escapes remove the field.",
			Build:    transform(jsstr.DecodeURL),
			Examples: []postprocess.Example{{Input: `"caf%C3%A9%20table"`, Output: `"café table"`}, {Input: `"%E0%A4%A"`, Output: "removed"}}},
		&postprocess.Spec{Name: "dedupe", Kind: postprocess.FieldTransform, Summary: "Remove duplicate array elements (objects by value, others by SameValueZero); nulls dropped; arrays are not deduplicated.",
			Build:    transform(dedupe),
			Examples: []postprocess.Example{{Input: `[1,3,3,4,null,1]`, Output: `[1,3,4]`}, {Input: `"x"`, Output: "removed"}}},
	)
}

var errNotArray = errors.New("dedupe requires an array")

// dedupe is data-mate's RecordTransform dedupe applied to a field value.
func dedupe(v any) (any, error) {
	arr, ok := v.([]any)
	if !ok {
		return nil, errNotArray
	}
	out := make([]any, 0, len(arr))
	seen := map[string]bool{}
	for _, e := range arr {
		if record.IsNil(e) {
			continue
		}
		if o, isObj := e.(*record.Object); isObj && o.Len() > 0 {
			key := sortedJSON(o)
			if !seen[key] {
				seen[key] = true
				out = append(out, e)
			}
			continue
		}
		if !containsSameValueZero(out, e) {
			out = append(out, e)
		}
	}
	return out, nil
}

func containsSameValueZero(list []any, v any) bool {
	for _, x := range list {
		if record.SameValueZero(x, v) {
			return true
		}
	}
	return false
}

// sortedJSON is the JSON of a value with object keys sorted deeply.
func sortedJSON(v any) string {
	return record.JSON(sortKeys(v))
}

func sortKeys(v any) any {
	switch x := v.(type) {
	case *record.Object:
		m := map[string]any{}
		for i := 0; i < x.Len(); i++ {
			k, e := x.At(i)
			m[k] = sortKeys(e)
		}
		return record.FromMap(m)
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = sortKeys(e)
		}
		return out
	}
	return v
}
