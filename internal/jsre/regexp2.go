package jsre

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/dlclark/regexp2"
)

// The JavaScript meanings regexp2 lacks, in its syntax.
const (
	jsDot       = `[^\n\r\u2028\u2029]`
	jsLineStart = `(?<![^\n\r\u2028\u2029])`
	jsLineEnd   = `(?![^\n\r\u2028\u2029])`
)

// syntheticPrefix names the groups Regexp2Pattern gives to unnamed
// captures, so that regexp2 numbers every group in order of appearance as
// JavaScript does (it numbers named groups after unnamed ones).
const syntheticPrefix = "__jsg"

// Regexp2Pattern rewrites a pattern Normalize wrote for flags into the
// pattern and options with which regexp2 (ECMAScript mode) matches as
// JavaScript does: . excludes every line terminator (with the s flag it
// is any character), [^] is any character, \b and \B are ASCII word
// boundaries, with the m flag ^ and $ also match around \r, U+2028 and
// U+2029, and unnamed groups get names (GroupName reports "" for them).
// The y flag is the caller's (jsstr anchors with \G).
func Regexp2Pattern(norm, flags string) (string, regexp2.RegexOptions) {
	opts := regexp2.RegexOptions(regexp2.ECMAScript)
	var fold *foldTable
	if strings.Contains(flags, "i") {
		opts |= regexp2.IgnoreCase // but where fold.go spells the folding out
		fold = foldFor(strings.Contains(flags, "u"))
	}
	// \b and \B look at JavaScript's word characters (regexp2's count é
	// too); with the i and u flags K (U+212A) and ſ (U+017F) are word
	// characters, as they fold to k and s.
	word := `[A-Za-z0-9_]`
	if strings.Contains(flags, "i") && strings.Contains(flags, "u") {
		word = `[A-Za-z0-9_\u017F\u212A]`
	}
	if strings.Contains(flags, "i") {
		word = `(?-i:` + word + `)`
	}
	w := regexp2Writer{dotAll: strings.Contains(flags, "s"), multi: strings.Contains(flags, "m"), fold: fold, word: word,
		boundary:   `(?:(?<=` + word + `)(?!` + word + `)|(?<!` + word + `)(?=` + word + `))`,
		noBoundary: `(?:(?<=` + word + `)(?=` + word + `)|(?<!` + word + `)(?!` + word + `))`}
	w.out.Grow(len(norm) + 16)
	for i := 0; i < len(norm); i++ {
		i = w.write(norm, i)
	}
	return w.out.String(), opts
}

type regexp2Writer struct {
	out                  strings.Builder
	groups               int
	dotAll, multi        bool
	boundary, noBoundary string // \b and \B
	word                 string // the class of \w
	fold                 *foldTable
}

// write writes the token at i of src and returns its last index.
func (w *regexp2Writer) write(src string, i int) int {
	switch c := src[i]; {
	case c == '\\' && i+1 < len(src):
		return w.escape(src, i)
	case strings.HasPrefix(src[i:], "[^]"):
		w.out.WriteString(`[\s\S]`)
		return i + 2
	case c == '[':
		end := classEnd(src, i)
		if w.fold != nil {
			w.foldedClass(src[i : end+1])
		} else if r, ok := negatedAstral(src[i : end+1]); ok {
			w.out.WriteString(notAstral(r))
		} else {
			w.out.WriteString(src[i : end+1])
		}
		return end
	case c == '.' && w.dotAll:
		w.out.WriteString(`[\s\S]`)
	case c == '.':
		w.out.WriteString(jsDot)
	case c == '^' && w.multi:
		w.out.WriteString(jsLineStart)
	case c == '$' && w.multi:
		w.out.WriteString(jsLineEnd)
	case c == '(' && !strings.HasPrefix(src[i:], "(?"):
		w.groups++
		w.out.WriteString("(?<" + syntheticPrefix + strconv.Itoa(w.groups) + ">")
	case strings.HasPrefix(src[i:], "(?<") && !strings.HasPrefix(src[i:], "(?<=") && !strings.HasPrefix(src[i:], "(?<!"):
		end := i + strings.IndexByte(src[i:], '>')
		w.out.WriteString(src[i : end+1]) // the name is no text to fold
		return end
	case w.fold != nil && (c >= utf8.RuneSelf || isLetter(c)):
		return w.foldedRune(src, i)
	default:
		w.out.WriteByte(c)
	}
	return i
}

// escape writes the escape at i and returns its last index.
func (w *regexp2Writer) escape(src string, i int) int {
	switch c := src[i+1]; {
	case c == 'b':
		w.out.WriteString(w.boundary)
	case c == 'B':
		w.out.WriteString(w.noBoundary)
	case (c == 'w' || c == 'W') && w.fold == nil:
		w.out.WriteString(src[i : i+2])
	case c == 'w':
		w.out.WriteString(w.word)
	case c == 'W':
		w.out.WriteString(strings.Replace(w.word, "[", "[^", 1))
	default:
		n := escapeLen(src[i:])
		w.out.WriteString(src[i : i+n])
		return i + n - 1
	}
	return i + 1
}

// foldedRune writes the character at i as it is when regexp2's IgnoreCase
// folds it as JavaScript does, else as the class JavaScript folds it with;
// it returns the character's last index.
func (w *regexp2Writer) foldedRune(src string, i int) int {
	r, size := utf8.DecodeRuneInString(src[i:])
	if !w.fold.unsafe[r] {
		w.out.WriteString(src[i : i+size])
		return i + size - 1
	}
	same := w.fold.same[r]
	if same == nil {
		same = []rune{r}
	}
	w.writeClass(runePairs(same), false)
	return i + size - 1
}

// escapeLen is the length of the escape at the start of s (which
// Normalize wrote): \xHH, \uHHHH, \p{…}, \k<…> or a backslash and one
// character.
func escapeLen(s string) int {
	end := -1
	switch s[1] {
	case 'x':
		return 4
	case 'u':
		return 6
	case 'p', 'P':
		end = strings.IndexByte(s, '}')
	case 'k':
		end = strings.IndexByte(s, '>')
	}
	if end < 0 {
		return 2
	}
	return end + 1
}

// foldedClass writes a class of a normalized pattern closed under the
// case folding: [^…] then matches what none of its members folds with.
func (w *regexp2Writer) foldedClass(class string) {
	body := class[1 : len(class)-1]
	negated := strings.HasPrefix(body, "^")
	if negated {
		body = body[1:]
	}
	var pairs []rune
	for j := 0; j < len(body); {
		lo, set, n := w.classMember(body[j:])
		j += n
		switch {
		case set != nil:
			pairs = append(pairs, set...)
		case j+1 < len(body) && body[j] == '-':
			hi, _, n := w.classMember(body[j+1:])
			j += 1 + n
			pairs = append(pairs, lo, hi)
		default:
			pairs = append(pairs, lo, lo)
		}
	}
	w.writeClass(w.fold.closure(union(pairs)), negated)
}

// classMember reads the member at the start of a class body of a
// normalized pattern: a character (\xHH, \uHHHH or itself) or a set
// (\d, \w, \s and their complements), and the bytes it takes.
func (w *regexp2Writer) classMember(s string) (r rune, set []rune, n int) {
	if s[0] != '\\' || len(s) < 2 {
		r, n := utf8.DecodeRuneInString(s)
		return r, nil, n
	}
	switch s[1] {
	case 'x':
		r, _ = hexValue(s[2:], 2)
		return r, nil, 4
	case 'u':
		r, _ = hexValue(s[2:], 4)
		return r, nil, 6
	}
	set = escapeSets[s[1]|0x20]
	if s[1] == 'w' || s[1] == 'W' {
		set = classPairs(w.word)
	}
	if s[1] < 'a' { // \D, \S, \W
		set = complement(set)
	}
	return 0, set, 2
}

// escapeSets are the runes of \d and \s.
var escapeSets = map[byte][]rune{
	'd': {'0', '9'},
	's': {'\t', '\r', ' ', ' ', 0xA0, 0xA0, 0x1680, 0x1680, 0x2000, 0x200A, 0x2028, 0x2029, 0x202F, 0x202F, 0x205F, 0x205F,
		0x3000, 0x3000, 0xFEFF, 0xFEFF},
}

// classPairs reads the runes of a word class as written above.
func classPairs(word string) []rune {
	pairs := []rune{'0', '9', 'A', 'Z', '_', '_', 'a', 'z'}
	if strings.Contains(word, `\u017F`) {
		pairs = append(pairs, 0x17F, 0x17F, 0x212A, 0x212A)
	}
	return pairs
}

func runePairs(rs []rune) []rune {
	var out []rune
	for _, r := range rs {
		out = append(out, r, r)
	}
	return out
}

// writeClass writes sorted lo, hi pairs as a class, with IgnoreCase off
// (the pairs are the folding already).
func (w *regexp2Writer) writeClass(pairs []rune, negated bool) {
	w.out.WriteString("(?-i:")
	defer w.out.WriteString(")")
	if negated && len(pairs) == 2 && pairs[0] == pairs[1] && pairs[0] > 0xFFFF {
		w.out.WriteString(notAstral(pairs[0]))
		return
	}
	w.out.WriteByte('[')
	if negated {
		w.out.WriteByte('^')
	}
	for k := 0; k+1 < len(pairs); k += 2 {
		writeClassRune(&w.out, pairs[k])
		if pairs[k+1] != pairs[k] {
			w.out.WriteByte('-')
			writeClassRune(&w.out, pairs[k+1])
		}
	}
	w.out.WriteByte(']')
}

// writeClassRune writes r for a regexp2 class: BMP runes as \uHHHH.
func writeClassRune(b *strings.Builder, r rune) {
	if r > 0xFFFF {
		b.WriteRune(r)
		return
	}
	fmt.Fprintf(b, `\u%04X`, r)
}

// notAstral is [^r] for r above U+FFFF: regexp2 reads [^X] as "not X"
// and then misses every character above U+FFFF.
func notAstral(r rune) string { return `(?:(?!` + string(r) + `)[\s\S])` }

// negatedAstral reports whether class is [^X] with X above U+FFFF, and X.
func negatedAstral(class string) (rune, bool) {
	body, ok := strings.CutPrefix(class, "[^")
	if !ok {
		return 0, false
	}
	r, w := utf8.DecodeRuneInString(body)
	return r, r > 0xFFFF && body[w:] == "]"
}
