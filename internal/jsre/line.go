package jsre

import (
	"regexp/syntax"
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
	anchored bool       // the pattern starts with ^: it can match only at 0
	lead     litSet     // every match starts with one of these (nil: unknown)
	leadFind litFinder  // finds lead's strings
	leadOp   int        // the op that matches lead (the ops before it are saves)
	loopOp   int        // the first consuming op when it is an unbounded loop, else -1
	first    *runeClass // a match starts with a rune of this class (nil: unknown)
	slots    int        // capture slots: 2 x (groups + 1)
}

type lineKind uint8

const (
	lineSave  lineKind = iota // record the position in slot
	lineLit                   // the literal lit
	lineSet                   // one of set (prefix-free: at most one fits)
	lineClass                 // min to max runes of class, greedily
	lineEnd                   // end of text
	lineWord                  // \b (word true) or \B: an ASCII word boundary or not
)

type lineOp struct {
	kind     lineKind
	slot     int
	lit      string
	set      litSet
	firsts   *firstBytes // set's strings by first byte
	class    *runeClass
	min, max int  // class repetition; max < 0: unbounded
	lazy     bool // a lazy loop (see deterministic)
	fold     bool // lineSet: lower-case strings matching either case
	word     bool // lineWord: \b rather than \B
}

// maxLineSlots bounds the capture slots of a line program, so a match
// keeps them in a fixed array.
const maxLineSlots = 16

// compileLine builds the line program of a parsed pattern, or nil when the
// pattern has choices (or anything else the line program does not model).
func compileLine(re *syntax.Regexp, fold bool) *lineProg {
	b := &lineBuilder{p: &lineProg{}, fold: fold}
	b.save(0)
	if !b.add(re) {
		return nil
	}
	b.save(1)
	p := b.p
	if p.slots > maxLineSlots || !p.deterministic() {
		return nil
	}
	p.setStart()
	p.leadFind = newLitFinder(p.lead)
	return p
}

type lineBuilder struct {
	p        *lineProg
	fold     bool // the i flag: letters come as [aA] classes (see translator.fold)
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
	case syntax.OpWordBoundary, syntax.OpNoWordBoundary:
		b.p.ops = append(b.p.ops, lineOp{kind: lineWord, word: re.Op == syntax.OpWordBoundary})
		return true
	case syntax.OpLiteral:
		if re.Flags&syntax.FoldCase != 0 && b.fold {
			return b.foldedLiteral(re)
		}
		if re.Flags&syntax.FoldCase != 0 || !plainRunes(re.Rune) {
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

// loop appends a repetition of one character.
func (b *lineBuilder) loop(re *syntax.Regexp) bool {
	c := classOf(re.Sub[0])
	if c == nil {
		return false
	}
	op := lineOp{kind: lineClass, class: c, min: re.Min, max: re.Max, lazy: re.Flags&syntax.NonGreedy != 0}
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
	fold := false
	if !ok && b.fold {
		set, ok = foldedSet(re)
		fold = true
	}
	if !ok || !set.prefixFree() {
		return false
	}
	for _, x := range set {
		if x == "" || strings.ContainsRune(x, utf8.RuneError) {
			return false
		}
	}
	return b.emit(lineOp{kind: lineSet, set: set, firsts: newFirstBytes(set, fold), fold: fold})
}

// foldedLiteralSet is the lower-case string of a literal: every letter
// folded (RE2's parser turns [gG] into a FoldCase literal), no letter
// unfolded.
func foldedLiteralSet(re *syntax.Regexp) (litSet, bool) {
	fold := re.Flags&syntax.FoldCase != 0
	var b strings.Builder
	for _, r := range re.Rune {
		letter := r < 0x80 && isLetter(byte(r))
		if letter != fold || !plainRune(r) {
			return nil, false
		}
		if letter {
			r |= 0x20 // lower case
		}
		b.WriteRune(r)
	}
	return litSet{b.String()}, true
}

// foldedLiteral appends a literal of letters RE2's parser folded from [gG]
// classes (those whose only other case is ASCII), as a one-string folded set.
func (b *lineBuilder) foldedLiteral(re *syntax.Regexp) bool {
	set, ok := foldedSet(re)
	if !ok {
		return false
	}
	return b.emit(lineOp{kind: lineSet, set: set, firsts: newFirstBytes(set, true), fold: true})
}

// foldedSet is exactSet for a pattern translated with the i flag, where a
// letter is the class of its two cases: the strings come in lower case,
// one per spelling (cases aside), so an alternation of words stays small.
func foldedSet(re *syntax.Regexp) (litSet, bool) { return setOf(re, foldedAtom) }

// foldedAtom reads a letter's [aA] class as "a", a literal as its lower
// case (see foldedLiteralSet), and a class without letters as exactAtom does.
func foldedAtom(re *syntax.Regexp) (litSet, bool) {
	if re.Op == syntax.OpLiteral {
		return foldedLiteralSet(re)
	}
	if r := re.Rune; len(r) == 4 && r[0] == r[1] && r[2] == r[3] && r[0] < 0x80 && isLetter(byte(r[0])) && r[2] == r[0]^0x20 {
		return litSet{string(r[2])}, true
	}
	for _, r := range re.Rune {
		if r < 0x80 && isLetter(byte(r)) {
			return nil, false
		}
	}
	return classSet(re)
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
// something that cannot begin with a character the loop accepts. A lazy
// loop must moreover be followed by something that cannot match empty at
// the end (then only its longest count can match, as for a greedy one:
// some(.*?)$ is some(.*)$).
func (p *lineProg) deterministic() bool {
	for i, op := range p.ops {
		if op.kind != lineClass || op.min == op.max {
			continue
		}
		if p.firstOverlaps(i+1, op) || op.lazy && !p.mustConsumeOrEnd(i+1) {
			return false
		}
	}
	return true
}

// mustConsumeOrEnd reports whether ops[i:] must consume a rune or stand at
// the end of the text to match.
func (p *lineProg) mustConsumeOrEnd(i int) bool {
	for _, op := range p.ops[i:] {
		switch {
		case op.kind == lineLit, op.kind == lineSet, op.kind == lineEnd:
			return true
		case op.kind == lineClass && op.min > 0:
			return true
		}
	}
	return false
}

// firstOverlaps reports whether a shorter count of the loop ops[i-1] could
// let ops[i:] match: whether what they can consume first may be a
// character of the loop, or (nothing consumed) the assertions and the end
// of the program could accept a shorter count.
func (p *lineProg) firstOverlaps(i int, loop lineOp) bool {
	c := loop.class
	for _, op := range p.ops[i:] {
		switch op.kind {
		case lineLit:
			r, _ := utf8.DecodeRuneInString(op.lit)
			return c.has(r)
		case lineSet:
			for _, x := range op.set {
				if r, _ := utf8.DecodeRuneInString(x); c.has(r) || op.fold && r < 0x80 && isLetter(byte(r)) && c.has(r^0x20) {
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
		case lineWord:
			// After a shorter count of at least one, both neighbours are
			// the loop's characters: \b fails between two word characters.
			return !(op.word && loop.min > 0 && c.allWord())
		}
	}
	return false
}

// setStart derives what the search needs from the first op that is not a
// save: the lead set (a literal or a literal set), the leading unbounded
// loop, the class a match must start with.
func (p *lineProg) setStart() {
	p.loopOp = -1
	for i, op := range p.ops {
		switch op.kind {
		case lineSave, lineWord:
			continue
		case lineLit:
			p.lead, p.leadOp = litSet{op.lit}, i
		case lineSet:
			if op.fold {
				p.first = op.firsts.class()
			} else {
				p.lead, p.leadOp = op.set, i
			}
		case lineClass:
			if op.max < 0 {
				p.loopOp = i
			}
			if op.min > 0 {
				p.first = op.class
			}
		}
		return
	}
}
