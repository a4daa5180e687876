// Package record is the data model of sluice: a record is a JSON object that
// keeps key insertion order, plus string-keyed metadata (for example
// "standard:route", "_key", the selectors that matched it).
//
// Values are plain Go values: nil (JSON null), bool, float64 (every JSON
// number, as in JavaScript), string, []any and *Object. Undefined marks a
// JavaScript undefined where one must be kept (inside arrays); it is never
// produced by decoding JSON.
//
// The package also owns the JavaScript value semantics the rule engine
// depends on (truthiness, Number(), String(), strict and SameValueZero
// equality, lodash isEqual, core-utils isEmpty, JSON.stringify number
// formatting), lodash-style paths (a.b, a[0], a["b.c"]) compiled once, and a
// fast JSON decoder/encoder that preserves key order.
//
// Decoded objects have a shape, their key list shared by every object with
// the same keys in the same order; a Path or Key remembers where it found
// its key in objects of a shape, so reading records of one file is not a
// scan of their keys (shape.go).
//
// It is the bottom layer: it imports nothing from sluice.
package record
