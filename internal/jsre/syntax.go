package jsre

import "strings"

// checkRepeat finds what JavaScript rejects with "Nothing to repeat" and
// neither engine does: a quantifier with nothing before it, or after an
// assertion (^, $, \b, \B, a lookbehind, and a lookahead with the u flag),
// or after another quantifier (a** — a lazy marker ? excepted). Annex B of
// the standard, which browsers and node follow without the u flag, lets a
// lookahead be repeated and reads a { that starts no quantifier as a
// literal. It returns the offset of the quantifier, or -1. (The u flag's
// other strictness — a lone { or }, a reference to a missing group — is
// not checked.)
func checkRepeat(src, flags string) int {
	unicode := strings.Contains(flags, "u")
	const (
		nothing = iota
		atom
		assertion
		quantified
		lazy
	)
	prev := nothing
	var groups []int // what each open group becomes when it closes
	for i := 0; i < len(src); i++ {
		c := src[i]
		n := 0 // length of a quantifier at i
		switch c {
		case '\\':
			prev = atom
			if i+1 < len(src) && (src[i+1] == 'b' || src[i+1] == 'B') {
				prev = assertion
			}
			i++
			continue
		case '[':
			i = classEnd(src, i)
			prev = atom
			continue
		case '(':
			kind := atom
			switch {
			case strings.HasPrefix(src[i:], "(?<=") || strings.HasPrefix(src[i:], "(?<!"):
				kind = assertion
			case strings.HasPrefix(src[i:], "(?=") || strings.HasPrefix(src[i:], "(?!"):
				if unicode {
					kind = assertion
				}
			}
			groups = append(groups, kind)
			if strings.HasPrefix(src[i:], "(?") && i+2 < len(src) {
				i += 2 // the ?x of a special group is no quantifier
			}
			prev = nothing
			continue
		case ')':
			prev = atom
			if k := len(groups); k > 0 {
				prev, groups = groups[k-1], groups[:k-1]
			}
			continue
		case '|':
			prev = nothing
			continue
		case '^', '$':
			prev = assertion
			continue
		case '*', '+', '?':
			n = 1
		case '{':
			n = braceQuantifier(src[i:])
			if n == 0 { // a literal {, as Annex B reads it
				prev = atom
				continue
			}
		default:
			prev = atom
			continue
		}
		switch {
		case c == '?' && prev == quantified:
			prev = lazy
		case prev == atom:
			prev = quantified
			i += n - 1
		default:
			return i
		}
	}
	return -1
}

// braceQuantifier is the length of the {n}, {n,} or {n,m} quantifier at
// the start of s, or 0 when s starts no quantifier.
func braceQuantifier(s string) int {
	end := strings.IndexByte(s, '}')
	if end < 0 {
		return 0
	}
	body := s[1:end]
	lo, hi, two := strings.Cut(body, ",")
	if lo == "" || strings.Trim(lo, "0123456789") != "" || (two && strings.Trim(hi, "0123456789") != "") {
		return 0
	}
	return end + 1
}

// classEnd is the index of the ] that closes the class opened at i (or
// the last index when it never closes). In JavaScript the first ] not
// escaped closes a class, even right after [ ([] matches nothing).
func classEnd(src string, i int) int {
	for j := i + 1; j < len(src); j++ {
		switch src[j] {
		case '\\':
			j++
		case ']':
			return j
		}
	}
	return len(src) - 1
}
