package postprocess

import (
	"fmt"

	"github.com/sluice-dev/sluice/record"
)

// ParamError is a bad or missing operation argument; the compiler reports it
// at the parameter's position in the rule.
type ParamError struct {
	Param string // "" when the problem is not about one key
	Msg   string
}

func (e *ParamError) Error() string {
	if e.Param == "" {
		return e.Msg
	}
	return fmt.Sprintf("parameter %q: %s", e.Param, e.Msg)
}

// Args gives an operation's Build access to the rule object (every key of
// the normalised rule, like the reference passes it).
type Args struct {
	Rule *record.Object
}

// NewArgs wraps a rule object.
func NewArgs(rule *record.Object) *Args {
	if rule == nil {
		rule = record.NewObject(0)
	}
	return &Args{Rule: rule}
}

// Get returns a rule key.
func (a *Args) Get(key string) (any, bool) { return a.Rule.Get(key) }

// Has reports key presence.
func (a *Args) Has(key string) bool { return a.Rule.Has(key) }

// Map returns the rule as a Go map (for binders that take options objects).
func (a *Args) Map() map[string]any { return record.ToGo(a.Rule).(map[string]any) }

// ValueOrConfig is the validator.js plugin argument: rule.value when truthy,
// else the whole rule as a map.
func (a *Args) ValueOrConfig() any {
	if v, ok := a.Get("value"); ok && record.Truthy(v) {
		return record.ToGo(v)
	}
	return a.Map()
}

// String reads an optional string key (def when absent or null).
func (a *Args) String(key, def string) (string, error) {
	v, ok := a.Get(key)
	if !ok || v == nil {
		return def, nil
	}
	s, isStr := v.(string)
	if !isStr {
		return "", &ParamError{key, "expected a string, got " + record.TypeName(v)}
	}
	return s, nil
}

// RequiredString reads a key that must be a non-empty string.
func (a *Args) RequiredString(key string) (string, error) {
	v, ok := a.Get(key)
	if !ok || v == nil {
		return "", &ParamError{key, "is required (a string)"}
	}
	s, isStr := v.(string)
	if !isStr || s == "" {
		return "", &ParamError{key, "expected a non-empty string, got " + record.JSON(v)}
	}
	return s, nil
}

// Number reads an optional number key.
func (a *Args) Number(key string, def float64) (float64, error) {
	v, ok := a.Get(key)
	if !ok || v == nil {
		return def, nil
	}
	f, isNum := v.(float64)
	if !isNum {
		return 0, &ParamError{key, "expected a number, got " + record.JSON(v)}
	}
	return f, nil
}

// Bool reads an optional key with JavaScript truthiness (the reference
// tests options with `if (opt)`).
func (a *Args) Bool(key string) bool {
	v, _ := a.Get(key)
	return record.Truthy(v)
}

// StringList reads an optional array of strings.
func (a *Args) StringList(key string) ([]string, bool, error) {
	v, ok := a.Get(key)
	if !ok || v == nil {
		return nil, false, nil
	}
	arr, isArr := v.([]any)
	if !isArr {
		return nil, true, &ParamError{key, "expected an array of strings, got " + record.JSON(v)}
	}
	out := make([]string, len(arr))
	for i, e := range arr {
		s, isStr := e.(string)
		if !isStr {
			return nil, true, &ParamError{key, "expected an array of strings, element " + record.JSON(e) + " is not a string"}
		}
		out[i] = s
	}
	return out, true, nil
}
