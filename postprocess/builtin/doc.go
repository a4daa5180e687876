// Package builtin registers ts-transforms' own operations: the deprecated
// built-in validations and transforms (validators.md §3.2–§3.3) and the
// validator.js plugin validations (§3.4).
//
// It imports postprocess and the internal value packages; postprocess/all
// registers its specs before data-mate's, as the reference does.
package builtin
