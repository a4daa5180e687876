package jsre

import (
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// syntaxChars are the characters JavaScript lets the u flag escape (plus
// - in a class).
const syntaxChars = `^$\.*+?()[]{}|/`

// escape reads the escape at i outside a class.
func (p *parser) escape() string {
	if p.i+1 >= len(p.src) {
		return `\ at end of pattern`
	}
	c := p.src[p.i+1]
	p.prev = atom
	switch {
	case c == 'b' || c == 'B':
		p.prev = assertion
		return p.copy(2)
	case strings.IndexByte("dDwWsSfnrtv", c) >= 0:
		return p.copy(2)
	case c == 'k' && (p.unicode || p.hasNamed):
		return p.namedReference()
	case c >= '1' && c <= '9':
		if n, w := decimalRun(p.src[p.i+1:]); n <= p.groups {
			return p.copy(1 + w)
		}
		if p.unicode {
			return "Invalid escape"
		}
	case c == 'p' || c == 'P':
		if p.unicode {
			return p.property(false)
		}
	}
	r, isSet, msg := p.charEscape(false)
	if msg == "" && !isSet {
		p.literal(r)
	}
	return msg
}

// charEscape reads an escape that stands for one character (or a set:
// inClass only; then it is written already) and returns the character.
func (p *parser) charEscape(inClass bool) (r rune, isSet bool, msg string) {
	c := p.src[p.i+1]
	switch c {
	case 'c':
		return p.control(inClass)
	case 'x':
		if v, ok := hexValue(p.src[p.i+2:], 2); ok {
			p.i += 4
			return v, false, ""
		}
		if p.unicode {
			return 0, false, "Invalid escape"
		}
	case 'u':
		return p.unicodeEscape()
	case '0':
		if p.i+2 >= len(p.src) || !isDigit(p.src[p.i+2]) {
			p.i += 2
			return 0, false, ""
		}
		if p.unicode {
			if inClass {
				return 0, false, "Invalid class escape"
			}
			return 0, false, "Invalid decimal escape"
		}
	case 'f', 'n', 'r', 't', 'v':
		p.i += 2
		return rune("\f\n\r\t\v"[strings.IndexByte("fnrtv", c)]), false, ""
	}
	switch {
	case c >= '0' && c <= '7' && !p.unicode:
		return p.octal(), false, ""
	case strings.IndexByte(syntaxChars, c) >= 0 || c == '-' && inClass:
		p.i += 2
		return rune(c), false, ""
	case p.unicode && c >= '1' && c <= '7' && inClass:
		return 0, false, "Invalid class escape"
	case p.unicode || c == 'k' && p.hasNamed:
		return 0, false, "Invalid escape"
	}
	r, w := utf8.DecodeRuneInString(p.src[p.i+1:])
	p.i += 1 + w
	return r, false, "" // identity escape (Annex B)
}

// control reads \c: a control letter, or (Annex B, no u flag) a backslash
// that stands for itself — in a class \c also takes a digit or _.
func (p *parser) control(inClass bool) (rune, bool, string) {
	if p.i+2 < len(p.src) {
		d := p.src[p.i+2]
		if isLetter(d) || inClass && !p.unicode && (isDigit(d) || d == '_') {
			p.i += 3
			return rune(d) % 32, false, ""
		}
	}
	if p.unicode {
		return 0, false, "Invalid Unicode escape"
	}
	p.i++ // the c is read next, as itself
	return '\\', false, ""
}

// unicodeEscape reads \uHHHH and, with the u flag, \u{H…}; without the u
// flag a \u that starts neither is the letter u (Annex B).
func (p *parser) unicodeEscape() (rune, bool, string) {
	if r, w, ok := unicodeEscapeAt(p.src[p.i:], p.unicode); ok {
		p.i += w
		return r, false, ""
	}
	if p.unicode {
		return 0, false, "Invalid Unicode escape"
	}
	p.i += 2
	return 'u', false, ""
}

// hexValue is the value of the n hex digits at the start of s.
func hexValue(s string, n int) (rune, bool) {
	if len(s) < n || n == 0 {
		return 0, false
	}
	v, err := strconv.ParseUint(s[:n], 16, 32)
	return rune(v), err == nil && v <= utf8.MaxRune
}

// octal reads a legacy octal escape (Annex B): up to three octal digits,
// at most \377.
func (p *parser) octal() rune {
	v, k := rune(0), p.i+1
	for ; k < len(p.src) && k < p.i+4 && p.src[k] >= '0' && p.src[k] <= '7'; k++ {
		next := v*8 + rune(p.src[k]-'0')
		if next > 0o377 {
			break
		}
		v = next
	}
	p.i = k
	return v
}

// decimalRun is the value (MaxInt when it overflows) and length of the
// digits at the start of s.
func decimalRun(s string) (int, int) {
	w := 0
	for w < len(s) && isDigit(s[w]) {
		w++
	}
	return count(s[:w]), w
}

// namedReference reads \k<name>; JavaScript reports a name that no group
// has once the whole pattern has parsed.
func (p *parser) namedReference() string {
	if !strings.HasPrefix(p.src[p.i+2:], "<") {
		return "Invalid named reference"
	}
	name, w, msg := groupName(p.src[p.i+2:])
	if msg != "" {
		return msg
	}
	p.badRef = p.badRef || !slices.Contains(p.names, name)
	p.out.WriteString(`\k<` + engineGroupName(name) + ">")
	p.i += 2 + w
	return ""
}
