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
// transform, plus extract and transformRecord. As in the reference's bridge,
// `value|name(config)` calls name(value, context, config): the FIRST
// argument is the options object and the context is the record the
// instance is evaluating (its `_context`, see evalSync).

func buildTransformRecord(a *args) (recordFn, error) {
	prog, field, err := transformRecordArgs(a)
	if err != nil {
		return nil, err
	}
	return func(r *record.Record) (*record.Record, error) {
		v, err := evalSync(prog, &jexl.Env{}, r.Data)
		if err != nil {
			return nil, err
		}
		if !record.IsNil(v) {
			r.Data.Set(field, v)
		}
		return r, nil
	}, nil
}

func transformRecordArgs(a *args) (*jexl.Program, string, error) {
	src, err := nonEmptyString(a, "jexlExp")
	if err != nil {
		return nil, "", err
	}
	field, err := nonEmptyString(a, "field")
	if err != nil {
		return nil, "", err
	}
	prog, err := jexl.CompileWith(src, jexlFuncs())
	if err != nil {
		return nil, "", paramErr("jexlExp", err.Error())
	}
	return prog, field, nil
}

// evalSync is data-mate's Jexl.evalSync: a null context means the one the
// instance holds; the context is the instance's while the expression runs
// and an empty object afterwards (also for the transforms that follow a
// nested evaluation in the outer expression).
func evalSync(prog *jexl.Program, env *jexl.Env, ctx any) (any, error) {
	if record.IsNil(ctx) {
		ctx = env.Context
	}
	env.Context = ctx
	v, err := prog.EvalEnv(env, ctx)
	if err != nil {
		return nil, err
	}
	env.Context = record.NewObject(0)
	return v, nil
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
		jexlTable["extract"] = jexlExtract()
		jexlTable["transformRecord"] = jexlTransformRecord
	})
	return jexlTable
}

// jexlConfig is the bound function's Args: the first argument when it is
// an object; nil otherwise.
func jexlConfig(args []any) *postprocess.Args {
	if len(args) > 0 {
		if o, ok := args[0].(*record.Object); ok {
			return postprocess.NewArgs(o)
		}
	}
	return nil
}

// envDoc is the instance's context as the record a field function sees.
func envDoc(env *jexl.Env) *record.Object {
	doc, _ := env.Context.(*record.Object)
	return doc
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
	return func(env *jexl.Env, v any, args []any) (any, error) {
		f, err := bind(jexlConfig(args))
		if err != nil {
			return nil, err
		}
		return f(v, envDoc(env))
	}
}

func jexlValidator(b validatorBuilder) jexl.Func {
	bind := bindLazy(b)
	return func(_ *jexl.Env, v any, args []any) (any, error) {
		f, err := bind(jexlConfig(args))
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
	return func(_ *jexl.Env, v any, args []any) (any, error) {
		obj, isObj := v.(*record.Object)
		if !isObj {
			return nil, nil
		}
		cfg := jexlConfig(args)
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

// jexlTransformRecord is transformRecord as a transform: the value is the
// record (objects only; null otherwise), the config names jexlExp and field.
func jexlTransformRecord(env *jexl.Env, v any, args []any) (any, error) {
	obj, isObj := v.(*record.Object)
	if !isObj {
		return nil, nil
	}
	cfg := jexlConfig(args)
	if cfg == nil {
		return nil, errors.New("Argument parameters must be provided")
	}
	prog, field, err := transformRecordArgs(cfg)
	if err != nil {
		return nil, err
	}
	res, err := evalSync(prog, env, obj)
	if err != nil {
		return nil, err
	}
	if !record.IsNil(res) {
		obj.Set(field, res)
	}
	return obj, nil
}
