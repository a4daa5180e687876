package jsre

import (
	"regexp/syntax"
	"slices"
	"strings"
	"unicode/utf8"
)

// A lineProg is a linear pattern without real choices: a sequence of
// literals, prefix-free literal sets, character classes and greedy class
// loops, each loop followed by something that cannot begin with a character
// the loop accepts. At any start position such a pattern has at most one way
// to match — the greedy one the backtracking order tries first, since every
// shorter loop count leaves a character the rest cannot start with — so it
// runs without the regexp machinery: no backtracking, no thread lists, no
// allocation. It computes exactly what Go's regexp (leftmost-first,
// Perl-like submatches) computes for the translated pattern; the
// differential tests pin that.
type lineProg struct {
	ops      []lineOp
	anchored bool   // the pattern starts with ^: it can match only at 0
	lead     litSet // every match starts with one of these (nil: unknown)
	leadOp   int    // the op that matches lead (the ops before it are saves)
	slots    int    // capture slots: 2 x (groups + 1)
}

type lineKind uint8

const (
	lineSave  lineKind = iota // record the position in slot
	lineLit                   // the literal lit
	lineSet                   // one of set (prefix-free: at most one fits)
	lineClass                 // min to max runes of class, greedily
	lineEnd                   // end of text
)

type lineOp struct {
	kind     lineKind
	slot     int
	lit      string
	set      litSet
	firsts   *firstBytes // set's strings by first byte
	class    *runeClass
	min, max int // class repetition; max < 0: unbounded
}

// maxLineSlots bounds the capture slots of a line program, so a match
// keeps them in a fixed array.
const maxLineSlots = 16

// compileLine builds the line program of a parsed pattern, or nil when the
// pattern has choices (or anything else the line program does not model).
func compileLine(re *syntax.Regexp) *lineProg {
	b := &lineBuilder{p: &lineProg{}}
	b.save(0)
	if !b.add(re) {
		return nil
	}
	b.save(1)
	p := b.p
	if p.slots > maxLineSlots || !p.deterministic() {
		return nil
	}
	p.lead, p.leadOp = p.leadSet()
	return p
}

type lineBuilder struct {
	p        *lineProg
	consumed bool // a consuming op was emitted (so ^ is no longer at the start)
	ended    bool // $ was emitted (nothing may consume after it)
}

func (b *lineBuilder) save(slot int) {
	b.p.ops = append(b.p.ops, lineOp{kind: lineSave, slot: slot})
	b.p.slots = max(b.p.slots, slot+1)
}

func (b *lineBuilder) emit(op lineOp) bool {
	if b.ended {
		return false
	}
	b.consumed = true
	b.p.ops = append(b.p.ops, op)
	return true
}

// add appends the ops of re, reporting false for what it cannot model.
func (b *lineBuilder) add(re *syntax.Regexp) bool {
	switch re.Op {
	case syntax.OpEmptyMatch:
		return true
	case syntax.OpConcat:
		for _, s := range re.Sub {
			if !b.add(s) {
				return false
			}
		}
		return true
	case syntax.OpCapture:
		b.save(2 * re.Cap)
		if !b.add(re.Sub[0]) {
			return false
		}
		b.save(2*re.Cap + 1)
		return true
	case syntax.OpBeginText:
		if b.consumed {
			return false
		}
		b.p.anchored = true
		return true
	case syntax.OpEndText:
		b.ended = true
		b.p.ops = append(b.p.ops, lineOp{kind: lineEnd})
		return true
	case syntax.OpLiteral:
		if re.Flags&syntax.FoldCase != 0 || hasRuneError(re.Rune) {
			return false
		}
		return b.emit(lineOp{kind: lineLit, lit: string(re.Rune)})
	case syntax.OpStar, syntax.OpPlus, syntax.OpQuest, syntax.OpRepeat:
		return b.loop(re)
	case syntax.OpAlternate:
		return b.alternate(re)
	}
	if c := classOf(re); c != nil {
		return b.emit(lineOp{kind: lineClass, class: c, min: 1, max: 1})
	}
	return false
}

// loop appends a greedy repetition of one character.
func (b *lineBuilder) loop(re *syntax.Regexp) bool {
	if re.Flags&syntax.NonGreedy != 0 {
		return false
	}
	c := classOf(re.Sub[0])
	if c == nil {
		return false
	}
	op := lineOp{kind: lineClass, class: c, min: re.Min, max: re.Max}
	switch re.Op {
	case syntax.OpStar:
		op.min, op.max = 0, -1
	case syntax.OpPlus:
		op.min, op.max = 1, -1
	case syntax.OpQuest:
		op.min, op.max = 0, 1
	}
	return b.emit(op)
}

// alternate appends an alternation of literal strings none of which is a
// prefix of another, so at most one can match at a position.
func (b *lineBuilder) alternate(re *syntax.Regexp) bool {
	if hasCapture(re) {
		return false
	}
	set, ok := exactSet(re)
	if !ok || !set.prefixFree() {
		return false
	}
	for _, x := range set {
		if x == "" || strings.ContainsRune(x, utf8.RuneError) {
			return false
		}
	}
	return b.emit(lineOp{kind: lineSet, set: set, firsts: newFirstBytes(set)})
}

func hasCapture(re *syntax.Regexp) bool {
	if re.Op == syntax.OpCapture {
		return true
	}
	for _, s := range re.Sub {
		if hasCapture(s) {
			return true
		}
	}
	return false
}

// prefixFree reports whether no string of the set is a prefix of another
// (duplicates included).
func (l litSet) prefixFree() bool {
	for i, x := range l {
		for j, y := range l {
			if i != j && strings.HasPrefix(y, x) {
				return false
			}
		}
	}
	return true
}

// deterministic checks that every variable-length loop is followed by
// something that cannot begin with a character the loop accepts.
func (p *lineProg) deterministic() bool {
	for i, op := range p.ops {
		if op.kind == lineClass && op.min != op.max && p.firstOverlaps(i+1, op.class) {
			return false
		}
	}
	return true
}

// firstOverlaps reports whether what ops[i:] can consume first may be a
// character of c.
func (p *lineProg) firstOverlaps(i int, c *runeClass) bool {
	for _, op := range p.ops[i:] {
		switch op.kind {
		case lineLit:
			r, _ := utf8.DecodeRuneInString(op.lit)
			return c.has(r)
		case lineSet:
			for _, x := range op.set {
				if r, _ := utf8.DecodeRuneInString(x); c.has(r) {
					return true
				}
			}
			return false
		case lineClass:
			if c.overlaps(op.class) {
				return true
			}
			if op.min > 0 {
				return false
			}
		case lineEnd:
			return false
		}
	}
	return false
}

// leadSet is the literal set every match starts with, from the first
// consuming op, and the index of that op.
func (p *lineProg) leadSet() (litSet, int) {
	for i, op := range p.ops {
		switch op.kind {
		case lineLit:
			return litSet{op.lit}, i
		case lineSet:
			return op.set, i
		case lineClass, lineEnd:
			return nil, 0
		}
	}
	return nil, 0
}

// lineRun is one search of a line program over s; work counts the runes
// and bytes examined so far, which bounds the search (see find).
type lineRun struct {
	p     *lineProg
	s     string
	caps  [maxLineSlots]int
	work  int
	limit int
	lead  leadScan
}

// init prepares a search of s. The work limit keeps the search linear: a
// pattern such as `a[^x]*x` on "aaaa…" would re-read the tail from every
// start; the search gives up instead and the caller runs RE2.
func (r *lineRun) init(p *lineProg, s string) {
	r.p, r.s, r.work, r.limit = p, s, 0, 4*len(s)+64
	r.lead.reset(p.lead, s)
}

// find looks for the leftmost match starting at or after pos and leaves its
// slots in caps. ok is false when the search gave up (the work limit).
func (r *lineRun) find(pos int) (found, ok bool) {
	if r.p.anchored {
		if pos > 0 {
			return false, true
		}
		return r.matchAt(0), true // one try reads the text at most once
	}
	if r.p.lead != nil {
		return r.findLead(pos)
	}
	for pos <= len(r.s) {
		if r.matchAt(pos) {
			return true, true
		}
		if r.work++; r.work > r.limit {
			return false, false
		}
		pos += runeWidth(r.s, pos)
	}
	return false, true
}

// findLead is find for a program with a lead set: it tries the program at
// each occurrence of a lead string only, starting after the string.
func (r *lineRun) findLead(pos int) (found, ok bool) {
	for {
		at, k := r.lead.index(pos)
		if at < 0 {
			return false, true
		}
		for _, op := range r.p.ops[:r.p.leadOp] {
			r.caps[op.slot] = at // saves
		}
		if r.matchFrom(r.p.leadOp+1, at+len(r.p.lead[k])) {
			return true, true
		}
		if r.work++; r.work > r.limit {
			return false, false
		}
		pos = at + 1 // a lead string starts on a rune boundary, so the next does too
	}
}

// runeWidth is the width of the rune at i as RE2 steps over it (an invalid
// byte is one rune of width 1; the end of text has width 1).
func runeWidth(s string, i int) int {
	if i >= len(s) || s[i] < utf8.RuneSelf {
		return 1
	}
	_, w := utf8.DecodeRuneInString(s[i:])
	return w
}

// matchAt runs the program at pos; the only way it can match there.
func (r *lineRun) matchAt(pos int) bool { return r.matchFrom(0, pos) }

// matchFrom runs the ops from the i-th on at pos.
func (r *lineRun) matchFrom(i int, pos int) bool {
	s := r.s
	ops := r.p.ops
	for ; i < len(ops); i++ {
		op := &ops[i]
		switch op.kind {
		case lineSave:
			r.caps[op.slot] = pos
		case lineLit:
			r.work += len(op.lit)
			if !strings.HasPrefix(s[pos:], op.lit) {
				return false
			}
			pos += len(op.lit)
		case lineSet:
			n := op.firsts.prefixOf(s[pos:])
			r.work += len(op.set)
			if n < 0 {
				return false
			}
			pos += n
		case lineClass:
			n, end := op.class.span(s, pos, op.max)
			r.work += n
			if n < op.min {
				return false
			}
			pos = end
		case lineEnd:
			if pos != len(s) {
				return false
			}
		}
	}
	return true
}

// firstBytes groups the strings of a prefix-free set by their first byte,
// so a position is compared only with the strings that can start there.
type firstBytes struct {
	sorted litSet         // the set, sorted by first byte
	from   [256 + 1]uint8 // sorted[from[c]:from[c+1]] start with byte c
}

func newFirstBytes(set litSet) *firstBytes {
	f := &firstBytes{sorted: slices.Clone(set)}
	slices.SortStableFunc(f.sorted, func(a, b string) int { return int(a[0]) - int(b[0]) })
	i := 0
	for c := range 256 {
		f.from[c] = uint8(i)
		for i < len(f.sorted) && int(f.sorted[i][0]) == c {
			i++
		}
	}
	f.from[256] = uint8(i)
	return f
}

// prefixOf is the length of the string of the set that s starts with, or
// -1 (the set is prefix-free: at most one can).
func (f *firstBytes) prefixOf(s string) int {
	if s == "" {
		return -1
	}
	for _, x := range f.sorted[f.from[s[0]]:f.from[int(s[0])+1]] {
		if strings.HasPrefix(s, x) {
			return len(x)
		}
	}
	return -1
}

// leadScan finds the next occurrence of any string of a set, remembering
// where each string occurs next so the text is scanned once per string.
type leadScan struct {
	set  litSet
	s    string
	next [maxLiterals]int // -2: not searched yet, -1: no more occurrences
}

func (l *leadScan) reset(set litSet, s string) {
	l.set, l.s = set, s
	for i := range set {
		l.next[i] = -2
	}
}

// index is the smallest position >= from where a string of the set occurs,
// or -1, and which string occurs there (the first in the set's order).
func (l *leadScan) index(from int) (best, which int) {
	best = -1
	for i, x := range l.set {
		at := l.next[i]
		if at == -2 || at >= 0 && at < from {
			at = -1
			if from <= len(l.s) {
				if j := strings.Index(l.s[from:], x); j >= 0 {
					at = from + j
				}
			}
			l.next[i] = at
		}
		if at >= 0 && (best < 0 || at < best) {
			best, which = at, i
		}
	}
	return best, which
}

// matches reports whether the program matches anywhere in s; ok is false
// when the search gave up.
func (p *lineProg) matches(s string) (found, ok bool) {
	var r lineRun
	r.init(p, s)
	return r.find(0)
}

// findAll is FindAll: the successive matches of Go's FindAll (an empty match
// right after a match is skipped), up to n (n < 0: all), stopping after an
// empty match. ok is false when the search gave up.
func (p *lineProg) findAll(s string, n int) (out []Match, ok bool) {
	var r lineRun
	r.init(p, s)
	prevEnd := -1
	for pos := 0; (n < 0 || len(out) < n) && pos <= len(s); {
		found, ok := r.find(pos)
		if !ok {
			return nil, false
		}
		if !found {
			break
		}
		start, end := r.caps[0], r.caps[1]
		accept := true
		if end == pos {
			accept = start != prevEnd
			pos += runeWidth(s, pos)
		} else {
			pos = end
		}
		prevEnd = end
		if accept {
			if out == nil && n == 1 {
				return oneMatch(s, r.caps[:p.slots]), true
			}
			out = append(out, toMatch(s, r.caps[:p.slots]))
			if start == end {
				break
			}
		}
	}
	return out, true
}
