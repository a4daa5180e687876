package datamate

import (
	"strings"

	"github.com/sluice-dev/sluice/internal/jexl"
	"github.com/sluice-dev/sluice/internal/jsre"
	"github.com/sluice-dev/sluice/internal/jsstr"
	"github.com/sluice-dev/sluice/record"
)

// extract is data-mate's jexl-folder extract, the FieldTransform repository
// entry that `map` (fn: "extract") and the jexl transform `extract` call. It
// is not a post_process operation (ts-transforms excludes it). With regex it
// collects every group of every match, with start and end the text between
// them, with jexlExp the expression's value on the record; otherwise the
// input itself. Like the reference, the regex and start/end searches read
// the whole input even when it is an array (an array is searched as its
// join(",") by the regex, and element by element by start/end).

type extractor struct {
	re         *jsre.Regexp // regex (nil: unset or not a string)
	regex      bool         // regex is truthy
	start, end string
	slice      bool // start and end are truthy
	exp        *jexl.Program
	multi      bool
}

func bindExtract(a *args) (*extractor, error) {
	x := &extractor{multi: true}
	if v, ok := a.Get("isMultiValue"); ok && v != record.Undefined {
		x.multi = record.Truthy(v)
	}
	if err := x.bindRegex(a); err != nil {
		return nil, err
	}
	start, _ := a.Get("start")
	end, _ := a.Get("end")
	if record.Truthy(start) && record.Truthy(end) {
		x.start, x.end, x.slice = record.ToString(start), record.ToString(end), true
	}
	src, _ := a.Get("jexlExp")
	if record.Truthy(src) {
		prog, err := jexl.CompileWith(record.ToString(src), jexlFuncs())
		if err != nil {
			return nil, paramErr("jexlExp", err.Error())
		}
		x.exp = prog
	}
	return x, nil
}

func (x *extractor) bindRegex(a *args) error {
	v, _ := a.Get("regex")
	x.regex = record.Truthy(v)
	s, isStr := v.(string)
	if !x.regex || !isStr {
		return nil
	}
	pattern, flags := regexLiteral(s)
	re, err := jsre.Compile(pattern, flags)
	if err != nil {
		return paramErr("regex", err.Error())
	}
	x.re = re
	return nil
}

// regexLiteral is core-utils formatRegex: "/pattern/flags" or a plain pattern.
func regexLiteral(s string) (string, string) {
	if len(s) >= 2 && s[0] == '/' {
		if end := strings.LastIndexByte(s, '/'); end > 0 && strings.Trim(s[end+1:], "igsmx") == "" {
			return s[1:end], s[end+1:]
		}
	}
	return s, ""
}

// run extracts from input; jexlExp is evaluated on env's context.
func (x *extractor) run(env *jexl.Env, input any) (any, error) {
	if record.IsNil(input) {
		return nil, nil
	}
	var out any
	var err error
	switch {
	case x.regex:
		out, err = x.over(input, x.matchAll)
	case x.slice:
		out, err = x.over(input, x.subslice)
	case x.exp != nil:
		out, err = evalSync(x.exp, env, env.Context)
	default:
		out = input
	}
	if err != nil || record.IsNil(out) {
		return nil, err
	}
	return out, nil
}

// over is extractField: fn reads the whole input, once for a string and
// once per string element of an array.
func (x *extractor) over(input any, fn func(any) (any, error)) (any, error) {
	switch v := input.(type) {
	case string:
		return fn(v)
	case []any:
		var results []any
		for _, e := range v {
			if _, isStr := e.(string); !isStr {
				continue
			}
			r, err := fn(input)
			if err != nil {
				return nil, err
			}
			results = appendTruthy(results, r)
		}
		if len(results) == 0 {
			return nil, nil
		}
		if x.multi {
			return results, nil
		}
		return results[0], nil
	}
	return nil, nil
}

func appendTruthy(results []any, r any) []any {
	if !record.Truthy(r) {
		return results
	}
	if arr, ok := r.([]any); ok {
		return append(results, arr...)
	}
	return append(results, r)
}

// matchAll is core-utils matchAll on String(input): every group of every
// match (the whole match when there are no groups), up to the first empty
// match; null when nothing matched. Without multi only the first value.
func (x *extractor) matchAll(input any) (any, error) {
	if x.re == nil {
		return nil, nil
	}
	ms, err := x.re.FindAll(record.ToString(input), -1)
	if err != nil {
		return nil, err
	}
	var out []any
	for _, m := range ms {
		if m.Start == m.End {
			break
		}
		out = appendGroups(out, m)
	}
	if len(out) == 0 {
		return nil, nil
	}
	if !x.multi {
		return out[0], nil
	}
	return out, nil
}

func appendGroups(out []any, m jsre.Match) []any {
	if len(m.Groups) == 1 {
		return append(out, m.Groups[0].Text)
	}
	for _, g := range m.Groups[1:] {
		if g.OK {
			out = append(out, g.Text)
		} else {
			out = append(out, record.Undefined)
		}
	}
	return out
}

// subslice is getSubslice: what lies between start and the next end (or
// the end of the input); null when start is absent or nothing lies between.
// On an array the searches are Array.prototype.indexOf.
func (x *extractor) subslice(input any) (any, error) {
	switch v := input.(type) {
	case string:
		i := strings.Index(v, x.start)
		if i < 0 {
			return nil, nil
		}
		rest := v[i+len(x.start):]
		if j := strings.Index(rest, x.end); j >= 0 {
			rest = rest[:j]
		}
		if rest == "" {
			return nil, nil
		}
		return rest, nil
	case []any:
		return x.subsliceArray(v), nil
	}
	return nil, nil
}

func (x *extractor) subsliceArray(v []any) any {
	i := indexOf(v, x.start, 0)
	if i < 0 {
		return nil
	}
	from := min(i+jsstr.Len16(x.start), len(v))
	to := indexOf(v, x.end, from)
	if to < 0 {
		to = len(v)
	}
	if to < from {
		to = from
	}
	return append([]any{}, v[from:to]...) // an array is truthy even when empty
}

func indexOf(v []any, s string, from int) int {
	for i := from; i < len(v); i++ {
		if e, ok := v[i].(string); ok && e == s {
			return i
		}
	}
	return -1
}

// buildExtract is the repository entry used by map: the context is the
// record map was given.
func buildExtract(a *args) (transformFn, error) {
	x, err := bindExtract(a)
	if err != nil {
		return nil, err
	}
	return func(v any, doc *record.Object) (any, error) {
		var ctx any
		if doc != nil {
			ctx = doc
		}
		return x.run(&jexl.Env{Context: ctx}, v)
	}, nil
}

// jexlExtract is the jexl transform extract(value, context, config).
func jexlExtract() jexl.Func {
	bind := bindLazy(bindExtract)
	return func(env *jexl.Env, v any, args []any) (any, error) {
		x, err := bind(jexlConfig(args))
		if err != nil {
			return nil, err
		}
		return x.run(env, v)
	}
}
