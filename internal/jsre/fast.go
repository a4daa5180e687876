package jsre

import (
	"regexp"
	"regexp/syntax"
	"strings"
)

// dotClass is the RE2 form of JavaScript's `.` (everything but line terminators).
const dotClass = `[^\n\r\x{2028}\x{2029}]`

// fastPath is what the literal analysis derived for a linear pattern.
type fastPath struct {
	whole   litSet         // the pattern matches exactly one of these (unanchored)
	dotWrap bool           // the pattern was ^.*X.*$: no line terminator + X anywhere
	suffix  litSet         // the pattern was ^.*X$ with X one of these
	prefix  litSet         // the pattern was ^X.*$ with X one of these
	inner   *regexp.Regexp // X, unanchored, when X is not a literal set
	lead    litSet         // every match starts with one of these
	// wholeFind and leadFind find whole's and lead's strings in a text
	wholeFind, leadFind litFinder
	anchored            *regexp.Regexp // ^(?:pattern): tried at each occurrence of a lead literal
	line                *lineProg      // the pattern has no choices (see lineProg)
}

// analyze derives the fast paths of a translated pattern.
func analyze(tr string, fold bool) *fastPath {
	re, err := syntax.Parse(tr, syntax.Perl)
	if err != nil {
		return nil
	}
	f := &fastPath{}
	if x, ok := dotWrapped(re); ok && !canMatchLineTerminator(x) {
		f.dotWrap = true
		if set, ok := exactSet(x); ok && set.minLen() > 0 {
			f.whole = set
		} else if in, err := regexp.Compile(x.String()); err == nil {
			f.inner = in
		} else {
			return nil
		}
		return f.withFinders()
	}
	if x, ok := dotLed(re); ok {
		if set, ok := exactSet(x); ok && set.minLen() > 0 {
			f.suffix = set
			return f
		}
	}
	if x, ok := dotTailed(re); ok {
		if set, ok := exactSet(x); ok && set.minLen() > 0 {
			f.prefix = set // for MatchString; the rest below for the matches
		}
	}
	f.line = compileLine(re, fold)
	if set, ok := exactSet(re); ok && set.minLen() > 0 {
		f.whole, f.lead = set, set
	} else if set, ok := leadingSet(re); ok {
		f.lead = set
	} else if f.line == nil {
		return nil
	}
	if f.lead != nil {
		f.anchored, _ = regexp.Compile(`^(?:` + tr + `)`)
	}
	return f.withFinders()
}

// withFinders makes the finders of f's literal sets.
func (f *fastPath) withFinders() *fastPath {
	f.wholeFind, f.leadFind = newLitFinder(f.whole), newLitFinder(f.lead)
	return f
}

// maxLeadTries bounds the anchored tries of firstMatch: each can read the
// rest of the text, so unbounded tries are quadratic (`(a|b)(c)?[^x]*x` on
// "aaaa…"); after that many the engine's linear search answers.
const maxLeadTries = 8

// findAll is FindAll through the fast paths; ok=false means "use the
// regular engine".
func (f *fastPath) findAll(s string, n int) (ms []Match, ok bool) {
	if f.line != nil {
		if ms, ok := f.line.findAll(s, n); ok {
			return ms, true
		}
	}
	if f.anchored == nil || n != 1 {
		return nil, false
	}
	idx, ok := f.firstMatch(s)
	if idx == nil {
		return nil, ok
	}
	return oneMatch(s, idx), true
}

// first is the first match through the fast paths as submatch indexes (nil:
// none), kept in caps for a line program; ok=false means "use the regular
// engine".
func (f *fastPath) first(s string, caps *[maxLineSlots]int) (idx []int, ok bool) {
	if f.line != nil {
		if found, ok := f.line.search(s, caps); ok {
			if !found {
				return nil, true
			}
			return caps[:f.line.slots], true
		}
	}
	if f.anchored == nil {
		return nil, false
	}
	return f.firstMatch(s)
}

// firstMatch finds the leftmost match by trying the anchored pattern at
// each occurrence of a lead literal, in order (a match can start nowhere
// else). It returns the submatch indexes, or nil; ok is false when it gave
// up after maxLeadTries.
func (f *fastPath) firstMatch(s string) (idx []int, ok bool) {
	var lead leadScan
	var next [maxLiterals]int
	lead.next = &next
	lead.reset(&f.leadFind, s)
	from := 0
	for range maxLeadTries {
		at, _ := lead.index(from)
		if at < 0 {
			return nil, true
		}
		if idx := f.anchored.FindStringSubmatchIndex(s[at:]); idx != nil {
			for k := range idx {
				if idx[k] >= 0 {
					idx[k] += at
				}
			}
			return idx, true
		}
		from = at + 1
	}
	return nil, false
}

// dotWrapped recognises BeginText, dot*, X, dot*, EndText and returns X.
func dotWrapped(re *syntax.Regexp) (*syntax.Regexp, bool) { return dotFramed(re, true, true) }

// dotLed recognises BeginText, dot*, X, EndText (a wildcard *suffix) and
// returns X.
func dotLed(re *syntax.Regexp) (*syntax.Regexp, bool) { return dotFramed(re, true, false) }

// dotTailed recognises BeginText, X, dot*, EndText (a wildcard prefix*)
// and returns X.
func dotTailed(re *syntax.Regexp) (*syntax.Regexp, bool) { return dotFramed(re, false, true) }

// dotFramed recognises a concatenation of BeginText, a dot* when led, X
// (one or more parts), a dot* when tailed, and EndText, and returns X.
func dotFramed(re *syntax.Regexp, led, tailed bool) (*syntax.Regexp, bool) {
	if re.Op != syntax.OpConcat {
		return nil, false
	}
	s := re.Sub
	n := len(s)
	lo, hi := 1, n-1 // X is s[lo:hi]
	if led {
		lo++
	}
	if tailed {
		hi--
	}
	if hi <= lo || s[0].Op != syntax.OpBeginText || s[n-1].Op != syntax.OpEndText ||
		led && !isDotStar(s[1]) || tailed && !isDotStar(s[n-2]) {
		return nil, false
	}
	if hi-lo == 1 {
		return s[lo], true
	}
	return &syntax.Regexp{Op: syntax.OpConcat, Sub: s[lo:hi]}, true
}

// canMatchLineTerminator reports whether re can match a text containing a
// line terminator: then ^.*X.*$ may match a text that has one (X spans it:
// /^.*\s.*$/ matches "a\nb"), and "no line terminator, X occurs" is wrong.
func canMatchLineTerminator(re *syntax.Regexp) bool {
	switch re.Op {
	case syntax.OpAnyChar, syntax.OpAnyCharNotNL:
		return true
	case syntax.OpLiteral:
		for _, r := range re.Rune {
			if isLineTerminator(r) {
				return true
			}
		}
	case syntax.OpCharClass:
		for i := 0; i+1 < len(re.Rune); i += 2 {
			for _, t := range []rune{'\n', '\r', 0x2028, 0x2029} {
				if re.Rune[i] <= t && t <= re.Rune[i+1] {
					return true
				}
			}
		}
	}
	for _, s := range re.Sub {
		if canMatchLineTerminator(s) {
			return true
		}
	}
	return false
}

func isLineTerminator(r rune) bool { return r == '\n' || r == '\r' || r == 0x2028 || r == 0x2029 }

func isDotStar(re *syntax.Regexp) bool {
	if re.Op != syntax.OpStar || re.Sub[0].Op != syntax.OpCharClass {
		return false
	}
	want, _ := syntax.Parse(dotClass, syntax.Perl)
	return want.Op == syntax.OpCharClass && equalRunes(want.Rune, re.Sub[0].Rune)
}

func equalRunes(a, b []rune) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// hasLineTerminator looks for \n, \r, U+2028 and U+2029 (E2 80 A8/A9).
func hasLineTerminator(s string) bool { return indexLineTerminator(s) < len(s) }

// indexLineTerminator is the index of the first line terminator in s, or
// len(s), found with the vectorised byte search rather than a byte loop
// (three passes over a line of text cost a third of one loop over it).
// Bytes are enough: a valid sequence never holds \n, \r or E2, so an E2
// 80 A8 in the text is U+2028 however the bytes before it decode.
func indexLineTerminator(s string) int {
	if len(s) < shortScan {
		return indexLineTerminatorShort(s)
	}
	end := len(s)
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		end = i
	}
	if i := strings.IndexByte(s[:end], '\r'); i >= 0 {
		end = i
	}
	for i := 0; ; i++ {
		j := strings.IndexByte(s[i:end], 0xE2)
		if j < 0 {
			return end
		}
		i += j
		if i+2 < len(s) && s[i+1] == 0x80 && (s[i+2] == 0xA8 || s[i+2] == 0xA9) {
			return i
		}
	}
}

// shortScan is the length below which indexLineTerminator reads the text
// in one byte loop: each of the three vector searches costs a call and a
// set-up, more than the loop over a short value (a city, a zip, a token).
const shortScan = 32

// lineTerminatorLead marks the bytes a line terminator starts with.
var lineTerminatorLead = [256]bool{'\n': true, '\r': true, 0xE2: true}

// indexLineTerminatorShort is indexLineTerminator by a byte loop.
func indexLineTerminatorShort(s string) int {
	for i := 0; i < len(s); i++ {
		if lineTerminatorLead[s[i]] && (s[i] != 0xE2 || i+2 < len(s) && s[i+1] == 0x80 && (s[i+2] == 0xA8 || s[i+2] == 0xA9)) {
			return i
		}
	}
	return len(s)
}

// matchDotWrapped matches ^.*X.*$: X occurs and no line terminator does.
// Looking for a literal X first spares the terminator scan on the texts
// without X.
func (f *fastPath) matchDotWrapped(s string) bool {
	if f.whole != nil {
		return f.wholeFind.containsAny(s) && !hasLineTerminator(s)
	}
	return !hasLineTerminator(s) && f.inner.MatchString(s)
}

// matchSuffix matches ^.*X$: the text ends with X and no line terminator
// comes before it.
func (f *fastPath) matchSuffix(s string) bool {
	for _, x := range f.suffix {
		if strings.HasSuffix(s, x) && !hasLineTerminator(s[:len(s)-len(x)]) {
			return true
		}
	}
	return false
}

// matchPrefix matches ^X.*$: the text starts with X and no line
// terminator comes after it (X itself may hold one). The first byte is
// compared here: most strings of a set (a class's letters) are one byte.
func (f *fastPath) matchPrefix(s string) bool {
	for _, x := range f.prefix {
		if len(s) >= len(x) && s[0] == x[0] && s[1:len(x)] == x[1:] && !hasLineTerminator(s[len(x):]) {
			return true
		}
	}
	return false
}

// match is MatchString through the fast paths; ok=false means "use the
// regular engine".
func (f *fastPath) match(s string) (matched, ok bool) {
	switch {
	case f.dotWrap:
		return f.matchDotWrapped(s), true
	case f.suffix != nil:
		return f.matchSuffix(s), true
	case f.prefix != nil:
		return f.matchPrefix(s), true
	case f.whole != nil:
		return f.wholeFind.containsAny(s), true
	case f.line != nil:
		if m, ok := f.line.matches(s); ok {
			return m, true
		}
	}
	if f.lead != nil && !f.leadFind.containsAny(s) {
		return false, true
	}
	return false, false
}
