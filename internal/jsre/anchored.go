package jsre

import "unicode/utf8"

// An anchoredProg is a line program anchored at the start of the text
// (^[0-9]{5}$, ^user:[0-9]+:) in the form that answers the two questions
// asked of such a pattern most: does it match, and where does the match
// end. A try at 0 is the only try, so it needs none of a search's state:
// no capture slots (the whole match is [0, end)), no work count, no lead
// scan, and a loop over a class of ASCII characters only is a byte loop
// over a table. It runs the line program's ops, so it computes what
// lineTry.matchFrom computes (the differential tests pin both against
// the engine); it just does less to get there.
type anchoredProg struct {
	steps []anchoredStep
	// spans: the pattern has no capture groups, so end is all a first
	// match needs (FirstIn answers from it alone)
	spans bool
}

// anchoredStep is one consuming or asserting op of the program (its saves
// dropped), what a try reads of it copied in (one load less per step).
type anchoredStep struct {
	kind     lineKind
	lit      string
	bytes    *[256]bool // lineClass of ASCII characters only: its bytes; nil otherwise
	min, max int
	op       *lineOp // the rest: sets, other classes, word assertions
}

// anchoredOf is the anchored program of a linear pattern's fast paths,
// or nil: when the pattern has an anchored line program that MatchString
// would run anyway (no other fast path answers it first).
func anchoredOf(f *fastPath) *anchoredProg {
	if f == nil || f.line == nil || !f.line.anchored || f.dotWrap || f.suffix != nil || f.prefix != nil || f.whole != nil {
		return nil
	}
	return newAnchoredProg(f.line)
}

// newAnchoredProg is the anchored form of p, an anchored line program.
func newAnchoredProg(p *lineProg) *anchoredProg {
	a := &anchoredProg{spans: p.slots == 2}
	for i := range p.ops {
		op := &p.ops[i]
		if op.kind == lineSave {
			continue
		}
		st := anchoredStep{kind: op.kind, lit: op.lit, min: op.min, max: op.max, op: op}
		if op.kind == lineClass {
			st.bytes = op.class.asciiBytes()
		}
		a.steps = append(a.steps, st)
	}
	return a
}

// asciiBytes is the byte table of a class of ASCII characters only (nil
// for a class with others): then a byte is a whole character and matches
// when it is in the table, and a byte >= 0x80 (a part of a longer
// character, or invalid UTF-8, U+FFFD to RE2) never does.
func (c *runeClass) asciiBytes() *[256]bool {
	if c.dot || len(c.high) > 0 {
		return nil
	}
	var t [256]bool
	for b := range utf8.RuneSelf {
		t[b] = c.has(rune(b))
	}
	return &t
}

// end is where the match at 0 ends, or -1 when there is none.
func (a *anchoredProg) end(s string) int {
	pos := 0
	for i := range a.steps {
		st := &a.steps[i]
		switch st.kind {
		case lineLit:
			if !hasLitAt(s, pos, st.lit) {
				return -1
			}
			pos += len(st.lit)
		case lineClass:
			if pos = st.span(s, pos); pos < 0 {
				return -1
			}
		case lineSet:
			n := st.op.firsts.prefixOf(s[pos:])
			if n < 0 {
				return -1
			}
			pos += n
		case lineEnd:
			if pos != len(s) {
				return -1
			}
		case lineWord:
			if atWordBoundary(s, pos) != st.op.word {
				return -1
			}
		}
	}
	return pos
}

// span is where a greedy loop of the class from pos ends, or -1 when
// fewer than op.min characters of the class are there.
func (st *anchoredStep) span(s string, pos int) int {
	if st.bytes == nil {
		n, end := st.op.class.span(s, pos, st.min, st.max)
		if n < st.min {
			return -1
		}
		return end
	}
	stop := len(s)
	if st.max >= 0 && st.max < stop-pos {
		stop = pos + st.max
	}
	start := pos
	for pos < stop && st.bytes[s[pos]] {
		pos++
	}
	if pos-start < st.min {
		return -1
	}
	return pos
}

// first is FirstIn's answer for a pattern without groups: the match at 0,
// its one group (the whole match) kept in buf when buf has room.
func (a *anchoredProg) first(s string, buf []Group) (m Match, found bool, err error) {
	end := a.end(s)
	if end < 0 {
		return Match{}, false, nil
	}
	if cap(buf) < 1 {
		buf = make([]Group, 1)
	}
	buf = buf[:1]
	buf[0] = Group{Text: s[:end], OK: true}
	return Match{Start: 0, End: end, Groups: buf}, true, nil
}

// hasLitAt reports whether s has lit at pos; a short literal (a
// separator, a scheme, a key prefix) is compared here, without the call
// of a string comparison.
func hasLitAt(s string, pos int, lit string) bool {
	if len(s)-pos < len(lit) {
		return false
	}
	if len(lit) > 8 {
		return s[pos:pos+len(lit)] == lit
	}
	for i := 0; i < len(lit); i++ {
		if s[pos+i] != lit[i] {
			return false
		}
	}
	return true
}
