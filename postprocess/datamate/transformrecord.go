package datamate

import (
	"errors"
	"sync"

	"github.com/sluice-dev/sluice/internal/jexl"
	"github.com/sluice-dev/sluice/postprocess"
	"github.com/sluice-dev/sluice/record"
)

// transformRecord and data-mate's jexl instance, on which every
// FieldTransform, FieldValidator and RecordValidator function is a
// transform. As in the reference's bridge, `value|name(context, config)`
// calls name(value, context, config): the options object is the SECOND
// argument; `value|name` passes none.

func buildTransformRecord(a *args) (recordFn, error) {
	src, err := nonEmptyString(a, "jexlExp")
	if err != nil {
		return nil, err
	}
	field, err := nonEmptyString(a, "field")
	if err != nil {
		return nil, err
	}
	prog, err := jexl.CompileWith(src, jexlFuncs())
	if err != nil {
		return nil, paramErr("jexlExp", err.Error())
	}
	return func(r *record.Record) (*record.Record, error) {
		v, err := prog.Eval(r.Data)
		if err != nil {
			return nil, err
		}
		if !record.IsNil(v) {
			r.Data.Set(field, v)
		}
		return r, nil
	}, nil
}

func nonEmptyString(a *args, key string) (string, error) {
	v, ok := a.Get(key)
	if s, isStr := v.(string); isStr && s != "" {
		return s, nil
	}
	return "", paramErr(key, "is required (a non-empty string), got "+got(v, ok))
}

var (
	jexlOnce  sync.Once
	jexlTable map[string]jexl.Func
)

// jexlFuncs is the transform table, built once.
func jexlFuncs() map[string]jexl.Func {
	jexlOnce.Do(func() {
		jexlTable = map[string]jexl.Func{}
		for name, b := range transforms {
			jexlTable[name] = jexlTransform(b)
		}
		for name, b := range validators {
			jexlTable[name] = jexlValidator(b)
		}
		for _, s := range recordValidatorSpecs() {
			jexlTable[s.Name] = jexlRecordValidator(s)
		}
	})
	return jexlTable
}

// jexlConfig splits transform arguments into the value and the bound
// function's Args (the third argument when it is an object).
func jexlConfig(args []any) (any, *postprocess.Args) {
	var v any
	if len(args) > 0 {
		v = args[0]
	}
	if len(args) > 2 {
		if o, ok := args[2].(*record.Object); ok {
			return v, postprocess.NewArgs(o)
		}
	}
	return v, nil
}

// bindLazy caches the binding without a config object.
func bindLazy[F any](build func(*postprocess.Args) (F, error)) func(*postprocess.Args) (F, error) {
	var once sync.Once
	var f F
	var err error
	return func(a *postprocess.Args) (F, error) {
		if a != nil {
			return build(a)
		}
		once.Do(func() { f, err = build(postprocess.NewArgs(nil)) })
		return f, err
	}
}

func jexlTransform(b transformBuilder) jexl.Func {
	bind := bindLazy(b)
	return func(args ...any) (any, error) {
		v, cfg := jexlConfig(args)
		f, err := bind(cfg)
		if err != nil {
			return nil, err
		}
		return f(v, nil)
	}
}

func jexlValidator(b validatorBuilder) jexl.Func {
	bind := bindLazy(b)
	return func(args ...any) (any, error) {
		v, cfg := jexlConfig(args)
		f, err := bind(cfg)
		if err != nil {
			return nil, err
		}
		ok, err := f(v)
		return ok, err
	}
}

var errRecordArgs = errors.New("Parameter args must be provided and be an object")

// jexlRecordValidator returns the object when it passes, else null.
func jexlRecordValidator(s *spec) jexl.Func {
	return func(args ...any) (any, error) {
		v, cfg := jexlConfig(args)
		obj, isObj := v.(*record.Object)
		if !isObj {
			return nil, nil
		}
		if cfg == nil {
			return nil, errRecordArgs
		}
		impl, err := s.Build(cfg)
		if err != nil {
			return nil, err
		}
		if ok, err := impl.Record(record.New(obj)); err != nil || !ok {
			return nil, err
		}
		return obj, nil
	}
}
