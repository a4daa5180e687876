// Package jsstr gives Go strings the JavaScript (V8) and lodash string
// semantics the rule engine needs: UTF-16 lengths, slicing and splitting,
// full-Unicode case mapping, the ECMAScript white-space set, lodash trim /
// words / deburr / case compounders, encodeURIComponent and
// decodeURIComponent, JS regular expressions (compiled with regexp2 in
// ECMAScript mode) and String.prototype.replace substitution patterns, plus
// the data-mate field transforms built on them (ToUpperCase, Trim,
// ReplaceRegex, SplitString, ...).
//
// Strings are Go (UTF-8) strings. JavaScript strings are UTF-16; the mapping
// used throughout is: a rune below U+10000 is one code unit, any other rune is
// a surrogate pair (two units), an invalid UTF-8 byte is one unit holding
// U+FFFD, and a WTF-8 encoded surrogate (ED A0..BF xx) is one lone surrogate
// unit. When an operation has to produce a lone surrogate as a Go string (for
// example Slice16 cutting a pair in two, or Split(s, "") on an astral
// character) the lone surrogate becomes U+FFFD, which is also what
// encoding/json produces for "\ud83d".
//
// Data-mate values are record values (nil, bool, float64, string, []any and
// objects); every other type is treated as a JavaScript object. JavaScript
// undefined inside arrays must be passed as nil.
//
// Reference versions: Node.js 20 (ICU 78, Unicode 17), lodash 4.17.21 (same
// code as lodash-es 4.18 for the functions here), data-mate/core-utils HEAD.
//
// Leaf package: it imports only the standard library, regexp2 and x/text,
// nothing from sluice.
package jsstr
