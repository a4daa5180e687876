// Package vjs ports the non-locale half of validator.js 13.15.35 to Go, together
// with valid-url 1.0.9's isUri, the @terascope/core-utils isEmail regex, the
// ts-transforms built-in `email`/`url`/`uuid`/`macaddress` checks (function level
// only) and the data-mate FieldValidator variants that wrap these functions.
//
// Every validator has three layers:
//
//   - a typed Go function (IsInt(s, IntOptions) bool, IsHash(s, algo) bool, ...)
//     that reproduces the validator.js semantics on a string;
//   - a binder Bind<X>(arg any) (func(string) (bool, error), error) used by the
//     rule compiler for the deprecated validator.js plugin names. arg is the JS
//     second argument exactly as ts-transforms passes it (`rule.value || rule`):
//     a scalar (string, float64, bool), []any, or the whole rule config as
//     map[string]any. Options are parsed once at bind time; the returned func is
//     safe for concurrent use and does not allocate on the common path. A non-nil
//     error from the returned func means "validator.js throws" (the rule layer
//     removes the value). Bind itself only fails where Go cannot reproduce JS
//     (e.g. a user regex regexp2 cannot compile while JS can).
//   - for data-mate names, BindDataMate<X>(opts map[string]any)
//     (func(v any) (bool, error), error) taking the raw JS value: nil, bool,
//     float64, string, []any, map[string]any or an object implementing
//     interface{ Get(string) (any, bool) }. Arrays follow data-mate's
//     function-level `_lift` (nils dropped, empty => false, every element must
//     pass), including its quirks (isUUID ignores `version`, isURL accepts every
//     string element).
//
// Strings are JS strings carried as UTF-8. A lone UTF-16 surrogate may be
// carried as its 3-byte WTF-8 form (ED A0..BF xx); lengths are counted in
// UTF-16 code units where JS does so.
//
// Regex and data tables transcribed from validator.js (MIT, (c) Chris O'Hara
// and contributors) and valid-url (MIT, (c) Odysseus Marcopolos).
//
// Imports: the standard library, github.com/dlclark/regexp2 (user regexes for
// `matches` and a few Object.prototype quirks of isHash) and
// golang.org/x/text/cases (full Unicode case mapping in the built-ins'
// normalize step). This is a leaf package: it must not import anything from
// sluice (in particular not internal/vjs/l10n, internal/jsstr, internal/jsbuf
// or internal/jsdate).
package vjs
