package jsstr

import (
	"errors"
	"fmt"
	"math"
)

// Data-mate FieldTransform functions (data-mate/src/transforms/
// field-transform.ts). Shared behaviour: a nil input returns nil; an array
// input drops nil elements and maps the rest (results are []any); an error is
// what the JavaScript function throws.

// mapValue applies elem to every non-nil element of an array input and
// scalar to any other non-nil input.
func mapValue(v any, elem, scalar func(any) (any, error)) (any, error) {
	switch x := v.(type) {
	case nil:
		return nil, nil
	case []any:
		out := make([]any, 0, len(x))
		for _, e := range x {
			if e == nil {
				continue
			}
			r, err := elem(e)
			if err != nil {
				return nil, err
			}
			out = append(out, r)
		}
		return out, nil
	}
	return scalar(v)
}

// same uses one function for elements and scalars.
func same(v any, fn func(any) (any, error)) (any, error) { return mapValue(v, fn, fn) }

func errNotString(v any) error {
	return fmt.Errorf("Input must be a string, or an array of string, received %s", typeName(v))
}

// stringScalar wraps fn for a scalar that must be a string.
func stringScalar(fn func(string) (any, error)) func(any) (any, error) {
	return func(v any) (any, error) {
		s, ok := v.(string)
		if !ok {
			return nil, errNotString(v)
		}
		return fn(s)
	}
}

// stringElem wraps fn for an array element that must be a string; the
// message is the TypeError JavaScript raises when it calls a string method.
func stringElem(method string, fn func(string) (any, error)) func(any) (any, error) {
	return func(v any) (any, error) {
		s, ok := v.(string)
		if !ok {
			return nil, fmt.Errorf("str.%s is not a function", method)
		}
		return fn(s)
	}
}

func pure(fn func(string) string) func(string) (any, error) {
	return func(s string) (any, error) { return fn(s), nil }
}

// ToUpperCase is data-mate toUpperCase (JavaScript toUpperCase).
func ToUpperCase(v any) (any, error) {
	return mapValue(v, stringElem("toUpperCase", pure(ToUpper)), stringScalar(pure(ToUpper)))
}

// ToLowerCase is data-mate toLowerCase (JavaScript toLowerCase).
func ToLowerCase(v any) (any, error) {
	return mapValue(v, stringElem("toLowerCase", pure(ToLower)), stringScalar(pure(ToLower)))
}

// primitive wraps fn for inputs converted with core-utils primitiveToString
// (numbers and booleans are stringified, objects and arrays are errors).
func primitive(fn func(string) string) func(any) (any, error) {
	return func(v any) (any, error) {
		s, err := primitiveToString(v)
		if err != nil {
			return nil, err
		}
		return fn(s), nil
	}
}

// TrimValue is data-mate trim: lodash trim with the character set char, or a
// single space when char is missing or empty (so tabs and newlines are not
// trimmed by default). hasChar reports whether the rule's char is a string.
func TrimValue(v any, char string, hasChar bool) (any, error) {
	if !hasChar || char == "" {
		char = " "
	}
	return same(v, primitive(func(s string) string { return TrimChars(s, char) }))
}

// lodashTrimFn returns lodash trimStart/trimEnd bound to the rule's char:
// without char JavaScript white space is trimmed, an empty char trims
// nothing.
func lodashTrimFn(ws func(string) string, set func(string, string) string, char string, hasChar bool) func(string) string {
	switch {
	case !hasChar:
		return ws
	case char == "":
		return func(s string) string { return s }
	}
	return func(s string) string { return set(s, char) }
}

// TrimStartValue is data-mate trimStart (lodash trimStart). hasChar reports
// whether the rule has a char string; a non-string char is the caller's
// error ("Parameter char must be a string"). A scalar must be a string;
// array elements go through primitiveToString.
func TrimStartValue(v any, char string, hasChar bool) (any, error) {
	fn := lodashTrimFn(TrimStart, TrimStartChars, char, hasChar)
	return mapValue(v, primitive(fn), stringScalar(pure(fn)))
}

// TrimEndValue is data-mate trimEnd (lodash trimEnd); see TrimStartValue.
func TrimEndValue(v any, char string, hasChar bool) (any, error) {
	fn := lodashTrimFn(TrimEnd, TrimEndChars, char, hasChar)
	return mapValue(v, primitive(fn), stringScalar(pure(fn)))
}

// ErrTruncateSize is thrown by truncate for a missing, non-numeric or
// non-positive size.
var ErrTruncateSize = errors.New("Invalid size paramter for truncate")

// Truncate is data-mate truncate: str.slice(0, size) in UTF-16 code units.
// size is the raw rule value (nil when missing); it must be a number > 0.
// A non-string array element is an error (JavaScript would slice arrays).
func Truncate(v any, size any) (any, error) {
	if v == nil {
		return nil, nil
	}
	f, ok := asNumber(size)
	if !ok || math.IsNaN(f) || f <= 0 {
		return nil, ErrTruncateSize
	}
	n := math.MaxInt32
	if f < float64(n) {
		n = int(f)
	}
	fn := func(s string) (any, error) { return Slice16(s, 0, n), nil }
	return mapValue(v, stringElem("slice", fn), stringScalar(fn))
}

// lodashCase adapts a lodash case function to any input (lodash toString).
func lodashCase(fn func(string) string) func(any) (any, error) {
	return func(v any) (any, error) { return fn(lodashString(v)), nil }
}

// ToCamelCase is data-mate toCamelCase (lodash camelCase).
func ToCamelCase(v any) (any, error) { return same(v, lodashCase(CamelCase)) }

// ToKebabCase is data-mate toKebabCase (lodash kebabCase).
func ToKebabCase(v any) (any, error) { return same(v, lodashCase(KebabCase)) }

// ToSnakeCase is data-mate toSnakeCase (lodash snakeCase).
func ToSnakeCase(v any) (any, error) { return same(v, lodashCase(SnakeCase)) }

// ToTitleCase is data-mate toTitleCase (lodash startCase).
func ToTitleCase(v any) (any, error) { return same(v, lodashCase(StartCase)) }

// ToPascalCase is data-mate toPascalCase (firstToUpper(lodash camelCase)).
func ToPascalCase(v any) (any, error) { return same(v, lodashCase(PascalCase)) }
