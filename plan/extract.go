package plan

import (
	"github.com/sluice-dev/sluice/internal/jsre"
	"strings"

	"github.com/sluice-dev/sluice/record"
)

// apply runs one extraction: read from src, write into dst; ctx is the
// record exp expressions see. It reports whether a value was set.
func (e *Extraction) apply(src, dst, ctx *record.Object, b *jsre.Budget) (bool, error) {
	var v any
	var ok bool
	if e.HasSource {
		if e.Direct {
			v, ok = src.Get(e.Source.String())
		} else {
			v, ok = e.Source.Get(src)
		}
	}
	var r any
	var err error
	switch {
	case ok && e.Regex != nil:
		r, err = e.over(v, func(s string) (any, error) { return e.regexFn(s, b) })
	case ok && e.Slice:
		r, err = e.over(v, e.sliceFn)
	case ok && e.Exp != nil:
		r, err = e.Exp.Eval(ctx)
	case ok:
		r = v
	case e.Exp != nil && !e.HasSource:
		r, err = e.Exp.Eval(ctx)
	}
	if err != nil || record.IsNil(r) {
		return false, err
	}
	e.Target.Set(dst, r)
	return true, nil
}

// over applies fn to a string, or to the string elements of an array.
func (e *Extraction) over(v any, fn func(string) (any, error)) (any, error) {
	switch x := v.(type) {
	case string:
		return fn(x)
	case []any:
		var out []any
		for _, el := range x {
			s, ok := el.(string)
			if !ok {
				continue
			}
			r, err := fn(s)
			if err != nil {
				return nil, err
			}
			if !record.Truthy(r) {
				continue
			}
			if arr, isArr := r.([]any); isArr {
				out = append(out, arr...)
			} else {
				out = append(out, r)
			}
		}
		if len(out) == 0 {
			return nil, nil
		}
		if e.Multi == MultiFalse {
			return out[0], nil
		}
		return out, nil
	}
	return nil, nil
}

// sliceFn extracts between start and the next end (or to the end).
func (e *Extraction) sliceFn(s string) (any, error) {
	i := strings.Index(s, e.Start)
	if i < 0 {
		return nil, nil
	}
	rest := s[i+len(e.Start):]
	if j := strings.Index(rest, e.End); j >= 0 {
		rest = rest[:j]
	}
	if rest == "" {
		return nil, nil
	}
	return rest, nil
}

// regexFn is the reference matchAll: every group of every match (or the
// whole match when the regex has no groups), the first only unless
// multivalue is true.
func (e *Extraction) regexFn(s string, b *jsre.Budget) (any, error) {
	limit := -1
	if e.Multi != MultiTrue {
		limit = 1
	}
	ms, err := e.Regex.FindAllIn(s, limit, b)
	if err != nil {
		return nil, err
	}
	var out []any
	for _, m := range ms {
		if m.Start == m.End {
			break // the reference stops at the first zero-length match
		}
		if len(m.Groups) == 1 {
			out = append(out, m.Groups[0].Text)
			continue
		}
		for _, g := range m.Groups[1:] {
			if g.OK {
				out = append(out, g.Text)
			} else {
				out = append(out, record.Undefined)
			}
		}
	}
	if len(out) == 0 {
		return nil, nil
	}
	if e.Multi == MultiTrue {
		return out, nil
	}
	return out[0], nil
}
