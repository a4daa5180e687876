// Package jsre compiles JavaScript regular expressions once and runs them
// safely. Patterns in the subset where Go's RE2 engine behaves like
// JavaScript are translated to RE2 (linear time; `.`, `\s` and friends keep
// their JavaScript meaning); anything else (look-arounds, back-references,
// named groups, the m flag) runs on regexp2 in ECMAScript mode with a match
// timeout, so no pattern can hang a pipeline.
//
// Leaf package: it imports nothing from sluice.
package jsre
