package jsre

import (
	"errors"
	"fmt"
	"regexp"
	"strings"
	"time"

	"github.com/dlclark/regexp2"
)

// Timeout bounds one backtracking match; a match that runs longer fails with
// ErrTimeout.
var Timeout = 250 * time.Millisecond

// ErrTimeout is returned when a backtracking match exceeds Timeout.
var ErrTimeout = errors.New("regular expression match timed out")

// Regexp is a compiled JavaScript regular expression.
type Regexp struct {
	source, flags string
	re2           *regexp.Regexp
	fast          *fastPath
	head          *anchoredProg // the pattern is an anchored line program: MatchString and FirstIn run this
	bt            *regexp2.Regexp
	groups        int
	id            uint32 // numbers the pattern in a Budget's memo
	*stepCache           // backtracking patterns only
}

// Compile compiles pattern with JavaScript flags (any of "gimsuy"; g and y
// only matter to callers that loop).
func Compile(pattern, flags string) (*Regexp, error) {
	if !validFlags(flags) {
		return nil, fmt.Errorf("Invalid flags supplied to RegExp constructor '%s'", flags)
	}
	norm, err := Normalize(pattern, flags)
	if err != nil {
		return nil, err
	}
	r := &Regexp{source: pattern, flags: flags, id: nextID.Add(1)}
	if tr, ok := translate(norm, flags); ok {
		if re, err := regexp.Compile(tr); err == nil {
			r.re2, r.groups, r.fast = re, re.NumSubexp(), analyze(tr, asciiFold(flags))
			r.head = anchoredOf(r.fast)
			return r, nil
		}
	}
	return r, r.compileBacktracking(norm)
}

// validFlags reports whether JavaScript accepts flags: each of "dgimsuy"
// at most once.
func validFlags(flags string) bool {
	for i, f := range flags {
		if !strings.ContainsRune("dgimsuy", f) || strings.ContainsRune(flags[:i], f) {
			return false
		}
	}
	return true
}

// compileBacktracking compiles the normalized pattern norm with regexp2.
func (r *Regexp) compileBacktracking(norm string) error {
	pattern, opts := Regexp2Pattern(norm, r.flags)
	bt, err := regexp2.Compile(pattern, opts)
	if err != nil {
		return fmt.Errorf("Invalid regular expression: /%s/%s: %v", r.source, r.flags, err)
	}
	bt.MatchTimeout = Timeout
	r.bt, r.stepCache = bt, &stepCache{pattern: pattern, opts: opts}
	r.groups = len(bt.GetGroupNumbers()) - 1
	return nil
}

// MustCompile is Compile that panics; for patterns fixed in the program.
func MustCompile(pattern, flags string) *Regexp {
	r, err := Compile(pattern, flags)
	if err != nil {
		panic(err)
	}
	return r
}

// String returns the pattern as /source/flags.
func (r *Regexp) String() string { return "/" + r.source + "/" + r.flags }

// Source is the pattern text.
func (r *Regexp) Source() string { return r.source }

// Linear reports whether the pattern runs on the linear-time RE2 engine.
func (r *Regexp) Linear() bool { return r.re2 != nil }

// NumGroups is the number of capture groups.
func (r *Regexp) NumGroups() int { return r.groups }

// MatchString reports whether the pattern matches anywhere in s.
func (r *Regexp) MatchString(s string) (bool, error) {
	if r.head != nil {
		return r.head.end(s) >= 0, nil
	}
	if r.re2 != nil {
		if r.fast != nil {
			if m, ok := r.fast.match(s); ok {
				return m, nil
			}
		}
		return r.re2.MatchString(s), nil
	}
	ok, err := r.bt.MatchString(s)
	return ok, wrapErr(err)
}

func wrapErr(err error) error {
	if err == nil {
		return nil
	}
	if isRegexp2Timeout(err) {
		return ErrTimeout
	}
	return err
}

// Match is one match: the whole match and each group, with ok false for a
// group that did not participate (JavaScript undefined).
type Match struct {
	Start, End int
	Groups     []Group
}

// Group is one capture.
type Group struct {
	Text string
	OK   bool
}

// FindAll returns the matches of a global search (successive exec calls
// with lastIndex) up to n matches (n < 0: all), stopping after the first
// zero-length match like the reference's matchAll.
func (r *Regexp) FindAll(s string, n int) ([]Match, error) {
	if r.re2 != nil {
		return r.findAllRE2(s, n), nil
	}
	return r.findAllBT(s, n)
}

func (r *Regexp) findAllRE2(s string, n int) []Match {
	if r.fast != nil {
		if ms, ok := r.fast.findAll(s, n); ok {
			return ms
		}
	}
	var out []Match
	for _, idx := range r.re2.FindAllStringSubmatchIndex(s, n) {
		m := toMatch(s, idx)
		out = append(out, m)
		if m.Start == m.End {
			break
		}
	}
	return out
}

func toMatch(s string, idx []int) Match {
	return fillMatch(s, idx, make([]Group, len(idx)/2))
}

// oneMatch is []Match{toMatch(s, idx)} in one allocation when the pattern
// has at most three groups (a first match is what most callers ask for).
func oneMatch(s string, idx []int) []Match {
	n := len(idx) / 2
	if n > 4 {
		return []Match{toMatch(s, idx)}
	}
	b := new(struct {
		m [1]Match
		g [4]Group
	})
	b.m[0] = fillMatch(s, idx, b.g[:n:n])
	return b.m[:]
}

// fillMatch fills groups (len(idx)/2 of them, maybe reused) from the
// submatch indexes.
func fillMatch(s string, idx []int, groups []Group) Match {
	m := Match{Start: idx[0], End: idx[1], Groups: groups}
	for g := range m.Groups {
		if a, b := idx[2*g], idx[2*g+1]; a >= 0 {
			m.Groups[g] = Group{Text: s[a:b], OK: true}
		} else {
			m.Groups[g] = Group{}
		}
	}
	return m
}

// FirstIn is FindAllIn(s, 1, b) without its allocations: the first match
// and whether there is one, its groups kept in buf when buf has room for
// them on a linear pattern (a caller that reuses buf allocates nothing on
// choice-free patterns).
func (r *Regexp) FirstIn(s string, buf []Group, b *Budget) (m Match, found bool, err error) {
	if b.Expired() {
		return Match{}, false, ErrTimeout
	}
	if r.head != nil && r.head.spans {
		return r.head.first(s, buf)
	}
	if r.re2 == nil {
		ms, err := findAllWith(r.within(b), s, 1)
		if len(ms) == 0 {
			return Match{}, false, b.fail(err)
		}
		return ms[0], true, b.fail(err) // its groups are new: no use copying them to buf
	}
	var caps [maxLineSlots]int
	idx := r.firstIndex(s, &caps, b)
	if idx == nil {
		return Match{}, false, nil
	}
	n := len(idx) / 2
	if cap(buf) < n {
		buf = make([]Group, n)
	}
	return fillMatch(s, idx, buf[:n]), true, nil
}

// firstIndex is the submatch offsets of a linear pattern's first match in
// s (nil: none), from b's memo when s was seen lately.
func (r *Regexp) firstIndex(s string, caps *[maxLineSlots]int, b *Budget) []int {
	if !b.memoable(r, s) {
		return r.firstIndexNow(s, caps)
	}
	m, sl, hit := b.lookup(r, kindFirst, s)
	if hit {
		return sl.offsets(caps)
	}
	idx := r.firstIndexNow(s, caps)
	m.keep(sl, r, kindFirst, s, idx != nil, idx)
	return idx
}

// firstIndexNow is firstIndex without the memo.
func (r *Regexp) firstIndexNow(s string, caps *[maxLineSlots]int) []int {
	if r.fast != nil {
		if idx, ok := r.fast.first(s, caps); ok {
			return idx
		}
	}
	return r.re2.FindStringSubmatchIndex(s)
}

func (r *Regexp) findAllBT(s string, n int) ([]Match, error) {
	return findAllWith(r.bt, s, n)
}

func findAllWith(bt *regexp2.Regexp, s string, n int) ([]Match, error) {
	var out []Match
	m, err := bt.FindStringMatch(s)
	for m != nil && (n < 0 || len(out) < n) {
		out = append(out, convert(s, m))
		if m.Length == 0 {
			break
		}
		m, err = bt.FindNextMatch(m)
	}
	return out, wrapErr(err)
}

func convert(s string, m *regexp2.Match) Match {
	gs := m.Groups()
	out := Match{Groups: make([]Group, len(gs))}
	for i, g := range gs {
		if len(g.Captures) > 0 {
			out.Groups[i] = Group{Text: g.String(), OK: true}
		}
	}
	out.Start = runeOffsetToByte(s, m.Index)
	out.End = out.Start + len(m.String())
	return out
}

// runeOffsetToByte converts regexp2's rune index into a byte offset of s.
func runeOffsetToByte(s string, n int) int {
	for i := range s {
		if n == 0 {
			return i
		}
		n--
	}
	return len(s)
}
