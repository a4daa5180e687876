// Package l10n ports the locale-table half of validator.js 13.15.35:
// isAlpha, isAlphanumeric (76 locales), isDecimal, isFloat and isNumeric
// (the 68-entry decimal-separator table), isPostalCode (every country plus
// "any"), isIdentityCard (every locale algorithm plus "any") and isCurrency
// (the full option set and its regex builder).
//
// Every check has two entry points:
//
//   - a typed function (IsAlpha, IsFloat, ...) whose error is the exception
//     validator.js would throw, carrying validator.js's message;
//   - a binder (BindAlpha, BindFloat, ...) used by the rule compiler. Its
//     argument is the JavaScript second argument exactly as the ts-transforms
//     validator plugin passes it (`rule.value || rule`): a scalar, a []any, or
//     the whole rule config as map[string]any (JSON numbers are float64).
//     Options are parsed once; the binder fails only when validator.js would
//     throw on every call. The returned func is safe for concurrent use and
//     does not allocate for the common locales and options.
//
// BindDataMateAlpha, BindDataMateAlphanumeric and BindDataMatePostalCode bind
// the data-mate FieldValidator wrappers of the same checks (option key
// `locale`). Bound funcs take strings only: data-mate returns false for a
// non-string input without calling validator.js, and the validator plugin
// throws for it (assertString); both are the rule layer's job.
//
// JavaScript semantics are reproduced where they change a result: String()
// and Number() of option values, the `in` operator (including
// Object.prototype keys such as "toString"), truthiness, parseFloat, the
// JS \s set, String.prototype.trim and toUpperCase, UTF-16 lengths, and
// non-unicode case-insensitive regex matching (no K/ſ folding).
//
// Regexes: hand-written matchers or RE2 (regexp) compiled at init or bind
// time. The postal-code look-arounds and back-reference (IE, IN, IR, NL) are
// RE2 plus explicit checks, and isCurrency runs on RE2 with its leading
// look-aheads as explicit checks whenever the options splice in plain text.
// regexp2 (ECMAScript mode, with a match timeout, cached by source) is used
// only where JS regex syntax must be honoured: isCurrency's
// allow_negative_sign_placeholder / allow_space_after_digits look-aheads,
// option values that inject regex syntax (a letter or metacharacter
// separator, an odd decimal_digits), and separators taken from an
// Object.prototype key.
//
// Leaf package: it imports only the standard library and
// github.com/dlclark/regexp2, and must not import anything from sluice
// (in particular not its sibling internal/vjs).
//
// The locale tables (alpha.js, isPostalCode.js, isIdentityCard.js) are
// transcribed from validator.js 13.15.35, MIT licence,
// Copyright (c) 2018 Chris O'Hara <cohara87@gmail.com>.
package l10n
