package jsre

import (
	"fmt"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

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
	if t, ok := binaryProperties[name]; ok {
		ranges = tableRanges(unicode.Properties[t])
	} else if derive, ok := derivedProperties[name]; ok {
		ranges = derive()
	} else {
		return "Invalid property name"
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

// derivedProperties are the binary properties JavaScript accepts that Go
// has no table for but that Unicode derives from tables Go has
// (DerivedCoreProperties.txt); each computes its lo, hi pairs.
var derivedProperties = map[string]func() []rune{
	"Any":   func() []rune { return []rune{0, utf8.MaxRune} },
	"ASCII": func() []rune { return []rune{0, 0x7F} },
	"Assigned": func() []rune {
		return complement(tables(unicode.Cn))
	},
	"Alphabetic": alphabetic, "Alpha": alphabetic,
	"Lowercase": lowercase, "Lower": lowercase,
	"Uppercase": uppercase, "Upper": uppercase,
	"Cased":    func() []rune { return union(lowercase(), uppercase(), tables(unicode.Lt)) },
	"Math":     func() []rune { return tables(unicode.Sm, unicode.Other_Math) },
	"ID_Start": idStart, "IDS": idStart,
	"ID_Continue": idContinue, "IDC": idContinue,
	"Grapheme_Extend": graphemeExtend, "Gr_Ext": graphemeExtend,
	"Grapheme_Base": graphemeBase, "Gr_Base": graphemeBase,
}

func graphemeBase() []rune {
	other := tables(unicode.Cc, unicode.Cf, unicode.Cs, unicode.Co, unicode.Cn, unicode.Zl, unicode.Zp)
	return complement(union(other, graphemeExtend()))
}

func alphabetic() []rune {
	return tables(unicode.Lu, unicode.Ll, unicode.Lt, unicode.Lm, unicode.Lo, unicode.Nl, unicode.Other_Alphabetic)
}

func lowercase() []rune { return tables(unicode.Ll, unicode.Other_Lowercase) }

func uppercase() []rune { return tables(unicode.Lu, unicode.Other_Uppercase) }

func idStart() []rune {
	start := tables(unicode.Lu, unicode.Ll, unicode.Lt, unicode.Lm, unicode.Lo, unicode.Nl, unicode.Other_ID_Start)
	return intersect(start, complement(tables(unicode.Pattern_Syntax, unicode.Pattern_White_Space)))
}

func idContinue() []rune {
	cont := union(idStart(), tables(unicode.Mn, unicode.Mc, unicode.Nd, unicode.Pc, unicode.Other_ID_Continue))
	return intersect(cont, complement(tables(unicode.Pattern_Syntax, unicode.Pattern_White_Space)))
}

func graphemeExtend() []rune { return tables(unicode.Me, unicode.Mn, unicode.Other_Grapheme_Extend) }

// tables is the union of the runes of ts as sorted lo, hi pairs.
func tables(ts ...*unicode.RangeTable) []rune {
	var sets [][]rune
	for _, t := range ts {
		sets = append(sets, tableRanges(t))
	}
	return union(sets...)
}

// union merges sets of lo, hi pairs into sorted, disjoint pairs.
func union(sets ...[]rune) []rune {
	var all [][2]rune
	for _, s := range sets {
		for k := 0; k+1 < len(s); k += 2 {
			all = append(all, [2]rune{s[k], s[k+1]})
		}
	}
	slices.SortFunc(all, func(a, b [2]rune) int { return int(a[0] - b[0]) })
	var out []rune
	for _, r := range all {
		if n := len(out); n > 0 && r[0] <= out[n-1]+1 {
			out[n-1] = max(out[n-1], r[1])
			continue
		}
		out = append(out, r[0], r[1])
	}
	return out
}

// intersect is the runes two sorted, disjoint pair lists share.
func intersect(a, b []rune) []rune {
	var out []rune
	for i, j := 0, 0; i < len(a) && j < len(b); {
		lo, hi := max(a[i], b[j]), min(a[i+1], b[j+1])
		if lo <= hi {
			out = append(out, lo, hi)
		}
		if a[i+1] < b[j+1] {
			i += 2
		} else {
			j += 2
		}
	}
	return out
}
