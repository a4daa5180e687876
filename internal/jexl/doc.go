// Package jexl evaluates the `exp` expressions of extraction rules. The
// reference uses jexl 2.3.0; sluice compiles expressions once with
// github.com/expr-lang/expr and patches the syntax tree so the operators of
// the jexl subset used in practice keep their JavaScript meaning: `+`
// concatenates when either side is a string, `==`/`!=` are loose equality,
// `in` tests substrings and array elements, `&&`/`||` return operand values.
// The record's top-level fields are the identifiers; unknown identifiers
// are undefined (nil).
//
// Leaf package apart from record.
package jexl
