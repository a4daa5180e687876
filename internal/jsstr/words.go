package jsstr

import (
	"strings"
	"sync"
	"time"

	"github.com/dlclark/regexp2"
)

// lodash 4.17.21 word regexes (MIT, Copyright OpenJS Foundation and other
// contributors), transcribed for a rune-based engine: JavaScript matches them
// on UTF-16 code units, so every surrogate-pair construct is rewritten as the
// equivalent astral code point range and "[^...astral...]" classes exclude
// astral runes. The ordinal look-aheads (?=\b|[A-Z_]) / (?=\b|[a-z_]) are
// rewritten as (?![a-z0-9]) / (?![A-Z0-9]) because regexp2's \b is Unicode
// aware and JavaScript's is ASCII only (the preceding character is always an
// ASCII letter there, so the two forms are equivalent).
const (
	rsAstralRange   = "\U00010000-\U0010FFFF"
	rsComboRange    = `\u0300-\u036f\ufe20-\ufe2f\u20d0-\u20ff`
	rsDingbatRange  = `\u2700-\u27bf`
	rsLowerRange    = `a-z\xdf-\xf6\xf8-\xff`
	rsMathOpRange   = `\xac\xb1\xd7\xf7`
	rsNonCharRange  = `\x00-\x2f\x3a-\x40\x5b-\x60\x7b-\xbf`
	rsPunctRange    = `\u2000-\u206f`
	rsSpaceRange    = ` \t\x0b\f\xa0\ufeff\n\r\u2028\u2029\u1680\u180e\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u202f\u205f\u3000`
	rsUpperRange    = `A-Z\xc0-\xd6\xd8-\xde`
	rsVarRange      = `\ufe0e\ufe0f`
	rsBreakRange    = rsMathOpRange + rsNonCharRange + rsPunctRange + rsSpaceRange
	rsApos          = `['\u2019]`
	rsBreak         = `[` + rsBreakRange + `]`
	rsCombo         = `[` + rsComboRange + `]`
	rsDigits        = `\d+`
	rsDingbat       = `[` + rsDingbatRange + `]`
	rsLower         = `[` + rsLowerRange + `]`
	rsMisc          = `[^` + rsAstralRange + rsBreakRange + `\d+` + rsDingbatRange + rsLowerRange + rsUpperRange + `]`
	rsFitz          = "[\U0001F3FB-\U0001F3FF]"
	rsModifier      = `(?:` + rsCombo + `|` + rsFitz + `)`
	rsNonAstral     = `[^` + rsAstralRange + `]`
	rsRegional      = "[\U0001F1E6-\U0001F1FF]{2}"
	rsSurrPair      = `[` + rsAstralRange + `]`
	rsUpper         = `[` + rsUpperRange + `]`
	rsZWJ           = `\u200d`
	rsMiscLower     = `(?:` + rsLower + `|` + rsMisc + `)`
	rsMiscUpper     = `(?:` + rsUpper + `|` + rsMisc + `)`
	rsOptContrLower = `(?:` + rsApos + `(?:d|ll|m|re|s|t|ve))?`
	rsOptContrUpper = `(?:` + rsApos + `(?:D|LL|M|RE|S|T|VE))?`
	reOptMod        = rsModifier + `?`
	rsOptVar        = `[` + rsVarRange + `]?`
	rsOptJoin       = `(?:` + rsZWJ + `(?:` + rsNonAstral + `|` + rsRegional + `|` + rsSurrPair + `)` + rsOptVar + reOptMod + `)*`
	rsOrdLower      = `\d*(?:1st|2nd|3rd|(?![123])\dth)(?![a-z0-9])`
	rsOrdUpper      = `\d*(?:1ST|2ND|3RD|(?![123])\dTH)(?![A-Z0-9])`
	rsSeq           = rsOptVar + reOptMod + rsOptJoin
	rsEmoji         = `(?:` + rsDingbat + `|` + rsRegional + `|` + rsSurrPair + `)` + rsSeq
)

// reUnicodeWord is compiled on first use: most processes never split words
// and the pattern is large (compiled at init it cost every start).
var reUnicodeWord = sync.OnceValue(func() *regexp2.Regexp {
	re := regexp2.MustCompile(strings.Join([]string{
		rsUpper + `?` + rsLower + `+` + rsOptContrLower + `(?=` + rsBreak + `|` + rsUpper + `|$)`,
		rsMiscUpper + `+` + rsOptContrUpper + `(?=` + rsBreak + `|` + rsUpper + rsMiscLower + `|$)`,
		rsUpper + `?` + rsMiscLower + `+` + rsOptContrLower,
		rsUpper + `+` + rsOptContrUpper,
		rsOrdUpper,
		rsOrdLower,
		rsDigits,
		rsEmoji,
	}, "|"), regexp2.ECMAScript)
	re.MatchTimeout = time.Second
	return re
})

// hasUnicodeWord is lodash's reHasUnicodeWord test:
// /[a-z][A-Z]|[A-Z]{2}[a-z]|[0-9][a-zA-Z]|[a-zA-Z][0-9]|[^a-zA-Z0-9 ]/.
func hasUnicodeWord(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !isAlnum(c) && c != ' ' {
			return true
		}
		if i+1 < len(s) && wordTransition(c, s[i+1], s, i) {
			return true
		}
	}
	return false
}

func wordTransition(c, d byte, s string, i int) bool {
	switch {
	case isLowerASCII(c) && isUpperASCII(d):
		return true
	case isDigit(c) && isLetter(d), isLetter(c) && isDigit(d):
		return true
	}
	return isUpperASCII(c) && isUpperASCII(d) && i+2 < len(s) && isLowerASCII(s[i+2])
}

func isLowerASCII(c byte) bool { return 'a' <= c && c <= 'z' }
func isUpperASCII(c byte) bool { return 'A' <= c && c <= 'Z' }
func isDigit(c byte) bool      { return '0' <= c && c <= '9' }
func isLetter(c byte) bool     { return isLowerASCII(c) || isUpperASCII(c) }
func isAlnum(c byte) bool      { return isLetter(c) || isDigit(c) }

// Words is lodash's words(s): the ASCII split for plain space-separated
// alphanumerics, otherwise the Unicode word regex (case changes, digits,
// contractions, ordinals and emoji sequences). A regex timeout returns the
// words found so far.
func Words(s string) []string {
	if !hasUnicodeWord(s) {
		return strings.Fields(s)
	}
	var out []string
	re := reUnicodeWord()
	m, err := re.FindStringMatch(s)
	for m != nil && err == nil {
		out = append(out, m.String())
		m, err = re.FindNextMatch(m)
	}
	return out
}
