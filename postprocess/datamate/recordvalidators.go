package datamate

import (
	"github.com/sluice-dev/sluice/lang/selector"
	"github.com/sluice-dev/sluice/postprocess"
	"github.com/sluice-dev/sluice/record"
)

// data-mate RecordValidator functions (validators.md §3.7, wrapper E): the
// record is kept when the function returns it.

func recordValidatorSpecs() []*spec {
	return []*spec{
		rv(&spec{Name: "required", Summary: "Keep the record only if it has every top-level key in fields (a null value counts as present).",
			Params:   []param{{Name: "fields", Type: "string[]", Required: true, Doc: "top-level keys"}},
			Examples: []example{exArgs(`{"fields":["bar"]}`, `{"foo":"hello","bar":"stuff"}`, `{"foo":"hello","bar":"stuff"}`), exArgs(`{"fields":["bar"]}`, `{"foo":1}`, "null")}},
			buildRequired),
		rv(&spec{Name: "select", Summary: "Keep the record only if it matches the xLucene query (data-mate DocumentMatcher: * needs a top-level string value).",
			Params:   matcherParams,
			Examples: []example{exArgs(`{"query":"_exists_:bar"}`, `{"foo":true,"bar":true}`, `{"foo":true,"bar":true}`), exArgs(`{"query":"next:data"}`, `{"next":"other"}`, "null")}},
			buildMatcher(false)),
		rv(&spec{Name: "reject", Summary: "Keep the record only if it does not match the xLucene query.",
			Params:   matcherParams,
			Examples: []example{exArgs(`{"query":"_exists_:bar"}`, `{"foo":123412}`, `{"foo":123412}`), exArgs(`{"query":"_exists_:bar"}`, `{"foo":true,"bar":true}`, "null")}},
			buildMatcher(true)),
	}
}

type recordPredicate = func(r *record.Record) (bool, error)

// rv completes a RecordValidator spec.
func rv(s *spec, b func(a *args) (recordPredicate, error)) *spec {
	s.Kind = postprocess.RecordValidator
	s.Build = func(a *args) (*postprocess.Impl, error) {
		f, err := b(a)
		if err != nil {
			return nil, err
		}
		return &postprocess.Impl{Record: f}, nil
	}
	return s
}

// stringList reads a non-empty array of strings (the reference throws on
// anything else).
func stringList(a *args, key string) ([]string, error) {
	list, present, err := a.StringList(key)
	if err != nil {
		return nil, err
	}
	if !present || len(list) == 0 {
		return nil, paramErr(key, "is required (a non-empty array of strings)")
	}
	return list, nil
}

func buildRequired(a *args) (recordPredicate, error) {
	fields, err := stringList(a, "fields")
	if err != nil {
		return nil, err
	}
	return func(r *record.Record) (bool, error) {
		for _, f := range fields {
			if !r.Data.Has(f) {
				return false, nil
			}
		}
		return true, nil
	}, nil
}

var matcherParams = []param{
	{Name: "query", Type: "string", Default: "*", Doc: "xLucene query"},
	{Name: "type_config", Type: "object", Doc: "field types (ip, date, geo, ...) for this query"},
	{Name: "variables", Type: "object", Doc: "values for $variables in the query"},
}

// buildMatcher compiles select (reject=false) or reject once.
func buildMatcher(reject bool) func(a *args) (recordPredicate, error) {
	return func(a *args) (recordPredicate, error) {
		m, err := compileMatcher(a)
		if err != nil {
			return nil, err
		}
		return func(r *record.Record) (bool, error) { return m.Match(r.Data) != reject, nil }, nil
	}
}

func compileMatcher(a *args) (*selector.Matcher, error) {
	query := "*"
	if v, ok := a.Get("query"); ok && v != record.Undefined {
		s, isStr := v.(string)
		if !isStr {
			return nil, paramErr("query", "expected an xLucene query string, got "+record.JSON(v))
		}
		query = s
	}
	var opts selector.Options
	types, err := optionalObject(a, "type_config")
	if err != nil {
		return nil, err
	}
	for k, v := range types {
		opts.Types = setType(opts.Types, k, record.ToString(record.FromGo(v)))
	}
	if opts.Variables, err = optionalObject(a, "variables"); err != nil {
		return nil, err
	}
	m, err := selector.Compile(query, opts)
	if err != nil {
		return nil, paramErr("query", err.Error())
	}
	return m, nil
}

func setType(m map[string]string, k, v string) map[string]string {
	if m == nil {
		m = map[string]string{}
	}
	m[k] = v
	return m
}

// optionalObject reads a key that, when truthy, must be an object.
func optionalObject(a *args, key string) (map[string]any, error) {
	v, ok := a.Get(key)
	if !record.Truthy(v) {
		return nil, nil
	}
	o, isObj := v.(*record.Object)
	if !isObj {
		return nil, paramErr(key, "expected an object, got "+got(v, ok))
	}
	return record.ToGo(o).(map[string]any), nil
}
