package record

import (
	"math"
	"strconv"
	"unicode/utf8"
)

// canonical reports whether s, a validated JSON value, is already written
// the way AppendJSON writes its decoding, so that it can be copied to the
// output as it is: no white space, strings without escapes and in valid
// UTF-8, numbers as AppendNumber writes them, no key twice in an object.
// It may say no to text that is canonical (wide objects, escapes); it never
// says yes to text that is not.
func canonical(s string) bool {
	c := canonicalScan{s: s}
	return c.value() && c.i == len(s)
}

type canonicalScan struct {
	s    string
	i    int
	keys []string // the keys of the objects being scanned, innermost last
}

// maxCanonicalKeys bounds the repeated-key check (quadratic); a wider
// object is decoded and encoded instead.
const maxCanonicalKeys = 64

func (c *canonicalScan) value() bool {
	if c.i >= len(c.s) {
		return false
	}
	switch c.s[c.i] {
	case '{':
		return c.object()
	case '[':
		return c.array()
	case '"':
		_, ok := c.str()
		return ok
	case 't', 'n':
		c.i += 4
		return c.i <= len(c.s)
	case 'f':
		c.i += 5
		return c.i <= len(c.s)
	}
	return c.number()
}

func (c *canonicalScan) object() bool {
	c.i++
	if c.i < len(c.s) && c.s[c.i] == '}' {
		c.i++
		return true
	}
	mark := len(c.keys)
	defer func() { c.keys = c.keys[:mark] }()
	for {
		k, ok := c.str()
		if !ok || len(c.keys)-mark >= maxCanonicalKeys {
			return false
		}
		for _, seen := range c.keys[mark:] {
			if seen == k {
				return false
			}
		}
		c.keys = append(c.keys, k)
		if c.i >= len(c.s) || c.s[c.i] != ':' {
			return false
		}
		c.i++
		if more, ok := c.member('}'); !more {
			return ok
		}
	}
}

func (c *canonicalScan) array() bool {
	c.i++
	if c.i < len(c.s) && c.s[c.i] == ']' {
		c.i++
		return true
	}
	for {
		if more, ok := c.member(']'); !more {
			return ok
		}
	}
}

// member scans a member's value and what follows it: more when a comma
// follows, ok when the closing bracket end does.
func (c *canonicalScan) member(end byte) (more, ok bool) {
	if !c.value() || c.i >= len(c.s) {
		return false, false
	}
	switch c.s[c.i] {
	case ',':
		c.i++
		return true, true
	case end:
		c.i++
		return false, true
	}
	return false, false
}

// str scans a string literal with no escapes and returns its text.
func (c *canonicalScan) str() (string, bool) {
	if c.i >= len(c.s) || c.s[c.i] != '"' {
		return "", false
	}
	c.i++
	start := c.i
	var or uint64
	c.i, or = plainWords(c.s, c.i)
	var high byte
	if or&swarHigh != 0 {
		high = 0x80
	}
	for c.i < len(c.s) {
		ch := c.s[c.i]
		switch {
		case ch == '"':
			text := c.s[start:c.i]
			c.i++
			return text, high < 0x80 || utf8.ValidString(text)
		case ch == '\\' || ch < 0x20:
			return "", false
		}
		high |= ch
		c.i++
	}
	return "", false
}

func (c *canonicalScan) number() bool {
	start := c.i
	simple := true
	for c.i < len(c.s) {
		ch := c.s[c.i]
		if ch == '.' || ch == 'e' || ch == 'E' || ch == '+' {
			simple = false
		} else if ch != '-' && !isDigit(ch) {
			break
		}
		c.i++
	}
	lit := c.s[start:c.i]
	if lit == "" {
		return false
	}
	if simple && len(lit) < 16 && lit != "-0" {
		return true // decoded exactly, written back digit for digit
	}
	f, err := strconv.ParseFloat(lit, 64)
	if err != nil || math.IsInf(f, 0) {
		return false
	}
	var buf [32]byte
	return string(AppendNumber(buf[:0], f)) == lit
}
