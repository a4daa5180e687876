package jsre

import (
	"regexp/syntax"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// jsSpace is the body of a character class equal to JavaScript's \s.
const jsSpace = `\t\n\v\f\r \x{a0}\x{1680}\x{2000}-\x{200a}\x{2028}\x{2029}\x{202f}\x{205f}\x{3000}\x{feff}`

// translate rewrites a JavaScript pattern into an equivalent RE2 pattern, or
// reports false when the pattern uses something RE2 lacks or treats
// differently (then the backtracking engine is used).
//
// With the u flag JavaScript matches code points, as RE2 does, and the i
// flag folds by Unicode simple case folding, as RE2's (?i) does.
func translate(src, flags string) (string, bool) {
	if strings.ContainsAny(flags, "my") {
		return "", false
	}
	if strings.Contains(flags, "i") && !asciiFold(flags) && (strings.Contains(src, `\b`) || strings.Contains(src, `\B`)) {
		return "", false // with i and u, \b sees K and ſ as word characters; RE2's does not
	}
	t := translator{src: src, b: &strings.Builder{}}
	t.fold = asciiFold(flags)
	t.dotAll = strings.Contains(flags, "s")
	if !t.run() {
		return "", false
	}
	if strings.Contains(flags, "i") && !t.fold {
		return "(?i)" + t.b.String(), true
	}
	return t.b.String(), true
}

// asciiFold reports whether the flags fold case as JavaScript does without
// the u flag (see translator.fold).
func asciiFold(flags string) bool {
	return strings.Contains(flags, "i") && !strings.Contains(flags, "u")
}

type translator struct {
	src    string
	i      int
	b      *strings.Builder
	dotAll bool
	// fold is the i flag without u. JavaScript then folds a letter to its
	// upper case, and an ASCII letter only with an ASCII letter; RE2's (?i)
	// also folds k with U+212A (Kelvin) and s with U+017F (long s). So the
	// translation spells out the characters each one folds with instead
	// (fold.go's table): [aA], [éÉ], and classes closed under them.
	fold bool
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
			ok = true
			if c >= utf8.RuneSelf && t.fold {
				t.foldedRune()
				break
			}
			t.literal(c)
			t.i++
		}
		if !ok {
			return false
		}
	}
	return true
}

// literal writes a byte of the pattern outside a class (UTF-8 sequences
// are copied byte by byte), with both cases of a letter when folding.
func (t *translator) literal(c byte) {
	if t.fold && isLetter(c) {
		t.b.WriteString("[" + string(rune(c)) + string(rune(c^0x20)) + "]")
		return
	}
	t.b.WriteByte(c)
}

// foldedRune writes the non-ASCII character at i as the class of those
// JavaScript's i flag matches it with.
func (t *translator) foldedRune() {
	r, size := utf8.DecodeRuneInString(t.src[t.i:])
	if same := legacyFold().same[r]; same != nil {
		t.b.WriteByte('[')
		for _, s := range same {
			writeRange(t.b, s, s)
		}
		t.b.WriteByte(']')
	} else {
		t.b.WriteString(t.src[t.i : t.i+size])
	}
	t.i += size
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
	q, ok := braceQuantifier(t.src[t.i:])
	if !ok || q.min > 1000 || q.max > 1000 {
		return false
	}
	t.b.WriteString("{" + strconv.Itoa(q.min)) // RE2 reads {01} as text
	switch {
	case q.max < 0:
		t.b.WriteString(",")
	case q.max != q.min || strings.Contains(t.src[t.i:t.i+q.len], ","):
		t.b.WriteString("," + strconv.Itoa(q.max))
	}
	t.b.WriteString("}")
	t.i += q.len
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
		return t.hexEscape(2, inClass)
	case c == 'u':
		return t.hexEscape(4, inClass)
	case c == '0' && (t.i >= len(t.src) || !isDigit(t.src[t.i])):
		t.b.WriteString(`\x00`)
	case c == 'p' || c == 'P':
		return t.property() // only with the u flag: Normalize spells out \p otherwise
	case isDigit(c) || isLetter(c) || c >= 0x80:
		return false // back-references, \c, \p, identity escapes of letters
	default:
		t.b.WriteString(`\x{` + strconv.FormatInt(int64(c), 16) + `}`)
	}
	return true
}

// property copies \p{Table} (a Go table name, see Normalize).
func (t *translator) property() bool {
	end := strings.IndexByte(t.src[t.i:], '}')
	if t.fold || end < 0 {
		return false
	}
	t.b.WriteString(t.src[t.i-2 : t.i+end+1])
	t.i += end + 1
	return true
}

func (t *translator) hexEscape(n int, inClass bool) bool {
	if t.i+n > len(t.src) {
		return false
	}
	h := t.src[t.i : t.i+n]
	v, err := strconv.ParseUint(h, 16, 32)
	if err != nil {
		return false
	}
	t.i += n
	switch {
	case t.fold && hasOtherCase(rune(v)) && v >= 0x80:
		return false // JavaScript folds it with its other case: left to regexp2
	case t.fold && !inClass && v < 0x80 && isLetter(byte(v)):
		t.literal(byte(v))
	default:
		t.b.WriteString(`\x{` + h + `}`)
	}
	return true
}

// hasOtherCase reports whether r folds to another rune.
func hasOtherCase(r rune) bool { return unicode.SimpleFold(r) != r }

// class translates [...]; an empty class ([] or [^]) is left to regexp2.
// When folding, the class gets the other case of each ASCII letter it holds.
func (t *translator) class() bool {
	if !t.fold {
		return t.classBody()
	}
	outer := t.b
	t.b = &strings.Builder{}
	ok := t.classBody()
	cls := t.b.String()
	t.b = outer
	if !ok {
		return false
	}
	folded, ok := foldClass(cls)
	t.b.WriteString(folded)
	return ok
}

// foldClass closes a translated class under JavaScript's case folding
// (before a negation applies).
func foldClass(cls string) (string, bool) {
	negated := strings.HasPrefix(cls, "[^")
	positive := cls
	if negated {
		positive = "[" + cls[2:]
	}
	re, err := syntax.Parse(positive, syntax.Perl)
	if err != nil {
		return "", false
	}
	var ranges []rune
	switch re.Op {
	case syntax.OpCharClass:
		ranges = re.Rune
	case syntax.OpLiteral:
		if len(re.Rune) != 1 {
			return "", false
		}
		ranges = []rune{re.Rune[0], re.Rune[0]}
	case syntax.OpAnyChar:
		ranges = []rune{0, unicode.MaxRune}
	default:
		return "", false
	}
	ranges = closeCase(ranges)
	var b strings.Builder
	b.WriteString(cls[:len(cls)-len(positive)+1])
	for i := 0; i+1 < len(ranges); i += 2 {
		writeRange(&b, ranges[i], ranges[i+1])
	}
	b.WriteByte(']')
	return b.String(), true
}

// closeCase adds to sorted lo, hi pairs the runes JavaScript's i flag
// (without u) matches with theirs: for ASCII pairs the other case of their
// letters, which needs no table.
func closeCase(pairs []rune) []rune {
	if len(pairs) > 0 && pairs[len(pairs)-1] >= utf8.RuneSelf {
		return legacyFold().closure(pairs)
	}
	more := slices.Clone(pairs)
	for i := 0; i+1 < len(pairs); i += 2 {
		for _, letters := range [][2]rune{{'a', 'z'}, {'A', 'Z'}} {
			if l, h := max(pairs[i], letters[0]), min(pairs[i+1], letters[1]); l <= h {
				more = append(more, l^0x20, h^0x20)
			}
		}
	}
	return union(more)
}

func writeRange(b *strings.Builder, lo, hi rune) {
	b.WriteString(`\x{` + strconv.FormatInt(int64(lo), 16) + `}-\x{` + strconv.FormatInt(int64(hi), 16) + `}`)
}

// classBody translates [...] as written.
func (t *translator) classBody() bool {
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
