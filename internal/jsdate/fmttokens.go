package jsdate

import (
	"errors"
	"strings"
	"unicode/utf8"
)

// Tokenizer shared by the date-fns 4.1.0 format and parse ports.

// fmtPart is one piece of a format string: a token (isToken) or a literal.
type fmtPart struct {
	value   string
	isToken bool
	latin   bool // an unknown (unescaped) latin letter: date-fns throws
}

// splitLongFormat is the first pass (longFormattingTokensRegExp): P/p runs
// are expanded, line terminators outside quotes are dropped (the regexp's
// "." does not match them), everything else is kept. ok is false when
// nothing matched (String.prototype.match returned null: JS then throws).
func splitLongFormat(f string) (string, bool) {
	if !strings.ContainsAny(f, "Pp\n\r\u2028\u2029") {
		return f, f != ""
	}
	var b strings.Builder
	matched := false
	for i := 0; i < len(f); {
		c := f[i]
		j := i + 1
		switch {
		case c == 'P':
			j = runEnd(f, runEnd(f, i, 'P'), 'p')
			b.WriteString(expandLongFormat(f[i:j]))
		case c == 'p':
			j = runEnd(f, i, 'p')
			b.WriteString(expandLongFormat(f[i:j]))
		case c == '\'':
			j = quotedEnd(f, i)
			b.WriteString(f[i:j])
		default:
			r, size := utf8.DecodeRuneInString(f[i:])
			j = i + size
			if isLineTerminator(r) {
				i = j
				continue
			}
			b.WriteString(f[i:j])
		}
		matched = true
		i = j
	}
	return b.String(), matched
}

func isLineTerminator(r rune) bool {
	return r == '\n' || r == '\r' || r == 0x2028 || r == 0x2029
}

func runEnd(s string, i int, c byte) int {
	for i < len(s) && s[i] == c {
		i++
	}
	return i
}

// quotedEnd returns the end of the match at i of ”|'(”|[^'])+('|$)
// (or of a lone quote).
func quotedEnd(s string, i int) int {
	if strings.HasPrefix(s[i:], "''") {
		return i + 2
	}
	j := i + 1
	for j < len(s) {
		if strings.HasPrefix(s[j:], "''") {
			j += 2
		} else if s[j] != '\'' {
			j++
		} else {
			break
		}
	}
	if j == i+1 {
		return i + 1 // lone quote: matched by "."
	}
	if j < len(s) {
		j++ // closing quote
	}
	return j
}

const ordinalLetters = "yYQqMLwIdDecihHKkms"

func isWordByte(c byte) bool {
	return c == '_' || isDigit(c) || (c|0x20 >= 'a' && c|0x20 <= 'z')
}

func isLatin(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }

// errUnescapedLatin is date-fns' RangeError for unknown letters.
func errUnescapedLatin(c byte) error {
	return errors.New("Format string contains an unescaped latin alphabet character `" + string(c) + "`")
}

// tokenizeFormat splits an (expanded) format with formattingTokensRegExp
// and classifies the pieces; known reports whether a letter is a token.
func tokenizeFormat(f string, known func(byte) bool) []fmtPart {
	parts := make([]fmtPart, 0, 8)
	for i := 0; i < len(f); {
		c := f[i]
		var j int
		switch {
		case strings.IndexByte(ordinalLetters, c) >= 0 && i+1 < len(f) && f[i+1] == 'o':
			j = i + 2
		case isWordByte(c):
			j = runEnd(f, i, c)
		case c == '\'':
			j = quotedEnd(f, i)
		default:
			r, size := utf8.DecodeRuneInString(f[i:])
			if isLineTerminator(r) {
				i += size // "." does not match line terminators: dropped
				continue
			}
			j = i + size
		}
		parts = append(parts, classify(f[i:j], known))
		i = j
	}
	return parts
}

func classify(s string, known func(byte) bool) fmtPart {
	switch {
	case s == "''":
		return fmtPart{value: "'"}
	case s[0] == '\'':
		return fmtPart{value: cleanEscaped(s)}
	case known(s[0]):
		return fmtPart{value: s, isToken: true}
	}
	return fmtPart{value: s, latin: isLatin(s[0])}
}

// cleanEscaped is date-fns cleanEscapedString: /^'([^]*?)'?$/ then ” → '.
func cleanEscaped(s string) string {
	s = s[1:]
	s = strings.TrimSuffix(s, "'")
	return strings.ReplaceAll(s, "''", "'")
}

// protectedTokenError is date-fns warnOrThrowProtectedError: D, DD, YY and
// YYYY throw (other all-D / all-Y tokens only warn).
func protectedTokenError(token, format string, input func() string) error {
	switch token {
	case "D", "DD", "YY", "YYYY":
	default:
		return nil
	}
	subject := "days of the month"
	if token[0] == 'Y' {
		subject = "years"
	}
	return errors.New("Use `" + strings.ToLower(token) + "` instead of `" + token + "` (in `" + format +
		"`) for formatting " + subject + " to the input `" + input() +
		"`; see: https://github.com/date-fns/date-fns/blob/master/docs/unicodeTokens.md")
}

func replaceOnce(s, old, repl string) string { return strings.Replace(s, old, repl, 1) }
