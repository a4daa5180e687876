package jsre

import (
	"regexp/syntax"
	"slices"
	"unicode/utf8"
)

// runeClass is a set of runes: a bitmap for ASCII, sorted ranges above.
type runeClass struct {
	ascii [2]uint64
	high  []rune // lo, hi pairs of the runes >= 0x80
	dot   bool   // JavaScript's . (all but line terminators): spans are byte searches
}

// dotPairs are the ranges of JavaScript's `.`.
var dotPairs = []rune{0, '\n' - 1, '\n' + 1, '\r' - 1, '\r' + 1, 0x2027, 0x202A, utf8.MaxRune}

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
		if len(re.Rune) == 1 && re.Flags&syntax.FoldCase == 0 && plainRune(re.Rune[0]) {
			return newRuneClass([]rune{re.Rune[0], re.Rune[0]})
		}
	}
	return nil
}

// newRuneClass builds a class from sorted lo, hi pairs (syntax's form).
func newRuneClass(pairs []rune) *runeClass {
	c := &runeClass{dot: slices.Equal(pairs, dotPairs)}
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
// U+FFFD of width 1); it returns the count and the end position. A dot
// without limit is a byte search; its count is then exact only up to min
// (bytes stand for runes when min <= 1).
func (c *runeClass) span(s string, pos, min, limit int) (n, end int) {
	if c.dot && limit < 0 {
		end = pos + indexLineTerminator(s[pos:])
		if min <= 1 {
			return end - pos, end
		}
		return utf8.RuneCountInString(s[pos:end]), end
	}
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

// wordClass holds the ASCII word characters of \b: [0-9A-Za-z_].
var wordClass = newRuneClass([]rune{'0', '9', 'A', 'Z', '_', '_', 'a', 'z'})

// allWord reports whether every rune of the class is an ASCII word
// character.
func (c *runeClass) allWord() bool {
	return len(c.high) == 0 && c.ascii[0]&^wordClass.ascii[0] == 0 && c.ascii[1]&^wordClass.ascii[1] == 0
}

// isWordAt reports whether s[i] is an ASCII word character (RE2's \b looks
// at runes, but a non-ASCII rune's bytes are all >= 0x80: never word).
func isWordAt(s string, i int) bool {
	if i < 0 || i >= len(s) {
		return false
	}
	b := s[i]
	return b < utf8.RuneSelf && wordClass.ascii[b/64]&(1<<(b%64)) != 0
}

// atWordBoundary reports whether \b holds at pos.
func atWordBoundary(s string, pos int) bool { return isWordAt(s, pos-1) != isWordAt(s, pos) }

// plainRune reports whether a pattern's rune can be searched for as its
// UTF-8 text: not U+FFFD, which the engines match against every invalid
// byte of the input, and not a lone surrogate (JavaScript's \uD800), which
// string(r) would turn into U+FFFD although no Go string holds it, so it
// matches nothing.
func plainRune(r rune) bool { return r != utf8.RuneError && utf8.ValidRune(r) }

// plainRunes reports whether every rune is plainRune.
func plainRunes(rs []rune) bool {
	for _, r := range rs {
		if !plainRune(r) {
			return false
		}
	}
	return true
}
