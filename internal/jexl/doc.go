// Package jexl evaluates jexl 2.3.0 expressions, the `exp` of extraction
// rules and data-mate's jexlExp. It is a port of jexl's lexer, its
// state-machine parser and its evaluator, so that every construct parses
// and evaluates as in the reference: operator precedence (including `//`
// floor division and `^`), the lexer's minus rule, array and object literals
// (keys in order), member access on null, undefined, arrays (first element),
// strings and objects, static and relative filters (`items[.qty > 1]`),
// conditionals (`c ? a : b`, `c ?: b`) and transforms (`value|name(args)`).
// Operators have JavaScript semantics on record values: nil is null and
// record.Undefined is undefined.
//
// testdata/cases.ndjson holds expected values computed by the real jexl
// (testdata/oracle.cjs regenerates it under Node; the tests do not need
// Node).
//
// Imports record and internal/jsstr only.
package jexl
