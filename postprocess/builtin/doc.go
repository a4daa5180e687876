// Package builtin registers ts-transforms' own operations: the deprecated
// built-in validations and transforms (validators.md §3.2–§3.3,
// transforms.md §12.4–§12.6) and the validator.js plugin validations
// (validators.md §3.4, transforms.md §12.7), in the reference's order.
//
// Each Spec's Build parses the rule's arguments once (locales, option
// structs, regexes, digests) through the leaf packages internal/vjs,
// internal/vjs/l10n, internal/jsbuf, internal/jsstr, internal/jsdate,
// internal/phone, internal/ipx and internal/geo; the rule-level wrappers
// are postprocess.Op's. Arguments with which the reference would remove
// every value (a missing locale, an unknown algorithm, an invalid regex,
// ...) are reported as *postprocess.ParamError (DESIGN decision 3).
//
// It imports postprocess, record and those leaf packages only: never
// compiler, plan, lang or postprocess/datamate. postprocess/all registers
// its specs before data-mate's, as the reference does (so data-mate's trim
// replaces the core one).
package builtin
