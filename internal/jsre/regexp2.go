package jsre

import (
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
	if strings.Contains(flags, "i") {
		opts |= regexp2.IgnoreCase
	}
	// \b and \B look at JavaScript's word characters (regexp2's count é
	// too); with the i and u flags K (U+212A) and ſ (U+017F) are word
	// characters, as they fold to k and s.
	word := `[A-Za-z0-9_]`
	if strings.Contains(flags, "i") && strings.Contains(flags, "u") {
		word = `[A-Za-z0-9_\u017F\u212A]`
	}
	w := regexp2Writer{dotAll: strings.Contains(flags, "s"), multi: strings.Contains(flags, "m"),
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
}

// write writes the token at i of src and returns its last index.
func (w *regexp2Writer) write(src string, i int) int {
	switch c := src[i]; {
	case c == '\\' && i+1 < len(src):
		switch src[i+1] {
		case 'b':
			w.out.WriteString(w.boundary)
		case 'B':
			w.out.WriteString(w.noBoundary)
		default:
			w.out.WriteString(src[i : i+2])
		}
		return i + 1
	case strings.HasPrefix(src[i:], "[^]"):
		w.out.WriteString(`[\s\S]`)
		return i + 2
	case c == '[':
		end := classEnd(src, i)
		if r, ok := negatedAstral(src[i : end+1]); ok {
			// regexp2 reads [^X] as "not X" and then misses every
			// character above U+FFFF
			w.out.WriteString(`(?:(?!` + string(r) + `)[\s\S])`)
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
	default:
		w.out.WriteByte(c)
	}
	return i
}

// negatedAstral reports whether class is [^X] with X above U+FFFF, and X.
func negatedAstral(class string) (rune, bool) {
	body, ok := strings.CutPrefix(class, "[^")
	if !ok {
		return 0, false
	}
	r, w := utf8.DecodeRuneInString(body)
	return r, r > 0xFFFF && body[w:] == "]"
}
