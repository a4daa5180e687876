package builtin

import (
	"math"

	"github.com/sluice-dev/sluice/internal/jsstr"
	"github.com/sluice-dev/sluice/postprocess"
	"github.com/sluice-dev/sluice/record"
)

// The built-in transforms with their own run() (transforms.md §12.4–12.5):
// record.Undefined asks the wrapper for a failure removal, postprocess.Keep
// leaves the record as it is.

func specialSpecs() []*postprocess.Spec {
	return []*postprocess.Spec{
		{Name: "jsonparse", Kind: postprocess.BuiltinSpecial, ReplacedBy: "parseJSON", Build: fixed(&postprocess.Impl{Transform: jsonParse}),
			Summary: "JSON.parse the value (non-strings are converted to text first); arrays parse each element and drop failures; numbers and booleans are kept.",
			Examples: []postprocess.Example{ex("", `"{\"a\":1}"`, `{"a":1}`), ex("", `"false"`, `false`),
				ex("", `["\"other\"","{bad"]`, `["other"]`), ex("", `"{bad"`, "removed")}},
		caseTx("lowercase", "toLowerCase", "Lower-case a string (full Unicode); arrays keep only their string elements.", jsstr.ToLower,
			ex("", `"DATA"`, `"data"`), ex("", `["otHer",1]`, `["other"]`), ex("", `false`, "removed")),
		caseTx("uppercase", "toUpperCase", "Upper-case a string (full Unicode, ß becomes SS); arrays keep only their string elements.", jsstr.ToUpper,
			ex("", `"data"`, `"DATA"`), ex("", `["a",1,"b"]`, `["A","B"]`), ex("", `{"some":"data"}`, "removed")),
		{Name: "dedup", Kind: postprocess.BuiltinSpecial, ReplacedBy: "dedupe", Build: fixed(&postprocess.Impl{Transform: dedup}),
			Summary: "Remove repeated elements of an array (SameValueZero: first occurrence kept, objects and arrays never merged); other values are left as they are.",
			Examples: []postprocess.Example{ex("", `[1,1,2]`, `[1,2]`), ex("", `[{"a":1},{"a":1}]`, `[{"a":1},{"a":1}]`),
				ex("", `"hello"`, `"hello"`)}},
		caseTx("trim", "", "Strip JavaScript white space from both ends of a string (the core class; the name resolves to data-mate's trim).", jsstr.Trim,
			ex("", `"  hi  "`, `"hi"`)),
	}
}

// caseTx is lowercase, uppercase or the core trim: strings are mapped,
// arrays keep their mapped string elements, anything else is removed.
func caseTx(name, replacedBy, summary string, f func(string) string, examples ...postprocess.Example) *postprocess.Spec {
	run := func(v any, _ *record.Object) (any, error) { return mapStrings(v, f), nil }
	return &postprocess.Spec{Name: name, Kind: postprocess.BuiltinSpecial, ReplacedBy: replacedBy, Summary: summary,
		Build: fixed(&postprocess.Impl{Transform: run}), Examples: examples}
}

func mapStrings(v any, f func(string) string) any {
	switch x := v.(type) {
	case string:
		return f(x)
	case []any:
		out := make([]any, 0, len(x))
		for _, e := range x {
			if s, ok := e.(string); ok {
				out = append(out, f(s))
			}
		}
		if len(out) > 0 {
			return out
		}
	}
	return record.Undefined
}

// jsonParse is JSON.parse(value) (String() coercion first); an array parses
// every element and drops the ones that fail.
func jsonParse(v any, _ *record.Object) (any, error) {
	arr, isArr := v.([]any)
	if !isArr {
		out, err := parseJS(v)
		if err != nil {
			return record.Undefined, nil
		}
		return out, nil
	}
	out := make([]any, 0, len(arr))
	for _, e := range arr {
		if p, err := parseJS(e); err == nil {
			out = append(out, p)
		}
	}
	if len(out) == 0 {
		return record.Undefined, nil
	}
	return out, nil
}

func parseJS(v any) (any, error) {
	if s, ok := v.(string); ok {
		return record.ParseJSONString(s)
	}
	return record.ParseJSONString(record.ToString(v))
}

// dedupSmall is the length up to which dedup compares pairwise.
const dedupSmall = 16

// dedup is lodash uniq (SameValueZero) on arrays; other values are kept.
func dedup(v any, _ *record.Object) (any, error) {
	arr, ok := v.([]any)
	if !ok {
		return postprocess.Keep, nil
	}
	if len(arr) <= dedupSmall {
		return uniqSmall(arr), nil
	}
	return uniqHashed(arr), nil
}

func uniqSmall(arr []any) []any {
	out := make([]any, 0, len(arr))
	for _, e := range arr {
		if !containsSVZ(out, e) {
			out = append(out, e)
		}
	}
	return out
}

func containsSVZ(list []any, v any) bool {
	for _, e := range list {
		if record.SameValueZero(e, v) {
			return true
		}
	}
	return false
}

// uniqHashed keys hashable values in a set; arrays are compared by
// reference, so each one is distinct; NaN equals NaN.
func uniqHashed(arr []any) []any {
	out := make([]any, 0, len(arr))
	seen := make(map[any]struct{}, len(arr))
	sawNaN := false
	for _, e := range arr {
		switch x := e.(type) {
		case []any:
			out = append(out, e)
			continue
		case float64:
			if math.IsNaN(x) {
				if !sawNaN {
					out = append(out, e)
				}
				sawNaN = true
				continue
			}
		}
		if _, dup := seen[e]; !dup {
			seen[e] = struct{}{}
			out = append(out, e)
		}
	}
	return out
}
