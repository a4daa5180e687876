package vjs

import (
	"fmt"
	"strings"
	"time"
	"unicode/utf16"

	"github.com/dlclark/regexp2"

	"github.com/sluice-dev/sluice/internal/jsre"
	"github.com/sluice-dev/sluice/internal/swar"
)

// MatchTimeout bounds one user-regex match (regexp2 backtracks).
const MatchTimeout = 100 * time.Millisecond

// Matcher is a compiled validator.matches pattern (new RegExp(pattern), no
// flags, unanchored search). It is safe for concurrent use.
type Matcher struct {
	literal string
	isLit   bool
	re      *regexp2.Regexp
	// linear is the same pattern for the linear-time engine when it
	// translates; it answers for ASCII inputs, on which JavaScript's UTF-16
	// view and the engine's code-point view coincide.
	linear *jsre.Regexp
}

// CompileMatcher compiles a JS pattern source. JS regex syntax is handled by
// regexp2 in ECMAScript mode after a rewrite that restores JS's UTF-16 view:
// astral characters become surrogate pairs, `.` excludes U+2028/U+2029, `\b`
// uses the ASCII word set and `\p`/`\P` are identity escapes.
func CompileMatcher(pattern string) (*Matcher, error) {
	if !strings.ContainsAny(pattern, `\^$.|?*+()[]{}`) {
		return &Matcher{literal: pattern, isLit: true}, nil
	}
	re, err := regexp2.Compile(rewriteJSPattern(pattern), regexp2.ECMAScript)
	if err != nil {
		return nil, fmt.Errorf("SyntaxError: Invalid regular expression: /%s/: %w", pattern, err)
	}
	re.MatchTimeout = MatchTimeout
	m := &Matcher{re: re}
	if lin, err := jsre.Compile(pattern, ""); err == nil && lin.Linear() {
		m.linear = lin
	}
	return m, nil
}

// Match reports whether s contains a match; a timeout is returned as error.
func (m *Matcher) Match(s string) (bool, error) {
	if m.isLit {
		return strings.Contains(s, m.literal), nil
	}
	if m.linear != nil && swar.ASCII(s) {
		return m.linear.MatchString(s)
	}
	if !hasAstral(s) {
		return m.re.MatchString(s)
	}
	return m.re.MatchRunes(utf16Runes(s))
}

func hasAstral(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0xf0 {
			return true
		}
	}
	return false
}

// utf16Runes splits s into UTF-16 code units, one rune per unit.
func utf16Runes(s string) []rune {
	out := make([]rune, 0, len(s))
	for _, r := range s {
		if r >= 0x10000 {
			a, b := utf16.EncodeRune(r)
			out = append(out, a, b)
		} else {
			out = append(out, r)
		}
	}
	return out
}

const (
	jsDot      = `[^\n\r\u2028\u2029]`
	jsWordB    = `(?:(?<=[A-Za-z0-9_])(?![A-Za-z0-9_])|(?<![A-Za-z0-9_])(?=[A-Za-z0-9_]))`
	jsNotWordB = `(?:(?<=[A-Za-z0-9_])(?=[A-Za-z0-9_])|(?<![A-Za-z0-9_])(?![A-Za-z0-9_]))`
)

// rewriteJSPattern adapts a non-unicode-mode JS pattern for regexp2.
func rewriteJSPattern(p string) string {
	var b strings.Builder
	inClass := false
	for i := 0; i < len(p); {
		r, w := decodeRune(p[i:])
		switch {
		case r == '\\' && i+1 < len(p):
			esc, n := rewriteEscape(p[i+1:], inClass)
			b.WriteString(esc)
			i += 1 + n
			continue
		case r == '[' && !inClass:
			inClass = true
		case r == ']' && inClass:
			inClass = false
		case r == '.' && !inClass:
			b.WriteString(jsDot)
			i += w
			continue
		case r >= 0x10000:
			a, c := utf16.EncodeRune(r)
			fmt.Fprintf(&b, `\u%04X\u%04X`, a, c)
			i += w
			continue
		}
		b.WriteString(p[i : i+w])
		i += w
	}
	return b.String()
}

// rewriteEscape handles the escape after a backslash; n is the number of
// bytes consumed from rest.
func rewriteEscape(rest string, inClass bool) (string, int) {
	r, w := decodeRune(rest)
	switch {
	case r == 'p' || r == 'P':
		return string(r), w
	case r == 'b' && !inClass:
		return jsWordB, w
	case r == 'B' && !inClass:
		return jsNotWordB, w
	case r >= 0x10000:
		a, c := utf16.EncodeRune(r)
		return fmt.Sprintf(`\u%04X\u%04X`, a, c), w
	}
	return `\` + rest[:w], w
}
