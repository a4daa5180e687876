package l10n

import (
	"strings"
	"sync"

	"github.com/sluice-dev/sluice/internal/lazyre"
)

// postalMatchers maps each locale to its matcher (built on first use, not
// at every start).
var postalMatchers = sync.OnceValue(buildPostalMatchers)

// postalAny holds the matchers in validator.js's key order.
var postalAny = sync.OnceValue(func() []func(string) bool {
	out := make([]func(string) bool, len(postalLocales))
	for i, l := range postalLocales {
		out[i] = postalMatchers()[l]
	}
	return out
})

func buildPostalMatchers() map[string]func(string) bool {
	m := make(map[string]func(string) bool, len(postalLocales))
	for l, n := range postalDigits {
		m[l] = func(s string) bool { return len(s) == n && digitRun(s, 0) == n }
	}
	for l, re := range postalRE {
		m[l] = func(s string) bool { return re().MatchString(s) }
	}
	m["US"] = isUSPostal
	m["IE"] = withCheck(postalRE["IE"], ieLookahead)
	m["IN"] = withCheck(postalRE["IN"], inLookahead)
	m["IR"] = withCheck(postalRE["IR"], irLookahead)
	m["NL"] = withCheck(postalRE["NL"], nlLookahead)
	return m
}

// withCheck matches re and then an explicit check standing for a JS
// look-around.
func withCheck(re lazyre.Regexp, check func(string) bool) func(string) bool {
	return func(s string) bool { return re().MatchString(s) && check(s) }
}

// isUSPostal is /^\d{5}(-\d{4})?$/.
func isUSPostal(s string) bool {
	switch len(s) {
	case 5:
		return digitRun(s, 0) == 5
	case 10:
		return digitRun(s, 0) == 5 && s[5] == '-' && digitRun(s, 6) == 10
	}
	return false
}

// ieLookahead is (?!.*(?:o)) under the i flag: no o/O before the first
// line terminator.
func ieLookahead(s string) bool {
	if i := strings.IndexFunc(s, isJSLineTerminator); i >= 0 {
		s = s[:i]
	}
	return !strings.ContainsAny(s, "oO")
}

// inLookahead is (?!10|29|35|54|55|65|66|86|87|88|89) on a matched code.
func inLookahead(s string) bool {
	switch s[:2] {
	case "10", "29", "35", "54", "55", "65", "66", "86", "87", "88", "89":
		return false
	}
	return true
}

// irLookahead is (?!(\d)\1{3}) on a matched code: the first four digits
// are not all the same.
func irLookahead(s string) bool {
	return !(s[0] == s[1] && s[1] == s[2] && s[2] == s[3])
}

// nlLookahead is (?!sa|sd|ss) under the i flag, before the final two
// letters.
func nlLookahead(s string) bool {
	switch strings.ToLower(s[len(s)-2:]) {
	case "sa", "sd", "ss":
		return false
	}
	return true
}

// postalAnyMatch is the "any" locale: some pattern matches.
func postalAnyMatch(s string) bool {
	for _, m := range postalAny() {
		if m(s) {
			return true
		}
	}
	return false
}

// postalLookup resolves validator.js's locale dispatch: `key in patterns`,
// then `locale === 'any'` (isString tells whether the argument was a
// string, not merely a value whose String() is "any").
func postalLookup(key string, isString bool) (func(string) bool, error) {
	if m, ok := postalMatchers()[key]; ok {
		return m, nil
	}
	if objectProtoKeys[key] {
		return nil, typeError("patterns[locale].test is not a function")
	}
	if key == "any" && isString {
		return postalAnyMatch, nil
	}
	return nil, invalidLocale(key)
}

// IsPostalCode is validator.js isPostalCode(s, locale); locale is a country
// code such as "US" or "any".
func IsPostalCode(s, locale string) (bool, error) {
	m, err := postalLookup(locale, true)
	if err != nil {
		return false, err
	}
	return m(s), nil
}

// BindPostalCode binds the validator plugin's `postalcode`; arg is the
// locale argument (`rule.value || rule`).
func BindPostalCode(arg any) (Checker, error) {
	_, isString := arg.(string)
	m, err := postalLookup(jsToString(arg), isString)
	if err != nil {
		return nil, err
	}
	return func(s string) (bool, error) { return m(s), nil }, nil
}

// BindDataMatePostalCode binds data-mate isPostalCode: option `locale` is
// required (a falsy one throws for every non-nil input).
func BindDataMatePostalCode(opts map[string]any) (Checker, error) {
	l := opts["locale"]
	if !jsTruthy(l) {
		return nil, jsError("Invalid parameter locale, must provide an object with locale")
	}
	return BindPostalCode(l)
}
