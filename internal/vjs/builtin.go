package vjs

import (
	"strings"

	"github.com/sluice-dev/sluice/internal/swar"
	"golang.org/x/text/cases"
	"golang.org/x/text/language"
)

// Builtin is the function-level part of a deprecated ts-transforms built-in
// validation (wrapper A is the rule layer's job). Normalize is nil when the
// built-in has none; when present it only accepts strings (a non-string
// input makes it throw, which drops the value/element). Validate is the
// check applied to the (normalized) string; a non-string input to a built-in
// without Normalize (email) is simply invalid.
type Builtin struct {
	Normalize func(s string) string
	Validate  func(s string) bool
}

// BindBuiltinEmail is the `email` built-in: lower-cased, unanchored RFC 2822.
func BindBuiltinEmail(map[string]any) Builtin {
	return Builtin{Validate: IsEmailRFC2822}
}

// BindBuiltinURL is the `url` built-in: trim, then valid-url isUri.
func BindBuiltinURL(map[string]any) Builtin {
	return Builtin{Normalize: jsTrim, Validate: IsURI}
}

// BindBuiltinUUID is the `uuid` built-in: `case` (lowercase default,
// uppercase) then isUUID(v) with version all.
func BindBuiltinUUID(cfg map[string]any) Builtin {
	return Builtin{Normalize: caseNormalizer(cfg), Validate: func(s string) bool { return IsUUID(s, "all") }}
}

// BindBuiltinMACAddress is the `macaddress` built-in: `case` (lowercase
// default), ':' stripped unless preserve_colons, then
// isMACAddress(v, {no_colons: !preserve_colons}).
func BindBuiltinMACAddress(cfg map[string]any) Builtin {
	toCase := caseNormalizer(cfg)
	preserve := propTruthy(cfg, "preserve_colons")
	norm := toCase
	if !preserve {
		norm = func(s string) string { return strings.ReplaceAll(toCase(s), ":", "") }
	}
	o := MACOptions{NoSeparators: !preserve}
	return Builtin{Normalize: norm, Validate: func(s string) bool { return IsMACAddress(s, o) }}
}

// caseNormalizer implements `this.case = config.case || 'lowercase'`.
func caseNormalizer(cfg map[string]any) func(string) string {
	v, ok := prop(cfg, "case")
	if !truthy(v, ok) {
		return jsToLowerFull
	}
	switch v {
	case "lowercase":
		return jsToLowerFull
	case "uppercase":
		return jsToUpperFull
	}
	return func(s string) string { return s }
}

// jsToUpperFull is String.prototype.toUpperCase (full Unicode mapping).
func jsToUpperFull(s string) string {
	if swar.ASCII(s) {
		return strings.ToUpper(s)
	}
	return cases.Upper(language.Und).String(s) // a Caser is not goroutine-safe
}

// jsToLowerFull is String.prototype.toLowerCase (full Unicode mapping).
func jsToLowerFull(s string) string {
	if swar.ASCII(s) {
		return strings.ToLower(s)
	}
	return cases.Lower(language.Und).String(s)
}
