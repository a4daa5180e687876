package datamate

import (
	"errors"
	"math"

	"github.com/sluice-dev/sluice/internal/jsstr"
	"github.com/sluice-dev/sluice/postprocess"
	"github.com/sluice-dev/sluice/record"
)

// data-mate FieldTransform functions (validators.md §3.6, wrapper D).

// fieldTransformSpecs lists the 37 field transforms (dedupe included).
func fieldTransformSpecs() []*spec {
	out := convertTransformSpecs()
	out = append(out, stringTransformSpecs()...)
	out = append(out, encodingTransformSpecs()...)
	out = append(out, regexTransformSpecs()...)
	out = append(out, dateTransformSpecs()...)
	out = append(out, caseTransformSpecs()...)
	out = append(out, valueTransformSpecs()...)
	return append(out, arrayTransformSpecs()...)
}

func stringTransformSpecs() []*spec {
	return []*spec{
		keeps(ftString(&spec{Name: "toUpperCase", Summary: "Upper-case a string (JavaScript full Unicode mapping: ß becomes SS); arrays element by element.",
			Examples: []example{ex(`"lowercase"`, `"LOWERCASE"`), ex(`"straße"`, `"STRASSE"`), ex(`["a",1]`, "removed")}},
			jsstr.ToUpperCase, caseFromString(jsstr.UpperUnchanged, jsstr.AppendUpperFrom)), caseKeeps),
		keeps(ftString(&spec{Name: "toLowerCase", Summary: "Lower-case a string (JavaScript full Unicode mapping); arrays element by element.",
			Examples: []example{ex(`"HeLLo"`, `"hello"`), ex(`["A","B"]`, `["a","b"]`), ex(`12`, "removed")}},
			jsstr.ToLowerCase, caseFromString(jsstr.LowerUnchanged, jsstr.AppendLowerFrom)), caseKeeps),
		ft(&spec{Name: "trim", Summary: "Trim every character of char from both ends (lodash trim; default a single space, so tabs and newlines stay).",
			Params:   []param{{Name: "char", Type: "string", Default: `" "`, Doc: "a set of characters, not a word"}},
			Examples: []example{ex(`"   string    "`, `"string"`), exArgs(`{"char":"fast"}`, `"fast cars race fast"`, `" cars race "`), ex(`"\t x \n"`, `"\t x \n"`)}},
			buildTrim),
		ft(&spec{Name: "truncate", Summary: "Keep the first size UTF-16 code units of a string.",
			Params:   []param{{Name: "size", Type: "number", Required: true, Doc: "a positive number"}},
			Examples: []example{exArgs(`{"size":4}`, `"thisisalongstring"`, `"this"`), exArgs(`{"size":2}`, `["hello",null,"world"]`, `["he","wo"]`)}},
			buildTruncate),
		ft(&spec{Name: "trimStart", Summary: "Trim the characters of char from the start (lodash trimStart; default JavaScript white space).",
			Params:   []param{{Name: "char", Type: "string", Doc: "a set of characters; default white space"}},
			Examples: []example{ex(`"    Hello Bob    "`, `"Hello Bob    "`), exArgs(`{"char":"i"}`, `"iiii-wordiwords-iii"`, `"-wordiwords-iii"`)}},
			buildTrimSide(jsstr.TrimStartValue)),
		ft(&spec{Name: "trimEnd", Summary: "Trim the characters of char from the end (lodash trimEnd; default JavaScript white space).",
			Params:   []param{{Name: "char", Type: "string", Doc: "a set of characters; default white space"}},
			Examples: []example{ex(`"    Hello Bob    "`, `"    Hello Bob"`), exArgs(`{"char":"i"}`, `"iiii-wordiwords-iii"`, `"iiii-wordiwords-"`)}},
			buildTrimSide(jsstr.TrimEndValue)),
	}
}

// caseKeeps are the facts case mapping keeps: ASCII maps to ASCII of the
// same length, letters to letters, and an address's classes of bytes
// (vjs.IsEmail) take either case.
const caseKeeps = postprocess.FactASCII | postprocess.FactEmail

// caseFromString is toLowerCase's or toUpperCase's answer for a string:
// the string itself when the mapping leaves it as it is (unchanged is all
// of it), else the mapped text, built from the first character that may
// change straight into the Scratch's chunks of text (Room: no copy), or,
// when it may be longer than they keep, in its buffer.
func caseFromString(unchanged func(string) int, appendFrom func([]byte, string, int) []byte) func(*postprocess.Scratch, string) (any, error) {
	return func(sc *postprocess.Scratch, s string) (any, error) {
		i := unchanged(s)
		if i == len(s) {
			return sc.Box(s), nil
		}
		if room := sc.Room(i + caseGrowth*(len(s)-i)); room != nil {
			return sc.BoxRoom(appendFrom(room, s, i)), nil
		}
		return sc.BoxText(appendFrom(sc.Buffer(), s, i)), nil
	}
}

// caseGrowth bounds how many times longer a character's case mapping is
// than the character, in bytes ("ΐ" ⇒ "Ϊ́", two bytes to six; an invalid
// byte ⇒ U+FFFD, one to three): the room asked for a mapped text. A text
// that outgrows it is only copied.
const caseGrowth = 3

func caseTransformSpecs() []*spec {
	return []*spec{
		ft(&spec{Name: "toCamelCase", Summary: "lodash camelCase (words split on case, digits and separators; accents removed).",
			Examples: []example{ex(`"I need camel case"`, `"iNeedCamelCase"`), ex(`"XMLHttpRequest"`, `"xmlHttpRequest"`)}},
			transform(jsstr.ToCamelCase)),
		ft(&spec{Name: "toKebabCase", Summary: "lodash kebabCase.",
			Examples: []example{ex(`"happyBirthday"`, `"happy-birthday"`), ex(`"abc123def"`, `"abc-123-def"`)}},
			transform(jsstr.ToKebabCase)),
		ft(&spec{Name: "toPascalCase", Summary: "lodash camelCase with the first letter or digit upper-cased.",
			Examples: []example{ex(`"what_is_this"`, `"WhatIsThis"`), ex(`"école normale"`, `"EcoleNormale"`)}},
			transform(jsstr.ToPascalCase)),
		ft(&spec{Name: "toSnakeCase", Summary: "lodash snakeCase.",
			Examples: []example{ex(`"I need snake case"`, `"i_need_snake_case"`), ex(`"don't stop"`, `"dont_stop"`)}},
			transform(jsstr.ToSnakeCase)),
		ft(&spec{Name: "toTitleCase", Summary: "lodash startCase: words separated by spaces, first letters upper-cased (the rest is not lower-cased).",
			Examples: []example{ex(`"happyBirthday"`, `"Happy Birthday"`), ex(`"FOO BAR"`, `"FOO BAR"`)}},
			transform(jsstr.ToTitleCase)),
	}
}

// buildTrim: a char that is not a non-empty string falls back to a space.
func buildTrim(a *args) (transformFn, error) {
	c, _ := a.Get("char")
	char, ok := c.(string)
	ok = ok && char != ""
	return func(v any, _ *record.Object) (any, error) { return jsstr.TrimValue(v, char, ok) }, nil
}

// buildTrimSide: a truthy non-string char throws on every value; other
// chars reach lodash as String(char) (null as "", which trims nothing).
func buildTrimSide(fn func(v any, char string, hasChar bool) (any, error)) transformBuilder {
	return func(a *args) (transformFn, error) {
		c, present := a.Get("char")
		if _, isStr := c.(string); record.Truthy(c) && !isStr {
			return nil, paramErr("char", "expected a string, got "+got(c, present))
		}
		has := present && c != record.Undefined
		char := ""
		if c != nil {
			char = record.ToString(c)
		}
		return func(v any, _ *record.Object) (any, error) { return fn(v, char, has) }, nil
	}
}

func buildTruncate(a *args) (transformFn, error) {
	v, ok := a.Get("size")
	if size, isNum := v.(float64); !isNum || !(size > 0) {
		return nil, paramErr("size", "expected a positive number, got "+got(v, ok))
	}
	return func(x any, _ *record.Object) (any, error) { return jsstr.Truncate(x, v) }, nil
}

func arrayTransformSpecs() []*spec {
	return []*spec{
		ft(&spec{Name: "dedupe", Summary: "Remove duplicate array elements (objects by value, others by SameValueZero); nulls dropped; arrays are not deduplicated.",
			Examples: []example{ex(`[1,3,3,4,null,1]`, `[1,3,4]`), ex(`"x"`, "removed")}},
			transform(dedupe)),
	}
}

var errNotArray = errors.New("dedupe requires an array")

// dedupe is data-mate's RecordTransform dedupe applied to a field value.
func dedupe(v any) (any, error) {
	arr, ok := v.([]any)
	if !ok {
		return nil, errNotArray
	}
	if len(arr) <= smallDedupe && onlyScalars(arr) {
		return dedupeScanning(arr), nil
	}
	out := make([]any, 0, len(arr))
	seen := map[string]bool{}
	same := map[any]bool{} // SameValueZero of hashable values: a set, not a scan (a scan made long arrays quadratic)
	var arrays []any       // arrays compare by identity, which is not hashable
	sawNaN := false
	for _, e := range arr {
		if record.IsNil(e) {
			continue
		}
		if o, isObj := e.(*record.Object); isObj && o.Len() > 0 {
			key := record.SortedJSON(o)
			if !seen[key] {
				seen[key] = true
				out = append(out, e)
			}
			continue
		}
		switch x := e.(type) {
		case []any:
			if !containsSameValueZero(arrays, e) {
				arrays = append(arrays, e)
				out = append(out, e)
			}
			continue
		case float64:
			if math.IsNaN(x) {
				if !sawNaN {
					out = append(out, e)
				}
				sawNaN = true
				continue
			}
		}
		if !same[e] {
			same[e] = true
			out = append(out, e)
		}
	}
	return out, nil
}

// smallDedupe is the longest array of scalars dedupe compares value by
// value: up to it, scanning the values kept (a tag list) is cheaper than
// setting up and hashing into a set.
const smallDedupe = 16

// onlyScalars reports whether arr holds only strings, numbers, booleans,
// null and undefined (what dedupeScanning handles).
func onlyScalars(arr []any) bool {
	for _, e := range arr {
		switch e.(type) {
		case string, float64, bool:
		default:
			if !record.IsNil(e) {
				return false
			}
		}
	}
	return true
}

// dedupeScanning is dedupe of an array of scalars by scanning the values
// kept: the first of every SameValueZero class, null and undefined
// dropped.
func dedupeScanning(arr []any) []any {
	out := make([]any, 0, len(arr))
	for _, e := range arr {
		if !record.IsNil(e) && !containsSameValueZero(out, e) {
			out = append(out, e)
		}
	}
	return out
}

func containsSameValueZero(list []any, v any) bool {
	for _, x := range list {
		if record.SameValueZero(x, v) {
			return true
		}
	}
	return false
}
