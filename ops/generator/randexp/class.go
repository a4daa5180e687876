package randexp

import (
	"fmt"
	"math/rand/v2"
	"unicode/utf8"
)

// Printable ASCII: what randexp draws `.` and negated classes from.
const (
	printableLo = 0x20
	printableHi = 0x7e
	// largeClass is the size above which a class (a negated one, \pL, ...)
	// is narrowed to printable ASCII when it has some there.
	largeClass = 0xFFFF
)

// class picks one code point uniformly from sorted inclusive ranges.
type class struct {
	ranges []rune // lo, hi pairs
	ends   []int  // ends[i]: code points in ranges[0..i] (cumulative)
	ascii  bool   // every code point is below 0x80
}

func newClass(ranges []rune) (node, error) {
	if size(ranges) > largeClass {
		if narrowed := intersect(ranges, printableLo, printableHi); len(narrowed) > 0 {
			ranges = narrowed
		}
	}
	ranges = withoutSurrogates(ranges)
	if len(ranges) == 0 {
		return nil, fmt.Errorf("it can never match (an empty character class)")
	}
	c := &class{ranges: ranges, ascii: ranges[len(ranges)-1] < utf8.RuneSelf}
	total := 0
	for i := 0; i < len(ranges); i += 2 {
		total += int(ranges[i+1]-ranges[i]) + 1
		c.ends = append(c.ends, total)
	}
	return c, nil
}

func size(ranges []rune) int {
	n := 0
	for i := 0; i < len(ranges); i += 2 {
		n += int(ranges[i+1]-ranges[i]) + 1
	}
	return n
}

// intersect keeps the parts of ranges inside [lo, hi].
func intersect(ranges []rune, lo, hi rune) []rune {
	var out []rune
	for i := 0; i < len(ranges); i += 2 {
		a, b := max(ranges[i], lo), min(ranges[i+1], hi)
		if a <= b {
			out = append(out, a, b)
		}
	}
	return out
}

// withoutSurrogates removes U+D800–U+DFFF, which UTF-8 cannot encode.
func withoutSurrogates(ranges []rune) []rune {
	out := intersect(ranges, 0, 0xD7FF)
	return append(out, intersect(ranges, 0xE000, utf8.MaxRune)...)
}

func (c *class) maxLen() int { return 1 }

func (c *class) gen(dst []byte, r *rand.Rand) []byte {
	n := r.IntN(c.ends[len(c.ends)-1])
	i := 0
	for n >= c.ends[i] {
		i++
	}
	if i > 0 {
		n -= c.ends[i-1]
	}
	cp := c.ranges[2*i] + rune(n)
	if c.ascii {
		return append(dst, byte(cp))
	}
	return utf8.AppendRune(dst, cp)
}
