// Package selector implements the xLucene selector language of ts-transforms
// rules: a parser that mirrors the reference PEG grammar (ordered choice,
// possessive repetition, whitespace-sensitive tokens, parse-time type_config
// coercion) into an AST with byte spans, variable substitution, and a
// compiler that turns the AST once into a tree of matchers evaluated against
// records without reflection or per-record allocation.
//
// Phase: language front end and evaluator. It imports lang/diag, record and
// the internal value-semantics packages (jsre, jsdate, ipx, geo); it must not
// import the compiler, plan or ops packages.
package selector
