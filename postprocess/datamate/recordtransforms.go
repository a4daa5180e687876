package datamate

import (
	"github.com/sluice-dev/sluice/postprocess"
	"github.com/sluice-dev/sluice/record"
)

// data-mate RecordTransform functions (validators.md §3.8, wrapper F). They
// work on top-level keys (`doc[key]`), not on paths.

func recordTransformSpecs() []*spec {
	return []*spec{
		rt(&spec{Name: "renameField", Summary: "Move the top-level key from to to (a missing from leaves to undefined, i.e. absent).",
			Params:   fromTo,
			Examples: []example{exArgs(`{"from":"a","to":"b"}`, `{"a":1,"c":2}`, `{"c":2,"b":1}`), exArgs(`{"from":"missing","to":"b"}`, `{"a":1}`, `{"a":1}`)}},
			buildRename),
		rt(&spec{Name: "setField", Summary: "Set the top-level key field to value on every record.",
			Params: []param{{Name: "field", Type: "string", Required: true, Doc: "top-level key"},
				{Name: "value", Type: "any", Required: true, Doc: "any JSON value, null included"}},
			Examples: []example{exArgs(`{"field":"other","value":"stuff"}`, `{"hello":"world"}`, `{"hello":"world","other":"stuff"}`)}},
			buildSetField),
		rt(&spec{Name: "dropFields", Summary: "Delete the top-level keys in fields; a record left empty is dropped.",
			Params:   []param{{Name: "fields", Type: "string[]", Required: true, Doc: "top-level keys"}},
			Examples: []example{exArgs(`{"fields":["other","last"]}`, `{"hello":"world","other":"stuff","last":"thing"}`, `{"hello":"world"}`), exArgs(`{"fields":["hello"]}`, `{"hello":"world"}`, "null")}},
			buildDropFields),
		rt(&spec{Name: "copyField", Summary: "Copy the top-level key from to to when from is present.",
			Params:   fromTo,
			Examples: []example{exArgs(`{"from":"a","to":"b"}`, `{"a":1}`, `{"a":1,"b":1}`), exArgs(`{"from":"nope","to":"b"}`, `{"a":1}`, `{"a":1}`)}},
			buildCopy),
		rt(&spec{Name: "transformRecord", Summary: "Evaluate the jexl expression jexlExp on the record (every data-mate function is a transform: value|toUpperCase) and set field to a non-null result.",
			Params: []param{{Name: "jexlExp", Type: "string", Required: true, Doc: "jexl expression; the record's keys are its identifiers"},
				{Name: "field", Type: "string", Required: true, Doc: "top-level key for the result"}},
			Examples: []example{exArgs(`{"jexlExp":"hello|toUpperCase","field":"final"}`, `{"hello":"world"}`, `{"hello":"world","final":"WORLD"}`), exArgs(`{"jexlExp":"[hello]","field":"final"}`, `{"hello":"world"}`, `{"hello":"world","final":["world"]}`)}},
			buildTransformRecord),
	}
}

type recordFn = func(r *record.Record) (*record.Record, error)

// rt completes a RecordTransform spec.
func rt(s *spec, b func(a *args) (recordFn, error)) *spec {
	s.Kind = postprocess.RecordTransform
	s.Build = func(a *args) (*postprocess.Impl, error) {
		f, err := b(a)
		if err != nil {
			return nil, err
		}
		return &postprocess.Impl{RecordTx: f}, nil
	}
	return s
}

var fromTo = []param{{Name: "from", Type: "string", Required: true, Doc: "top-level key to read"},
	{Name: "to", Type: "string", Required: true, Doc: "top-level key to write"}}

// stringArg reads a key that must be a string (any string, "" included).
func stringArg(a *args, key string) (string, error) {
	v, ok := a.Get(key)
	s, isStr := v.(string)
	if !isStr {
		return "", paramErr(key, "is required (a string), got "+got(v, ok))
	}
	return s, nil
}

func fromToArgs(a *args) (string, string, error) {
	from, err := stringArg(a, "from")
	if err != nil {
		return "", "", err
	}
	to, err := stringArg(a, "to")
	return from, to, err
}

func buildRename(a *args) (recordFn, error) {
	from, to, err := fromToArgs(a)
	if err != nil {
		return nil, err
	}
	return func(r *record.Record) (*record.Record, error) {
		v, ok := r.Data.Get(from)
		if !ok {
			v = record.Undefined
		}
		r.Data.Set(to, v)
		r.Data.Delete(from)
		return r, nil
	}, nil
}

func buildSetField(a *args) (recordFn, error) {
	field, err := stringArg(a, "field")
	if err != nil {
		return nil, err
	}
	value, ok := a.Get("value")
	if !ok || value == record.Undefined {
		return nil, paramErr("value", "is required (any JSON value)")
	}
	return func(r *record.Record) (*record.Record, error) {
		r.Data.Set(field, record.DeepCopy(value))
		return r, nil
	}, nil
}

func buildDropFields(a *args) (recordFn, error) {
	fields, present, err := a.StringList("fields")
	if err != nil {
		return nil, err
	}
	if !present {
		return nil, paramErr("fields", "is required (an array of strings)")
	}
	return func(r *record.Record) (*record.Record, error) {
		for _, f := range fields {
			r.Data.Delete(f)
		}
		if r.Data.Len() == 0 {
			return nil, nil
		}
		return r, nil
	}, nil
}

func buildCopy(a *args) (recordFn, error) {
	from, to, err := fromToArgs(a)
	if err != nil {
		return nil, err
	}
	return func(r *record.Record) (*record.Record, error) {
		if v, ok := r.Data.Get(from); ok && v != record.Undefined {
			r.Data.Set(to, v)
		}
		return r, nil
	}, nil
}
