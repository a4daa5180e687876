package datamate

import (
	"github.com/sluice-dev/sluice/postprocess"
	"github.com/sluice-dev/sluice/record"
)

// Short names for the registry types used throughout the package.
type (
	spec    = postprocess.Spec
	param   = postprocess.Param
	example = postprocess.Example
	args    = postprocess.Args
)

// validatorFn is a bound data-mate FieldValidator at function level
// (`fn(input, input, args)`): nil gives false for most functions, arrays go
// through `_lift`; an error is the function throwing.
type validatorFn = func(v any) (bool, error)

// transformFn is a bound data-mate FieldTransform (`fn(input, doc, args)`).
type transformFn = func(v any, doc *record.Object) (any, error)

// Builders bind one function to its arguments (the rule object, or the
// `options` object of some/every/map).
type (
	validatorBuilder = func(a *args) (validatorFn, error)
	transformBuilder = func(a *args) (transformFn, error)
)

var (
	specs []*spec
	// validators is data-mate's FieldValidator repository (some, every, jexl).
	validators = map[string]validatorBuilder{}
	// transforms is data-mate's FieldTransform repository (map, jexl): every
	// field transform except dedupe, plus the FieldTransform setField and
	// data-mate's jexl extract.
	transforms = map[string]transformBuilder{}
)

func init() {
	register(fieldTransformSpecs()...)
	register(fieldValidatorSpecs()...)
	register(recordValidatorSpecs()...)
	register(recordTransformSpecs()...)
	delete(transforms, "dedupe") // a RecordTransform re-added as a field op
	transforms["setField"] = buildSetFieldTransform
	transforms["extract"] = buildExtract
}

func register(s ...*spec) { specs = append(specs, s...) }

// Specs returns the data-mate operations in registration order (field
// transforms, field validators, record validators, record transforms).
func Specs() []*postprocess.Spec { return specs }

// fv completes a FieldValidator spec and adds its builder to the repository.
func fv(s *spec, b validatorBuilder) *spec {
	validators[s.Name] = b
	s.Kind = postprocess.FieldValidator
	s.Build = func(a *args) (*postprocess.Impl, error) {
		f, err := b(a)
		if err != nil {
			return nil, err
		}
		return &postprocess.Impl{Validate: definedValidator(f)}, nil
	}
	return s
}

// validString gives a FieldValidator spec its answer for strings
// (postprocess.Impl.ValidString): pred, which must be what the spec's
// validator answers for every string.
func validString(s *spec, pred func(string) bool) *spec {
	return withImpl(s, func(impl *postprocess.Impl, _ *args) { impl.ValidString = pred })
}

// validStringBy is validString for a validator whose answer for strings
// depends on the rule's arguments: pred makes it from them, once Build has
// accepted them.
func validStringBy(s *spec, pred func(a *args) func(string) bool) *spec {
	return withImpl(s, func(impl *postprocess.Impl, a *args) { impl.ValidString = pred(a) })
}

// holds names a validator's answer for strings, which is fact's function,
// and what the fact implies (postprocess.Facts).
func holds(s *spec, fact, implies postprocess.Facts) *spec {
	return withImpl(s, func(impl *postprocess.Impl, _ *args) { impl.Holds, impl.Implies = fact, implies })
}

// keeps gives a transform with an answer for strings the facts of its
// string that the answer has too (postprocess.Facts).
func keeps(s *spec, facts postprocess.Facts) *spec {
	return withImpl(s, func(impl *postprocess.Impl, _ *args) { impl.Keeps = facts })
}

// withImpl makes s's Build set more of the Impl it builds, from the
// arguments Build accepted.
func withImpl(s *spec, set func(*postprocess.Impl, *args)) *spec {
	build := s.Build
	s.Build = func(a *args) (*postprocess.Impl, error) {
		impl, err := build(a)
		if err != nil {
			return nil, err
		}
		set(impl, a)
		return impl, nil
	}
	return s
}

// stringValidator is fv for a validator of no arguments that is pred for
// strings, false for nil and other values, and lifted over arrays.
func stringValidator(s *spec, pred func(string) bool) *spec {
	return validString(fv(s, check(scalarOrLift(stringCheck(pred)))), pred)
}

// ft completes a FieldTransform spec and adds its builder to the repository.
func ft(s *spec, b transformBuilder) *spec {
	transforms[s.Name] = b
	s.Kind = postprocess.FieldTransform
	s.Build = func(a *args) (*postprocess.Impl, error) {
		f, err := b(a)
		if err != nil {
			return nil, err
		}
		return &postprocess.Impl{Transform: definedTransform(f)}, nil
	}
	return s
}

// ftString is ft for a transform of no arguments with an answer for a
// string input that makes its values in the caller's Scratch
// (postprocess.Impl.FromString).
func ftString(s *spec, fn func(v any) (any, error), fromString func(*postprocess.Scratch, string) (any, error)) *spec {
	return withImpl(ft(s, transform(fn)), func(impl *postprocess.Impl, _ *args) { impl.FromString = fromString })
}

// ftText is ftString for a transform that maps a string to a string: text
// is its answer for a string input, boxed in the Scratch.
func ftText(s *spec, fn func(v any) (any, error), text func(string) (string, error)) *spec {
	return ftString(s, fn, func(sc *postprocess.Scratch, in string) (any, error) {
		out, err := text(in)
		if err != nil {
			return nil, err
		}
		return sc.Box(out), nil
	})
}

// ftAppend is ftText for a string function that appends its answer to a
// buffer: the answer is built in the Scratch's buffer and kept in its
// chunks, without an allocation of its own.
func ftAppend(s *spec, fn func(v any) (any, error), appendText func(b []byte, s string) ([]byte, error)) *spec {
	return ftString(s, fn, func(sc *postprocess.Scratch, in string) (any, error) {
		out, err := sc.Append(in, appendText)
		if err != nil {
			return nil, err
		}
		return sc.Box(out), nil
	})
}

// definedValidator maps a missing field (record.Undefined) to nil, which is
// what the value packages understand.
func definedValidator(f validatorFn) validatorFn {
	return func(v any) (bool, error) {
		if v == record.Undefined {
			v = nil
		}
		return f(v)
	}
}

func definedTransform(f transformFn) transformFn {
	return func(v any, doc *record.Object) (any, error) {
		if v == record.Undefined {
			v = nil
		}
		return f(v, doc)
	}
}

// check binds a validator that reads no arguments.
func check(fn func(v any) bool) validatorBuilder {
	return func(*args) (validatorFn, error) {
		return func(v any) (bool, error) { return fn(v), nil }, nil
	}
}

// stringCheck adapts a string predicate: non-strings are invalid.
func stringCheck(fn func(s string) bool) func(v any) bool {
	return func(v any) bool {
		s, ok := v.(string)
		return ok && fn(s)
	}
}

// transform binds a transform that reads no arguments.
func transform(fn func(v any) (any, error)) transformBuilder {
	return func(*args) (transformFn, error) {
		return func(v any, _ *record.Object) (any, error) { return fn(v) }, nil
	}
}

// ex builds an example without extra rule keys.
func ex(input, output string) example { return example{Input: input, Output: output} }

// exArgs builds an example with extra rule keys.
func exArgs(a, input, output string) example { return example{Args: a, Input: input, Output: output} }
