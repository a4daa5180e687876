// Package jsre compiles JavaScript regular expressions once and runs them
// safely. Normalize (syntax.go) first reads a pattern in JavaScript's
// grammar for its flags: it rejects what node rejects, with node's message
// (the u flag's strictness included), and respells every escape whose
// meaning depends on the flags (\p, \u{…}, \c, identity and legacy octal
// escapes, Annex B's literal braces) so that both engines read it as
// JavaScript does; a node-generated golden file pins this. Patterns in the
// subset where Go's RE2 engine behaves like JavaScript are translated to
// RE2 (linear time; `.`, `\s` and friends keep their JavaScript meaning;
// with the u flag, \p{…} and (?i) folding are RE2's own); anything else
// (look-arounds, back-references, named groups, the m flag) runs on
// regexp2 in ECMAScript mode with a match timeout, so no pattern can hang a
// pipeline. Regexp2Pattern (also jsstr's) spells for regexp2 what it reads
// otherwise — group numbering, `.`, \b, the m flag's ^ and $ — and
// fold.go the i flag's case folding where regexp2's differs.
//
// Linear patterns also get fast paths that compute what RE2 would without
// running it (fast.go): literal sets found with a byte search, ^.*X.*$
// (the shape of Lucene regex terms) as "X occurs, no line terminator does",
// and line programs (line.go) for patterns without real choices, the usual
// extraction shapes such as (Chrome|Firefox)/[0-9.]+; an anchored one
// (^[0-9]{5}$, ^user:[0-9]+:) answers MatchString and a group-free first
// match by one try at 0 (anchored.go). Differential tests and
// a fuzz target pin every fast path against the engine.
//
// Leaf package: it imports nothing from sluice.
package jsre
