package jsre

import (
	"regexp/syntax"
	"unicode/utf8"
)

// runeClass is a set of runes: a bitmap for ASCII, sorted ranges above.
type runeClass struct {
	ascii [2]uint64
	high  []rune // lo, hi pairs of the runes >= 0x80
}

// classOf returns the runes one character of re can be, for a character
// class, a dot or a single-rune literal; nil for anything else.
func classOf(re *syntax.Regexp) *runeClass {
	switch re.Op {
	case syntax.OpCharClass:
		return newRuneClass(re.Rune)
	case syntax.OpAnyChar:
		return newRuneClass([]rune{0, utf8.MaxRune})
	case syntax.OpAnyCharNotNL:
		return newRuneClass([]rune{0, '\n' - 1, '\n' + 1, utf8.MaxRune})
	case syntax.OpLiteral:
		if len(re.Rune) == 1 && re.Flags&syntax.FoldCase == 0 && re.Rune[0] != utf8.RuneError {
			return newRuneClass([]rune{re.Rune[0], re.Rune[0]})
		}
	}
	return nil
}

// newRuneClass builds a class from sorted lo, hi pairs (syntax's form).
func newRuneClass(pairs []rune) *runeClass {
	c := &runeClass{}
	for i := 0; i+1 < len(pairs); i += 2 {
		lo, hi := pairs[i], pairs[i+1]
		for r := lo; r <= hi && r < utf8.RuneSelf; r++ {
			c.ascii[r/64] |= 1 << (r % 64)
		}
		if hi >= utf8.RuneSelf {
			c.high = append(c.high, max(lo, utf8.RuneSelf), hi)
		}
	}
	return c
}

func (c *runeClass) has(r rune) bool {
	if r < utf8.RuneSelf {
		return c.ascii[r/64]&(1<<(r%64)) != 0
	}
	for i := 0; i < len(c.high); i += 2 {
		if r < c.high[i] {
			return false
		}
		if r <= c.high[i+1] {
			return true
		}
	}
	return false
}

// overlaps reports whether the classes share a rune.
func (c *runeClass) overlaps(d *runeClass) bool {
	if c.ascii[0]&d.ascii[0] != 0 || c.ascii[1]&d.ascii[1] != 0 {
		return true
	}
	for i := 0; i < len(c.high); i += 2 {
		for j := 0; j < len(d.high); j += 2 {
			if c.high[i] <= d.high[j+1] && d.high[j] <= c.high[i+1] {
				return true
			}
		}
	}
	return false
}

// span counts the runes of the class from pos on, at most limit of them
// (limit < 0: no limit), decoding as RE2 does (an invalid byte is
// U+FFFD of width 1); it returns the count and the end position.
func (c *runeClass) span(s string, pos, limit int) (n, end int) {
	for pos < len(s) && n != limit {
		b := s[pos]
		if b < utf8.RuneSelf {
			if c.ascii[b/64]&(1<<(b%64)) == 0 {
				break
			}
			pos++
		} else {
			r, w := utf8.DecodeRuneInString(s[pos:])
			if !c.has(r) {
				break
			}
			pos += w
		}
		n++
	}
	return n, pos
}

// index is the first position from pos on, stepping over runes as RE2
// does, where a rune of the class starts; -1 if there is none.
func (c *runeClass) index(s string, pos int) int {
	for pos < len(s) {
		b := s[pos]
		if b < utf8.RuneSelf {
			if c.ascii[b/64]&(1<<(b%64)) != 0 {
				return pos
			}
			pos++
			continue
		}
		r, w := utf8.DecodeRuneInString(s[pos:])
		if c.has(r) {
			return pos
		}
		pos += w
	}
	return -1
}
