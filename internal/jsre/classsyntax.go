package jsre

import (
	"strings"
	"unicode/utf8"
)

// class reads [...].
func (p *parser) class() string {
	p.out.WriteByte('[')
	p.i++
	if p.i < len(p.src) && p.src[p.i] == '^' {
		p.out.WriteByte('^')
		p.i++
	}
	for p.i < len(p.src) {
		if p.src[p.i] == ']' {
			return p.copy(1)
		}
		if msg := p.classRange(); msg != "" {
			return msg
		}
	}
	return "Unterminated character class"
}

// classRange reads one member of a class: a character, a set such as \d,
// or a range a-z.
func (p *parser) classRange() string {
	lo, loSet, msg := p.classAtom()
	if msg != "" || p.i+1 >= len(p.src) || p.src[p.i] != '-' || p.src[p.i+1] == ']' {
		return msg
	}
	p.i++
	hiSet := p.startsClassSet()
	if loSet || hiSet {
		p.literal('-') // Annex B: a - beside a set is itself
	} else {
		p.out.WriteByte('-')
	}
	hi, _, msg := p.classAtom()
	switch {
	case msg != "":
		return msg
	case (loSet || hiSet) && p.unicode:
		return "Invalid character class"
	case loSet || hiSet:
		return ""
	}
	if !p.unicode { // without u a class holds UTF-16 code units
		lo, hi = lowUnit(lo), highUnit(hi)
	}
	if lo > hi {
		return "Range out of order in character class"
	}
	return ""
}

// lowUnit and highUnit are the last and first UTF-16 code units of r.
func lowUnit(r rune) rune {
	if r > 0xFFFF {
		return 0xDC00 + (r-0x10000)&0x3FF
	}
	return r
}

func highUnit(r rune) rune {
	if r > 0xFFFF {
		return 0xD800 + (r-0x10000)>>10
	}
	return r
}

// startsClassSet reports whether the class member at i is a set.
func (p *parser) startsClassSet() bool {
	s := p.src[p.i:]
	if len(s) < 2 || s[0] != '\\' {
		return false
	}
	return strings.IndexByte("dDwWsS", s[1]) >= 0 || p.unicode && (s[1] == 'p' || s[1] == 'P')
}

// classAtom reads and writes one character or set of a class.
func (p *parser) classAtom() (r rune, isSet bool, msg string) {
	c := p.src[p.i]
	if c != '\\' {
		r, w := utf8.DecodeRuneInString(p.src[p.i:])
		p.i += w
		p.literal(r)
		return r, false, ""
	}
	if p.i+1 >= len(p.src) {
		return 0, false, `\ at end of pattern`
	}
	switch c = p.src[p.i+1]; {
	case p.startsClassSet() && (c == 'p' || c == 'P'):
		if msg := p.property(true); msg != "" {
			return 0, true, msg + " in character class"
		}
		return 0, true, ""
	case p.startsClassSet():
		return 0, true, p.copy(2)
	case c == 'b':
		p.i += 2
		p.literal('\b')
		return '\b', false, ""
	}
	r, isSet, msg = p.charEscape(true)
	if msg == "" {
		p.literal(r)
	}
	return r, isSet, msg
}
