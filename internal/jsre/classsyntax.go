package jsre

import (
	"fmt"
	"strings"
	"unicode"
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
	if loSet || p.startsClassSet() {
		if p.unicode {
			return "Invalid character class"
		}
		p.literal('-') // Annex B: a - beside a set is itself
		_, _, msg = p.classAtom()
		return msg
	}
	p.out.WriteByte('-')
	hi, _, msg := p.classAtom()
	if msg != "" {
		return msg
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
		return 0, true, p.property(true)
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

// property reads \p{…} or \P{…} (u flag) and writes it as a Go table the
// engines know (\p{Greek}) or as the ranges of one.
func (p *parser) property(inClass bool) string {
	negate := p.src[p.i+1] == 'P'
	rest := p.src[p.i+2:]
	end := strings.IndexByte(rest, '}')
	if !strings.HasPrefix(rest, "{") || end < 0 {
		return "Invalid property name"
	}
	name, value, _ := strings.Cut(rest[1:end], "=")
	table, ok := "", false
	switch name {
	case "General_Category", "gc":
		table, ok = generalCategories[value]
	case "Script", "sc":
		table, ok = scripts[value]
	case rest[1:end]:
		table, ok = generalCategories[name]
		if !ok {
			return p.binaryProperty(name, negate, inClass, end)
		}
	}
	if !ok {
		return "Invalid property name"
	}
	p.i += 2 + end + 1
	if p.fold { // the engines fold ranges as JavaScript does, not their \P
		t := unicode.Categories[table]
		if t == nil {
			t = unicode.Scripts[table]
		}
		p.ranges(tableRanges(t), negate, inClass)
	} else if negate {
		fmt.Fprintf(&p.out, `\P{%s}`, table)
	} else {
		fmt.Fprintf(&p.out, `\p{%s}`, table)
	}
	return ""
}

// binaryProperty writes a binary property as the ranges of its Go table.
func (p *parser) binaryProperty(name string, negate, inClass bool, end int) string {
	var ranges []rune
	switch name {
	case "Any":
		ranges = []rune{0, utf8.MaxRune}
	case "ASCII":
		ranges = []rune{0, 0x7F}
	default:
		t, ok := binaryProperties[name]
		if !ok {
			return "Invalid property name"
		}
		ranges = tableRanges(unicode.Properties[t])
	}
	p.i += 2 + end + 1
	p.ranges(ranges, negate, inClass)
	return ""
}

// ranges writes the runes of sorted lo, hi pairs (or those they leave out)
// as a class, or as members of the class being read.
func (p *parser) ranges(ranges []rune, negate, inClass bool) {
	if negate {
		ranges = complement(ranges)
	}
	if !inClass {
		p.out.WriteByte('[')
	}
	for k := 0; k+1 < len(ranges); k += 2 {
		p.literal(ranges[k])
		if ranges[k+1] != ranges[k] {
			p.out.WriteByte('-')
			p.literal(ranges[k+1])
		}
	}
	if !inClass {
		p.out.WriteByte(']')
	}
}

// tableRanges is the lo, hi pairs of t.
func tableRanges(t *unicode.RangeTable) []rune {
	var out []rune
	for _, r := range t.R16 {
		out = appendStrided(out, rune(r.Lo), rune(r.Hi), rune(r.Stride))
	}
	for _, r := range t.R32 {
		out = appendStrided(out, rune(r.Lo), rune(r.Hi), rune(r.Stride))
	}
	return out
}

func appendStrided(out []rune, lo, hi, stride rune) []rune {
	if stride == 1 {
		return append(out, lo, hi)
	}
	for r := lo; r <= hi; r += stride {
		out = append(out, r, r)
	}
	return out
}

// complement is the lo, hi pairs of the runes sorted pairs leave out.
func complement(pairs []rune) []rune {
	var out []rune
	next := rune(0)
	for k := 0; k+1 < len(pairs); k += 2 {
		if pairs[k] > next {
			out = append(out, next, pairs[k]-1)
		}
		next = pairs[k+1] + 1
	}
	if next <= utf8.MaxRune {
		out = append(out, next, utf8.MaxRune)
	}
	return out
}
