package datamate

import (
	"math"

	"github.com/sluice-dev/sluice/internal/vjs"
	"github.com/sluice-dev/sluice/record"
)

func numberValidatorSpecs() []*spec {
	return []*spec{
		fv(&spec{Name: "isNumber", Summary: "Is a number (not NaN; numeric strings are not numbers); arrays keep their numbers.",
			Examples: []example{ex(`42.5`, `42.5`), ex(`"42"`, "removed"), ex(`[1,"hello",3]`, `[1,3]`)}},
			check(scalarOrLift(isNumber))),
		fv(&spec{Name: "isInteger", Summary: "Is a safe integer number (Number.isSafeInteger).",
			Examples: []example{ex(`42`, `42`), ex(`3.14`, "removed"), ex(`9007199254740992`, "removed")}},
			check(scalarOrLift(isSafeInteger))),
		fv(&spec{Name: "inNumberRange", Summary: "Is a number between min and max, exclusive unless inclusive is set.",
			Params: []param{{Name: "min", Type: "number", Default: "-Infinity"}, {Name: "max", Type: "number", Default: "Infinity"},
				{Name: "inclusive", Type: "boolean", Default: "false", Doc: "include the bounds"}},
			Examples: []example{exArgs(`{"min":0,"max":42}`, `42`, "removed"), exArgs(`{"min":0,"max":42,"inclusive":true}`, `42`, `42`), exArgs(`{"min":0,"max":100}`, `"42"`, "removed")}},
			buildNumberRange),
		validString(fv(&spec{Name: "isString", Summary: "Is a string; arrays keep their strings.",
			Examples: []example{ex(`"hello"`, `"hello"`), ex(`12345`, "removed"), ex(`["a",1,null,"b"]`, `["a","b"]`)}},
			check(scalarOrLift(func(v any) bool { _, ok := v.(string); return ok }))), func(string) bool { return true }),
		fv(&spec{Name: "isURL", Summary: "Is a URI by valid-url isUri: any scheme, RFC 3986 characters only (example.com without a scheme fails).",
			Examples: []example{ex(`"https://someurl.cc.ru.ch"`, `"https://someurl.cc.ru.ch"`), ex(`"BAD-URL"`, "removed")}},
			func(a *args) (validatorFn, error) { return vjs.BindDataMateURL(nil) }),
		fv(&spec{Name: "isUUID", Summary: "Is a UUID of the given version (default all: v1-v8 with the RFC variant, nil or max), any case.",
			Params:   []param{{Name: "version", Type: "string", Default: "all", Doc: "1-8, nil, max, loose or all"}},
			Examples: []example{ex(`"0668CF8B-27F8-2F4D-AF2D-763AC7C8F68B"`, `"0668CF8B-27F8-2F4D-AF2D-763AC7C8F68B"`), ex(`"BAD-UUID"`, "removed"), exArgs(`{"version":4}`, `"0668CF8B-27F8-2F4D-AF2D-763AC7C8F68B"`, "removed")}},
			buildUUID),
		fv(&spec{Name: "contains", ArrayInput: true, Summary: "Contains value: a substring of a string, an element of an array, a key of an object; an array field must have every non-null element containing it.",
			Params:   []param{{Name: "value", Type: "string", Required: true, Doc: "a falsy value is an error"}},
			Examples: []example{exArgs(`{"value":"ll"}`, `"hello"`, `"hello"`), exArgs(`{"value":"ll"}`, `["hello","stuff"]`, "removed"), exArgs(`{"value":"12"}`, `12345`, "removed")}},
			buildContains),
		fv(&spec{Name: "equals", Summary: "Deeply equals value, without type coercion (3 is not \"3\").",
			Params:   []param{{Name: "value", Type: "any", Required: true, Doc: "a falsy value is an error"}},
			Examples: []example{exArgs(`{"value":"arizona"}`, `"arizona"`, `"arizona"`), exArgs(`{"value":"3"}`, `3`, "removed"), exArgs(`{"value":{"a":1}}`, `{"a":1}`, `{"a":1}`)}},
			buildEquals),
	}
}

func buildNumberRange(a *args) (validatorFn, error) {
	lo, err := rangeBound(a, "min", math.Inf(-1))
	if err != nil {
		return nil, err
	}
	hi, err := rangeBound(a, "max", math.Inf(1))
	if err != nil {
		return nil, err
	}
	in := func(v any) bool {
		f, ok := v.(float64)
		return ok && f > lo && f < hi
	}
	if truthyKey(a, "inclusive") {
		in = func(v any) bool {
			f, ok := v.(float64)
			return ok && f >= lo && f <= hi
		}
	}
	f := scalarOrLift(in)
	return func(v any) (bool, error) { return f(v), nil }, nil
}

// rangeBound reads min/max (null or absent: unbounded). JavaScript compares
// a number with Number(bound); a bound that is NaN fails every value.
func rangeBound(a *args, key string, def float64) (float64, error) {
	v, ok := a.Get(key)
	if record.IsNil(v) {
		return def, nil
	}
	f := record.ToNumber(v)
	if math.IsNaN(f) {
		return 0, paramErr(key, "expected a number, got "+got(v, ok))
	}
	return f, nil
}

var uuidVersions = map[string]bool{"1": true, "2": true, "3": true, "4": true, "5": true, "6": true, "7": true, "8": true,
	"nil": true, "max": true, "loose": true, "all": true}

func buildUUID(a *args) (validatorFn, error) {
	if v, ok := a.Get("version"); ok && record.Truthy(v) && !uuidVersions[record.ToString(v)] {
		return nil, paramErr("version", "expected 1-8, nil, max, loose or all, got "+record.JSON(v))
	}
	return vjs.BindDataMateUUID(a.Map())
}

func buildContains(a *args) (validatorFn, error) {
	want, err := requiredTruthy(a, "value", "a non-empty string")
	if err != nil {
		return nil, err
	}
	return nilOrLifted(func(e any) bool { return includes(e, want) }), nil
}

func buildEquals(a *args) (validatorFn, error) {
	want, err := requiredTruthy(a, "value", "a truthy value")
	if err != nil {
		return nil, err
	}
	return nilOrLifted(func(e any) bool { return record.DeepEqual(e, want) }), nil
}

// nilOrLifted is data-mate's shape for whole-value checks: nil is false, an
// array passes when every non-nil element does (liftBool), anything else is
// tested as is.
func nilOrLifted(pred func(any) bool) validatorFn {
	return func(v any) (bool, error) {
		switch x := v.(type) {
		case nil:
			return false, nil
		case []any:
			return liftBool(x, pred), nil
		}
		return pred(v), nil
	}
}
