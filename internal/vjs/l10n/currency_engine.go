package l10n

import (
	"regexp"
	"strings"
	"unicode/utf8"
)

// How a currencyRegex source runs. When every spliced option value is
// plain text and no inner look-ahead is generated, the pattern is compiled
// with RE2 and the leading look-aheads become explicit checks; otherwise it
// runs on regexp2 (ECMAScript mode).

// The JS prefix; for regexp2 (?=.*\d) spells out the line terminators,
// since regexp2's `.` also matches U+2028/U+2029 and JS's does not.
const (
	currencyJSPrefix     = `^(?!-? )(?=.*\d)`
	currencyEnginePrefix = `^(?!-? )(?=[^\n\r\x{2028}\x{2029}]*\d)`
)

// checker compiles the pattern; an error is the SyntaxError JS throws on
// every call.
func (sp *currencySpec) checker() (Checker, error) {
	if re := sp.re2(); re != nil {
		return func(s string) (bool, error) { return currencyPrefixOK(s) && re.MatchString(s), nil }, nil
	}
	re, err := compileJS(currencyEnginePrefix+sp.pattern(engineEscape),
		currencyJSPrefix+sp.pattern(func(s string) string { return `\` + s }))
	if err != nil {
		return nil, err
	}
	return func(s string) (bool, error) { return matchJS(re, s) }, nil
}

// currencyPrefixOK is ^(?!-? )(?=.*\d).
func currencyPrefixOK(s string) bool {
	if strings.HasPrefix(s, " ") || strings.HasPrefix(s, "- ") {
		return false
	}
	for _, r := range s {
		switch {
		case r >= '0' && r <= '9':
			return true
		case isJSLineTerminator(r):
			return false
		}
	}
	return false
}

// re2 returns the RE2 form of the pattern (without its prefix), or nil when
// the options need regexp2.
func (sp *currencySpec) re2() *regexp.Regexp {
	if sp.o.AllowNegativeSignPlaceholder || (sp.o.AllowSpaceAfterDigits && !sp.o.AllowSpaceAfterSymbol) {
		return nil // ( (?!\-))? or ( (?!$))?
	}
	for _, d := range sp.digits {
		if !allDigits(d) || len(d) > 3 {
			return nil
		}
	}
	ok := true
	src := "^" + sp.pattern(func(s string) string {
		e, good := re2Escape(s)
		ok = ok && good
		return e
	})
	if !ok {
		return nil
	}
	re, err := regexp.Compile(src)
	if err != nil {
		return nil
	}
	return re
}

// re2Escape renders the JS splice "\\" + s in RE2 syntax when s is plain
// text: its first rune is not an ASCII letter or digit (those make JS
// escapes) and the rest holds no regex metacharacter.
func re2Escape(s string) (string, bool) {
	r, n := utf8.DecodeRuneInString(s)
	if s == "" || r < 0x80 && isASCIIWord(r) || strings.ContainsAny(s[n:], `\^$.|?*+()[]{}`) {
		return "", false
	}
	return regexp.QuoteMeta(s[:n]) + s[n:], true
}

// engineEscape is "\\" + s for regexp2: where JS reads \X as an identity
// escape but regexp2 gives it another meaning, the backslash is dropped or
// doubled.
func engineEscape(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	switch {
	case s == "":
		return `\`
	case strings.ContainsRune("aeAGZzpP", r):
		return s
	case r == 'c' && (len(s) == n || !isASCIILetter(s[n])):
		return `\\` + s
	}
	return `\` + s
}

func isASCIILetter(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }
