package compiler

import (
	"errors"
	"sort"
	"sync"

	"github.com/sluice-dev/sluice/lang/diag"
	"github.com/sluice-dev/sluice/postprocess"
	"github.com/sluice-dev/sluice/record"
)

// keyType is the JSON type a rule key must have. Error marks the keys whose
// wrong type would make this engine differ from the reference or ignore the
// rule (a number start, an array end); the flags the reference reads by
// truthiness (output, multivalue, mutate, ...) keep that reading, and their
// rule files exist (output:"false" is not a restriction), so they warn.
type keyType struct {
	want  string // string, boolean, strings (array of strings), string|strings
	error bool
}

// ruleKeys are the keys the rule engine itself reads; operations add their
// parameters (postprocess.Spec.Params), which they type-check themselves.
var ruleKeys = map[string]keyType{
	"selector": {"string", true}, "source": {"string|strings", true}, "target": {"string", true},
	"source_field": {"string", true}, "target_field": {"string", true},
	"tag": {"string", false}, "tags": {"strings", false}, "follow": {"string", true},
	"post_process": {"string", true}, "validation": {"string", true},
	"start": {"string", true}, "end": {"string", true}, "regex": {"string", true}, "exp": {"string", true},
	"multivalue": {"boolean", false}, "mutate": {"boolean", false}, "output": {"boolean", false},
	"other_match_required": {"boolean", false},
}

// otherKeys are read by the structural operations (join, array) or ignored
// on purpose.
var otherKeys = map[string]bool{"fields": true, "sources": true, "delimiter": true, "__id": true}

// pathKeys hold field paths.
var pathKeys = []string{"source", "target", "source_field", "target_field", "fields", "sources"}

// checkKeys reports rule keys of the wrong JSON type, misspelled keys and
// field paths that cannot be used. It reports whether the rule may be kept.
func checkKeys(r *Rule, diags *diag.List) bool {
	if r.Bare {
		return true
	}
	ok := true
	var params map[string]bool // the operation's parameters, found when a key is not a rule key
	for i := 0; i < r.Obj.Len(); i++ {
		k, v := r.Obj.At(i)
		t, known := ruleKeys[k]
		switch {
		case known:
			if record.IsNil(v) && !t.error || hasType(v, t.want) {
				continue
			}
			d := diag.New(CodeFieldType, r.valSpan(k), "%s must be %s, got %s", k, typeWords[t.want], record.TypeName(v))
			if !t.error {
				d = diag.Warn(CodeFieldType, r.valSpan(k), "%s should be %s, got %s", k, typeWords[t.want], record.TypeName(v))
			} else {
				ok = false
			}
			diags.Add(d)
		case otherKeys[k]:
		default:
			if params == nil {
				params = opParams(r)
			}
			if params[k] {
				continue
			}
			if hint := nearestKey(k, params); hint != "" {
				diags.Add(diag.Warn(CodeUnknownKey, r.keySpan(k), "unknown rule key %q is ignored", k).WithNote("did you mean %q?", hint))
			}
		}
	}
	return checkPaths(r, diags) && ok
}

var typeWords = map[string]string{"string": "a string", "boolean": "true or false", "strings": "an array of strings",
	"string|strings": "a string or an array of strings"}

func hasType(v any, want string) bool {
	switch want {
	case "string":
		_, ok := v.(string)
		return ok
	case "boolean":
		_, ok := v.(bool)
		return ok
	case "strings":
		return isStrings(v)
	case "string|strings":
		_, ok := v.(string)
		return ok || isStrings(v)
	}
	return true
}

func isStrings(v any) bool {
	arr, ok := v.([]any)
	for _, e := range arr {
		if _, isStr := e.(string); !isStr {
			return false
		}
	}
	return ok
}

// opParams are the parameter names of the rule's operation (of every
// operation when it names none or an unknown one).
func opParams(r *Rule) map[string]bool {
	out := map[string]bool{}
	found := false
	for _, n := range []string{r.str("post_process"), r.str("validation")} {
		if spec, ok := postprocess.Lookup(n); ok {
			found = true
			for _, p := range spec.Params {
				out[p.Name] = true
			}
		}
	}
	if !found {
		return allParams()
	}
	return out
}

// allParams is the union of every operation's parameters.
var allParams = sync.OnceValue(func() map[string]bool {
	out := map[string]bool{}
	for _, n := range postprocess.Names() {
		if spec, ok := postprocess.Lookup(n); ok {
			for _, p := range spec.Params {
				out[p.Name] = true
			}
		}
	}
	return out
})

// nearestKey is the known key closest to a misspelled one (edit distance
// at most 2, and less than half its length), or "".
func nearestKey(k string, params map[string]bool) string {
	var cands []string
	for n := range ruleKeys {
		cands = append(cands, n)
	}
	for n := range params {
		cands = append(cands, n)
	}
	for n := range otherKeys {
		cands = append(cands, n)
	}
	sort.Strings(cands) // deterministic among equally near keys
	best, bestD := "", 3
	for _, n := range cands {
		if d := editDistance(k, n); d < bestD && 2*d < len(k) {
			best, bestD = n, d
		}
	}
	return best
}

// checkPaths validates the field paths of a rule (record.CheckPath): a
// path the run-time code could only guess at is an error here.
func checkPaths(r *Rule, diags *diag.List) bool {
	ok := true
	for _, k := range pathKeys {
		switch v := r.get(k).(type) {
		case string:
			ok = checkPath(r, k, v, diags) && ok
		case []any:
			for _, e := range v {
				if s, isStr := e.(string); isStr {
					ok = checkPath(r, k, s, diags) && ok
				}
			}
		}
	}
	return ok
}

func checkPath(r *Rule, key, path string, diags *diag.List) bool {
	err := record.CheckPath(path)
	if err == nil {
		return true
	}
	var pe *record.PathError
	span := r.valSpan(key)
	if errors.As(err, &pe) {
		if f := r.fields[key]; f != nil && f.isString {
			span = r.innerSpan(key, pe.Offset, pe.Offset+1)
		}
	}
	diags.Add(diag.New(CodePath, span, "%s %q is not a usable field path: %v", key, clip(path), err))
	return false
}

// clip shortens a value quoted in a message.
func clip(s string) string {
	if len(s) > 60 {
		return s[:57] + "..."
	}
	return s
}
