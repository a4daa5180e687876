// Package jsretest reads the node-generated regular expression cases of
// internal/jsre/testdata (js-flags.jsonl) for the tests of every package
// that compiles JavaScript regular expressions, with the differences
// docs/compat.md lists.
package jsretest
