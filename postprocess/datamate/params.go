package datamate

import (
	"github.com/sluice-dev/sluice/postprocess"
	"github.com/sluice-dev/sluice/record"
)

// Parameter helpers: Build reports arguments with which the reference
// would fail on every record as *postprocess.ParamError (DESIGN decision 3).

func paramErr(name, msg string) error { return &postprocess.ParamError{Param: name, Msg: msg} }

// got describes a rule value for an error message.
func got(v any, present bool) string {
	if !present {
		return "nothing"
	}
	return record.JSON(v)
}

// requiredTruthy reads a key whose falsy value makes the function throw.
func requiredTruthy(a *args, key, what string) (any, error) {
	v, ok := a.Get(key)
	if !record.Truthy(v) {
		return nil, paramErr(key, "is required ("+what+"), got "+got(v, ok))
	}
	return v, nil
}

// stringKey reads an optional key the function converts with String():
// absent is "undefined" (ok false).
func stringKey(a *args, key string) (string, bool) {
	v, ok := a.Get(key)
	if !ok || v == record.Undefined {
		return "undefined", false
	}
	return record.ToString(v), true
}

// truthyKey reads an option tested with JavaScript truthiness.
func truthyKey(a *args, key string) bool { return a.Bool(key) }
