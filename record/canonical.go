package record

import (
	"math"
	"strconv"
	"strings"
	"unicode/utf8"
)

// canonical reports whether s, a validated JSON value, is already written
// the way AppendJSON writes its decoding, so that it can be copied to the
// output as it is: no white space, strings without escapes and in valid
// UTF-8, numbers as AppendNumber writes them, no key twice in an object.
// It may say no to text that is canonical (wide objects, escapes); it never
// says yes to text that is not.
func canonical(s string) bool {
	c := canonicalScan{s: s, budget: len(s)}
	return c.value() && c.i == len(s)
}

type canonicalScan struct {
	s      string
	i      int
	budget int // bytes the repeated-key checks may still read again
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
		start := c.i
		if _, ok := c.str(); ok {
			return true
		}
		return c.escapedStr(start)
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
	open := c.i
	c.i++
	if c.i < len(c.s) && c.s[c.i] == '}' {
		c.i++
		return true
	}
	var bits uint64 // keyBit of the keys so far: a new bit is a new key
	for n := 0; ; n++ {
		k, ok := c.str()
		if !ok || n >= maxCanonicalKeys {
			return false
		}
		if bit := keyBit(k); bits&bit == 0 {
			bits |= bit
		} else if c.repeated(open, k) {
			return false
		}
		if c.i >= len(c.s) || c.s[c.i] != ':' {
			return false
		}
		c.i++
		if more, ok := c.member('}'); !more {
			return ok
		}
	}
}

// repeated reports whether k, the key just read, is also a key before it
// in the object opened at open. The text between was found canonical, so
// its keys are found by skipping values plainly. All these reads together
// may not pass the length of the text (budget): past it the answer is
// yes, and the text is decoded and encoded instead of copied.
func (c *canonicalScan) repeated(open int, k string) bool {
	end := c.i - len(k) - 2 // the opening quote of k
	if c.budget -= end - open; c.budget < 0 {
		return true
	}
	for i := open + 1; i < end; {
		j := i + 1 + strings.IndexByte(c.s[i+1:], '"') // no escapes: canonical
		if c.s[i+1:j] == k {
			return true
		}
		i = skipCanonical(c.s, j+2) + 1 // past ':', the value and ','
	}
	return false
}

// skipCanonical returns the end of the canonical value at s[i].
func skipCanonical(s string, i int) int {
	depth := 0
	for ; i < len(s); i++ {
		switch s[i] {
		case '"': // to the closing quote, past escaped ones (values may have escapes)
			for i++; s[i] != '"'; i++ {
				if s[i] == '\\' {
					i++
				}
			}
		case '{', '[':
			depth++
		case '}', ']':
			if depth--; depth < 0 {
				return i
			}
		case ',':
			if depth == 0 {
				return i
			}
		}
		if depth == 0 && (s[i] == '"' || s[i] == '}' || s[i] == ']') {
			return i + 1
		}
	}
	return i
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

// escapedStr scans the string value at start (its opening quote) when it
// has escapes: only those AppendString writes (\" \\ \b \f \n \r \t, and
// \u00xx in lower case for the other control characters) keep it canonical.
// (Keys stay without escapes: repeated reads them plainly.)
func (c *canonicalScan) escapedStr(start int) bool {
	c.i = start + 1
	for {
		from := c.i
		c.i = nextStop(c.s, c.i)
		if !utf8.ValidString(c.s[from:c.i]) { // (escapes are ASCII: no character spans one)
			return false
		}
		if c.i+1 >= len(c.s) {
			return false
		}
		switch ch := c.s[c.i]; {
		case ch == '"':
			c.i++
			return true
		case ch < 0x20:
			return false
		}
		switch c.s[c.i+1] { // a backslash
		case '"', '\\', 'b', 'f', 'n', 'r', 't':
			c.i += 2
		case 'u':
			if len(c.s)-c.i < 6 || !controlEscape(c.s[c.i+2:c.i+6]) {
				return false
			}
			c.i += 6
		default:
			return false
		}
	}
}

// controlEscape reports whether the four hex digits h are how
// AppendString writes a character: 00xx in lower case, a control
// character without a short escape.
func controlEscape(h string) bool {
	if h[0] != '0' || h[1] != '0' || h[2] > '1' || h[2] < '0' {
		return false
	}
	lo := strings.IndexByte(hexDigits, h[3])
	if lo < 0 {
		return false
	}
	switch byte(h[2]-'0')<<4 | byte(lo) {
	case '\b', '\f', '\n', '\r', '\t':
		return false
	}
	return true
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
	if shortDecimal(lit) {
		return true
	}
	f, err := strconv.ParseFloat(lit, 64)
	if err != nil || math.IsInf(f, 0) {
		return false
	}
	var buf [32]byte
	return string(AppendNumber(buf[:0], f)) == lit
}

// shortDecimal reports whether lit is a decimal written as JavaScript
// writes numbers (55.96, -0.25, 0.000015: no exponent, no leading zero
// but the one before a point, no trailing zero after it) with at most 15
// significant digits and a value of at least 10^-6 (smaller ones are
// written with an exponent). Such a number is its own text, so that no
// conversion need tell: decimals of at most 15 significant digits read
// back as themselves (a float64 holds 15 digits), so the float64 that
// lit reads as has no shorter decimal (it would read back as that float64
// too, and two such decimals cannot), and lit is the shortest one, the
// one AppendNumber writes (TestShortDecimalIsCanonical).
func shortDecimal(lit string) bool {
	i := 0
	if lit[0] == '-' {
		i = 1
	}
	intStart := i
	for i < len(lit) && isDigit(lit[i]) {
		i++
	}
	intDigits := i - intStart
	if intDigits == 0 || intDigits > 1 && lit[intStart] == '0' || i >= len(lit) || lit[i] != '.' {
		return false
	}
	i++
	fracStart := i
	for i < len(lit) && isDigit(lit[i]) {
		i++
	}
	if i != len(lit) || i == fracStart || lit[i-1] == '0' {
		return false
	}
	significant := intDigits + i - fracStart
	if lit[intStart] == '0' { // 0.000ddd: the zeros are not significant
		zeros := 0
		for lit[fracStart+zeros] == '0' {
			zeros++
		}
		if zeros > 5 { // below 10^-6
			return false
		}
		significant = i - fracStart - zeros
	}
	return significant <= 15
}
