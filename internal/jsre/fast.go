package jsre

import (
	"regexp"
	"regexp/syntax"
)

// dotClass is the RE2 form of JavaScript's `.` (everything but line terminators).
const dotClass = `[^\n\r\x{2028}\x{2029}]`

// fastPath is what the literal analysis derived for a linear pattern.
type fastPath struct {
	whole    litSet         // the pattern matches exactly one of these (unanchored)
	dotWrap  bool           // the pattern was ^.*X.*$: no line terminator + X anywhere
	inner    *regexp.Regexp // X, unanchored, when X is not a literal set
	lead     litSet         // every match starts with one of these
	anchored *regexp.Regexp // ^(?:pattern): tried at each occurrence of a lead literal
}

// analyze derives the fast paths of a translated pattern.
func analyze(tr string) *fastPath {
	re, err := syntax.Parse(tr, syntax.Perl)
	if err != nil {
		return nil
	}
	f := &fastPath{}
	if x, ok := dotWrapped(re); ok {
		f.dotWrap = true
		if set, ok := exactSet(x); ok && set.minLen() > 0 {
			f.whole = set
		} else if in, err := regexp.Compile(x.String()); err == nil {
			f.inner = in
		} else {
			return nil
		}
		return f
	}
	if set, ok := exactSet(re); ok && set.minLen() > 0 {
		f.whole, f.lead = set, set
	} else if set, ok := leadingSet(re); ok {
		f.lead = set
	} else {
		return nil
	}
	f.anchored, _ = regexp.Compile(`^(?:` + tr + `)`)
	return f
}

// firstMatch finds the leftmost match by trying the anchored pattern at
// each occurrence of a lead literal, in order (a match can start nowhere
// else). It returns the submatch indexes, or nil.
func (f *fastPath) firstMatch(s string) []int {
	from := 0
	for {
		i := f.lead.firstIndex(s[from:])
		if i < 0 {
			return nil
		}
		at := from + i
		if idx := f.anchored.FindStringSubmatchIndex(s[at:]); idx != nil {
			for k := range idx {
				if idx[k] >= 0 {
					idx[k] += at
				}
			}
			return idx
		}
		from = at + 1
	}
}

// dotWrapped recognises BeginText, dot*, X, dot*, EndText and returns X.
func dotWrapped(re *syntax.Regexp) (*syntax.Regexp, bool) {
	if re.Op != syntax.OpConcat || len(re.Sub) < 5 {
		return nil, false
	}
	s := re.Sub
	n := len(s)
	if s[0].Op != syntax.OpBeginText || s[n-1].Op != syntax.OpEndText || !isDotStar(s[1]) || !isDotStar(s[n-2]) {
		return nil, false
	}
	if n == 5 {
		return s[2], true
	}
	return &syntax.Regexp{Op: syntax.OpConcat, Sub: s[2 : n-2]}, true
}

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
func hasLineTerminator(s string) bool {
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\n', '\r':
			return true
		case 0xE2:
			if i+2 < len(s) && s[i+1] == 0x80 && (s[i+2] == 0xA8 || s[i+2] == 0xA9) {
				return true
			}
		}
	}
	return false
}

// match is MatchString through the fast paths; ok=false means "use the
// regular engine".
func (f *fastPath) match(s string) (matched, ok bool) {
	switch {
	case f.dotWrap && hasLineTerminator(s):
		return false, true
	case f.whole != nil:
		return f.whole.containsAny(s), true
	case f.inner != nil:
		return f.inner.MatchString(s), true
	case f.lead != nil && !f.lead.containsAny(s):
		return false, true
	}
	return false, false
}
