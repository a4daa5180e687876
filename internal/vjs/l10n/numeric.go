package l10n

import (
	"strings"
	"unicode/utf8"
)

// NumericOptions are isNumeric's options; an empty Locale means ".".
type NumericOptions struct {
	NoSymbols bool
	Locale    string
}

// IsNumeric is validator.js isNumeric(s, options). It never throws for a
// string (an unknown locale makes the separator class [undefined]).
func IsNumeric(s string, o NumericOptions) (bool, error) {
	return numericChecker(o.NoSymbols, o.Locale)(s)
}

// BindNumeric binds the validator plugin's `numeric`; an object argument
// supplies no_symbols and locale, any other value means no options.
func BindNumeric(arg any) (Checker, error) {
	opts, _ := arg.(map[string]any)
	locale := ""
	if l := opts["locale"]; jsTruthy(l) {
		locale = jsToString(l)
	}
	chk := numericChecker(jsTruthy(opts["no_symbols"]), locale)
	if _, err := chk("0"); err != nil {
		return nil, err // a bad regex throws on every call
	}
	return chk, nil
}

func numericChecker(noSymbols bool, locale string) Checker {
	if noSymbols {
		return func(s string) (bool, error) { return s != "" && digitRun(s, 0) == len(s), nil }
	}
	sep := "."
	if locale != "" {
		sep, _ = decimalSep(locale)
	}
	if !isPlainSep(sep) {
		re, err := jsRegexChecker("^[+-]?([0-9]*[" + sep + "])?[0-9]+$")
		if err != nil {
			return constChecker(false, err)
		}
		return re
	}
	return func(s string) (bool, error) { return matchNumeric(s, sep), nil }
}

// matchNumeric matches ^[+-]?([0-9]*[SEP])?[0-9]+$ where SEP is a set of
// characters.
func matchNumeric(s, sepChars string) bool {
	i := 0
	if i < len(s) && (s[i] == '-' || s[i] == '+') {
		i++
	}
	j := digitRun(s, i)
	if j == len(s) {
		return j > i
	}
	r, n := utf8.DecodeRuneInString(s[j:])
	if !strings.ContainsRune(sepChars, r) {
		return false
	}
	k := digitRun(s, j+n)
	return k == len(s) && k > j+n
}
