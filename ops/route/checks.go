package route

import (
	"errors"

	"github.com/sluice-dev/sluice/job"
	"github.com/sluice-dev/sluice/record"
)

// Schema checks with the reference's messages.

// strictBool accepts only true and false (core-utils isBoolean).
func strictBool(msg string) job.Check {
	return func(v any) (any, error) {
		if _, ok := v.(bool); ok {
			return v, nil
		}
		return v, errors.New(msg)
	}
}

// strictString accepts only strings (core-utils isString).
func strictString(msg string) job.Check {
	return func(v any) (any, error) {
		if _, ok := v.(string); ok {
			return v, nil
		}
		return v, errors.New(msg)
	}
}

// number accepts only numbers (core-utils isNumber).
func number(msg string) job.Check {
	return func(v any) (any, error) {
		if _, ok := v.(float64); ok {
			return v, nil
		}
		return v, errors.New(msg)
	}
}

// oneOf accepts one of the given strings.
func oneOf(msg string, values ...string) job.Check {
	return func(v any) (any, error) {
		if s, ok := v.(string); ok {
			for _, e := range values {
				if s == e {
					return v, nil
				}
			}
		}
		return v, errors.New(msg)
	}
}

// fieldsArray is field_router's and hash_router's `fields` check: an
// array, non-empty when required, of strings when strings is set; null
// passes when nullable.
func fieldsArray(nullable, nonEmpty, strings bool) job.Check {
	return func(v any) (any, error) {
		if v == nil && nullable {
			return v, nil
		}
		arr, ok := v.([]any)
		switch {
		case !ok:
			return v, errors.New("Invalid `fields` option: must be an array.")
		case nonEmpty && len(arr) == 0:
			return v, errors.New("Invalid `fields` option: must include at least one field to partition on.")
		case strings && !allStrings(arr):
			return v, errors.New("Invalid fields parameter, if specified it must be an array of strings")
		}
		return v, nil
	}
}

func allStrings(arr []any) bool {
	for _, e := range arr {
		if _, ok := e.(string); !ok {
			return false
		}
	}
	return true
}

// fieldNames are the strings of a `fields` array (JavaScript String of
// other elements).
func fieldNames(v any) []string {
	arr, _ := v.([]any)
	out := make([]string, len(arr))
	for i, e := range arr {
		out[i] = record.ToString(e)
	}
	return out
}
