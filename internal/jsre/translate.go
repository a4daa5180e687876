package jsre

import (
	"strconv"
	"strings"
)

// jsSpace is the body of a character class equal to JavaScript's \s.
const jsSpace = `\t\n\v\f\r \x{a0}\x{1680}\x{2000}-\x{200a}\x{2028}\x{2029}\x{202f}\x{205f}\x{3000}\x{feff}`

// translate rewrites a JavaScript pattern into an equivalent RE2 pattern, or
// reports false when the pattern uses something RE2 lacks or treats
// differently (then the backtracking engine is used).
func translate(src, flags string) (string, bool) {
	if strings.ContainsAny(flags, "muy") {
		return "", false
	}
	t := translator{src: src}
	if strings.Contains(flags, "i") {
		if !isASCII(src) {
			return "", false
		}
		t.b.WriteString("(?i)")
	}
	t.dotAll = strings.Contains(flags, "s")
	if !t.run() {
		return "", false
	}
	return t.b.String(), true
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

type translator struct {
	src    string
	i      int
	b      strings.Builder
	dotAll bool
}

func (t *translator) run() bool {
	for t.i < len(t.src) {
		c := t.src[t.i]
		var ok bool
		switch c {
		case '\\':
			ok = t.escape(false)
		case '[':
			ok = t.class()
		case '(':
			ok = t.group()
		case '.':
			if t.dotAll {
				t.b.WriteString(`(?s:.)`)
			} else {
				t.b.WriteString(`[^\n\r\x{2028}\x{2029}]`)
			}
			t.i++
			ok = true
		case '{':
			ok = t.quantifier()
		default:
			t.b.WriteByte(c)
			t.i++
			ok = true
		}
		if !ok {
			return false
		}
	}
	return true
}

// group accepts plain and non-capturing groups only.
func (t *translator) group() bool {
	if strings.HasPrefix(t.src[t.i:], "(?") && !strings.HasPrefix(t.src[t.i:], "(?:") {
		return false
	}
	t.b.WriteByte('(')
	t.i++
	return true
}

// quantifier accepts {n}, {n,} and {n,m} with counts RE2 allows.
func (t *translator) quantifier() bool {
	end := strings.IndexByte(t.src[t.i:], '}')
	if end < 0 {
		return false
	}
	body := t.src[t.i+1 : t.i+end]
	parts := strings.SplitN(body, ",", 2)
	for k, p := range parts {
		if p == "" && k == 1 {
			continue
		}
		n, err := strconv.Atoi(p)
		if err != nil || n > 1000 || p[0] == '+' || p[0] == '-' {
			return false
		}
	}
	t.b.WriteString(t.src[t.i : t.i+end+1])
	t.i += end + 1
	return true
}

// escape translates an escape outside (inClass false) or inside a class.
func (t *translator) escape(inClass bool) bool {
	if t.i+1 >= len(t.src) {
		return false
	}
	c := t.src[t.i+1]
	t.i += 2
	switch {
	case c == 's':
		if inClass {
			t.b.WriteString(jsSpace)
		} else {
			t.b.WriteString("[" + jsSpace + "]")
		}
	case c == 'S':
		if inClass {
			return false
		}
		t.b.WriteString("[^" + jsSpace + "]")
	case strings.IndexByte("dDwWtnrfv", c) >= 0:
		t.b.WriteByte('\\')
		t.b.WriteByte(c)
	case c == 'b' || c == 'B':
		if inClass {
			return false
		}
		t.b.WriteByte('\\')
		t.b.WriteByte(c)
	case c == 'x':
		return t.hexEscape(2)
	case c == 'u':
		return t.hexEscape(4)
	case c == '0' && (t.i >= len(t.src) || !isDigit(t.src[t.i])):
		t.b.WriteString(`\x00`)
	case isDigit(c) || isLetter(c) || c >= 0x80:
		return false // back-references, \c, \p, identity escapes of letters
	default:
		t.b.WriteString(`\x{` + strconv.FormatInt(int64(c), 16) + `}`)
	}
	return true
}

func (t *translator) hexEscape(n int) bool {
	if t.i+n > len(t.src) {
		return false
	}
	h := t.src[t.i : t.i+n]
	if _, err := strconv.ParseUint(h, 16, 32); err != nil {
		return false
	}
	t.b.WriteString(`\x{` + h + `}`)
	t.i += n
	return true
}

// class translates [...]; an empty class ([] or [^]) is left to regexp2.
func (t *translator) class() bool {
	t.b.WriteByte('[')
	t.i++
	if t.i < len(t.src) && t.src[t.i] == '^' {
		t.b.WriteByte('^')
		t.i++
	}
	if t.i < len(t.src) && t.src[t.i] == ']' {
		return false
	}
	for t.i < len(t.src) {
		c := t.src[t.i]
		switch {
		case c == ']':
			t.b.WriteByte(']')
			t.i++
			return true
		case c == '\\':
			if !t.escape(true) {
				return false
			}
		case c == '[' && t.i+1 < len(t.src) && strings.IndexByte(":.=", t.src[t.i+1]) >= 0:
			return false // RE2 would read [:alpha:] as a POSIX class
		default:
			if c == '[' {
				t.b.WriteString(`\[`)
			} else {
				t.b.WriteByte(c)
			}
			t.i++
		}
	}
	return false
}

func isDigit(c byte) bool  { return c >= '0' && c <= '9' }
func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
