// Package randexp generates random strings that match a regular
// expression, like the randexp JavaScript library the reference uses for
// data_generator ids and `randexp` schema fields.
//
// A pattern is parsed once with Go's regexp/syntax into a small tree
// (literals, character classes, concatenation, alternation, repeats) that
// generation walks with the caller's random source: no regex is compiled or
// matched per string. Anchors and word boundaries generate nothing; `.` and
// negated or very large classes draw from printable ASCII, as randexp does.
//
// It imports only the standard library.
package randexp
