package builtin

import (
	"math"

	"github.com/sluice-dev/sluice/internal/jsdate"
	"github.com/sluice-dev/sluice/internal/vjs"
	"github.com/sluice-dev/sluice/internal/vjs/l10n"
	"github.com/sluice-dev/sluice/postprocess"
	"github.com/sluice-dev/sluice/record"
)

// Build-time checks for plugin arguments with which validator.js would
// remove every value (DESIGN decision 3: a parameter error instead).

// hashLengths are validator.isHash's algorithms.
var hashLengths = map[string]bool{
	"md5": true, "md4": true, "sha1": true, "sha256": true, "sha384": true, "sha512": true,
	"ripemd128": true, "ripemd160": true, "tiger128": true, "tiger160": true, "tiger192": true,
	"crc32": true, "crc32b": true,
}

// checkHash requires `value` to name an isHash algorithm (the property
// key is String(value)).
func checkHash(a *postprocess.Args, _ any) error {
	if err := requireValue("a hash algorithm such as md5 or sha256")(a, nil); err != nil {
		return err
	}
	v, _ := a.Get("value")
	if !hashLengths[record.ToString(v)] {
		return &postprocess.ParamError{Param: "value", Msg: "unknown hash algorithm " + record.JSON(v) +
			" (md4, md5, sha1, sha256, sha384, sha512, ripemd128, ripemd160, tiger128, tiger160, tiger192, crc32, crc32b)"}
	}
	return nil
}

// checkDivisor requires parseInt(value, 10) to be a non-zero number.
func checkDivisor(a *postprocess.Args, arg any) error {
	if d := vjs.DivisorOf(arg); math.IsNaN(d) || d == 0 {
		return &postprocess.ParamError{Param: "value", Msg: "expected a non-zero integer divisor, got " + argJSON(a, "value")}
	}
	return nil
}

// checkIPVersion: isIP(ip, version) is false for every version but
// "", "4" and "6".
func checkIPVersion(a *postprocess.Args, arg any) error {
	v, key := optionOrArg(a, arg, "version")
	if !record.Truthy(v) {
		return nil
	}
	if s := record.ToString(v); s != "4" && s != "6" {
		return &postprocess.ParamError{Param: key, Msg: "expected IP version 4 or 6, got " + record.JSON(v)}
	}
	return nil
}

// checkComparisonDate: isAfter/isBefore with a comparison date that is not
// a string (validator throws) or that Date.parse rejects (NaN) is false for
// every value. A falsy date means now.
func checkComparisonDate(a *postprocess.Args, arg any) error {
	if _, isArr := arg.([]any); isArr {
		return nil // [].comparisonDate is undefined: now
	}
	v, key := optionOrArg(a, arg, "comparisonDate")
	if !record.Truthy(v) {
		return nil
	}
	s, ok := v.(string)
	if !ok {
		return &postprocess.ParamError{Param: key, Msg: "expected a date string, got " + record.JSON(v)}
	}
	if _, ok := jsdate.Parse(s); !ok {
		return &postprocess.ParamError{Param: key, Msg: "JavaScript cannot parse the date " + record.JSON(s)}
	}
	return nil
}

// checkDecimalLocale: isFloat and isNumeric look the `locale` option up in
// validator's decimal table; an unknown one makes the separator the text
// "undefined".
func checkDecimalLocale(a *postprocess.Args, arg any) error {
	m, ok := arg.(map[string]any)
	if !ok || !record.Truthy(m["locale"]) {
		return nil
	}
	loc := record.ToString(record.FromGo(m["locale"]))
	if _, err := l10n.IsDecimal("1", l10n.DecimalOptions{Locale: loc}); err != nil {
		return &postprocess.ParamError{Param: keyOf(a, "locale"), Msg: "unknown locale " + record.JSON(loc)}
	}
	return nil
}

// optionOrArg returns the option `key` of an object argument, or the
// argument itself, with the rule key it came from.
func optionOrArg(a *postprocess.Args, arg any, key string) (any, string) {
	if m, ok := arg.(map[string]any); ok {
		return record.FromGo(m[key]), keyOf(a, key)
	}
	return record.FromGo(arg), "value"
}

// keyOf names the rule key holding an option: `value` when the options
// object is rule.value.
func keyOf(a *postprocess.Args, key string) string {
	if usesValue(a) {
		return "value"
	}
	return key
}

func argJSON(a *postprocess.Args, key string) string {
	v, ok := a.Get(key)
	if !ok {
		return "nothing"
	}
	return record.JSON(v)
}
