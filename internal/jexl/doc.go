// Package jexl evaluates the `exp` expressions of extraction rules. The
// reference uses jexl 2.3.0; sluice compiles expressions once with
// github.com/expr-lang/expr and patches the syntax tree so the operators of
// the jexl subset used in practice keep their JavaScript meaning: `+`
// concatenates when either side is a string, `==`/`!=` are loose equality,
// `in` tests substrings and array elements, `&&`/`||` return operand values.
// The record's top-level fields are the identifiers; unknown identifiers
// are undefined (nil).
//
// Compile registers no functions (ts-transforms' `exp`); CompileWith
// registers caller-supplied functions, callable as jexl transforms
// (`value|name(args)`, rewritten to `name(value, args)` before compiling)
// or directly — data-mate's transformRecord uses it.
//
// Leaf package apart from record.
package jexl
