package jsre

import (
	"slices"
	"strings"
	"unicode/utf8"
)

// lineTry runs a line program's ops at a position of s, its saves going
// to the caller's caps (nil: a caller that only asks whether it matches);
// work counts the runes and bytes examined so far.
// It is all an anchored program needs: a search (lineRun) adds the lead
// scan, whose table is most of its size.
type lineTry struct {
	p    *lineProg
	s    string
	caps *[maxLineSlots]int
	work int
	// loopEnd is where the leading loop (lineProg.loopOp) of the last try
	// ended. A try from anywhere up to there fails the same way: the loop
	// ends at the same place with fewer runes, and the rest is the same.
	loopEnd int
}

// save records pos in slot, unless no caps were given.
func (r *lineTry) save(slot, pos int) {
	if r.caps != nil {
		r.caps[slot] = pos
	}
}

// lineRun is one search of a line program over s; its work bounds the
// search (see find).
type lineRun struct {
	lineTry
	limit int
	lead  leadScan
}

// runLimit is the work limit of a search of s. It keeps the search
// linear: a pattern such as `a[^x]*x` on "aaaa…" would re-read the tail
// from every start; the search gives up instead and the caller runs RE2.
func runLimit(s string) int { return 4*len(s) + 64 }

// search finds the leftmost match in s and leaves its slots in caps (if
// not nil); ok is false when the search gave up. An anchored program is
// tried once at 0, without a lineRun (one try reads the text at most once).
func (p *lineProg) search(s string, caps *[maxLineSlots]int) (found, ok bool) {
	if p.anchored {
		t := lineTry{p: p, s: s, caps: caps}
		return t.matchFrom(0, 0), true
	}
	// fields set on the local (an init method would store caps through a
	// pointer, so caps, and every caller's array, would escape)
	var r lineRun
	r.p, r.s, r.caps, r.limit = p, s, caps, runLimit(s)
	if p.leadFind.perString(s) {
		var next [maxLiterals]int // declared (and zeroed) only where it is read
		r.lead.next = &next
	}
	r.lead.reset(&p.leadFind, s)
	return r.find(0)
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
		if r.p.first != nil {
			if pos = r.p.first.index(r.s, pos); pos < 0 {
				return false, true
			}
		}
		r.loopEnd = pos
		if r.matchAt(pos) {
			return true, true
		}
		if r.work++; r.work > r.limit {
			return false, false
		}
		pos = r.loopEnd + runeWidth(r.s, r.loopEnd)
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
		if r.before(at) && r.matchFrom(r.p.leadOp+1, at+len(r.p.lead[k])) {
			return true, true
		}
		if r.work++; r.work > r.limit {
			return false, false
		}
		pos = at + 1 // a lead string starts on a rune boundary, so the next does too
	}
}

// before runs the ops before the lead op (saves and word assertions) at pos.
func (r *lineTry) before(pos int) bool {
	for _, op := range r.p.ops[:r.p.leadOp] {
		if op.kind == lineSave {
			r.save(op.slot, pos)
		} else if atWordBoundary(r.s, pos) != op.word {
			return false
		}
	}
	return true
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
func (r *lineTry) matchAt(pos int) bool { return r.matchFrom(0, pos) }

// matchFrom runs the ops from the i-th on at pos.
func (r *lineTry) matchFrom(i int, pos int) bool {
	s := r.s
	ops := r.p.ops
	for ; i < len(ops); i++ {
		op := &ops[i]
		switch op.kind {
		case lineSave:
			r.save(op.slot, pos)
		case lineLit:
			r.work += len(op.lit)
			if !hasLitAt(s, pos, op.lit) {
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
			n, end := op.class.span(s, pos, op.min, op.max)
			r.work += n
			if i == r.p.loopOp {
				r.loopEnd = end
			}
			if n < op.min {
				return false
			}
			pos = end
		case lineEnd:
			if pos != len(s) {
				return false
			}
		case lineWord:
			if atWordBoundary(s, pos) != op.word {
				return false
			}
		}
	}
	return true
}

// firstBytes groups the strings of a prefix-free set by their first byte,
// so a position is compared only with the strings that can start there.
// With fold, the strings are lower case and match either case of a letter.
type firstBytes struct {
	sorted []string        // the set by first byte (a folded letter under both cases)
	from   [256 + 1]uint16 // sorted[from[c]:from[c+1]] can start at byte c
	fold   bool
}

func newFirstBytes(set litSet, fold bool) *firstBytes {
	type entry struct {
		key byte
		x   string
	}
	var entries []entry
	for _, x := range set {
		entries = append(entries, entry{x[0], x})
		if fold && isLetter(x[0]) {
			entries = append(entries, entry{x[0] ^ 0x20, x})
		}
	}
	slices.SortStableFunc(entries, func(a, b entry) int { return int(a.key) - int(b.key) })
	f := &firstBytes{fold: fold}
	i := 0
	for c := range 256 {
		f.from[c] = uint16(i)
		for ; i < len(entries) && int(entries[i].key) == c; i++ {
			f.sorted = append(f.sorted, entries[i].x)
		}
	}
	f.from[256] = uint16(i)
	return f
}

// prefixOf is the length of the string of the set that s starts with, or
// -1 (the set is prefix-free: at most one can).
func (f *firstBytes) prefixOf(s string) int {
	if s == "" {
		return -1
	}
	for _, x := range f.sorted[f.from[s[0]]:f.from[int(s[0])+1]] {
		if f.fold && hasPrefixFold(s, x) || !f.fold && strings.HasPrefix(s, x) {
			return len(x)
		}
	}
	return -1
}

// class is the class of the runes a string of the set can start with
// (both cases of a folded letter).
func (f *firstBytes) class() *runeClass {
	var pairs []rune
	for c := range 256 {
		for _, x := range f.sorted[f.from[c]:f.from[c+1]] {
			r := rune(c) // the key: either case of a folded letter
			if c >= utf8.RuneSelf {
				r, _ = utf8.DecodeRuneInString(x)
			}
			pairs = append(pairs, r, r)
		}
	}
	slices.Sort(pairs) // pairs of equal runes stay pairs
	return newRuneClass(pairs)
}

// hasPrefixFold reports whether s starts with x, an upper-case ASCII
// letter of s matching its lower case in x.
func hasPrefixFold(s, x string) bool {
	if len(s) < len(x) {
		return false
	}
	for i := 0; i < len(x); i++ {
		c := s[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c != x[i] {
			return false
		}
	}
	return true
}

// leadScan finds the next occurrence of any string of a set, remembering
// where each string occurs next so the text is scanned once per string;
// when the strings share a prefix, by the finder's one scan for it
// (litFinder.byPrefix): /(products|blog|search)\// reads a URL once, not
// once per alternative.
type leadScan struct {
	f *litFinder
	s string
	// next is where each string occurs next, when the scan searches per
	// string (see perString): -2 not searched yet, -1 no more occurrences.
	// It is the caller's array, set on its local leadScan before reset (a
	// method storing the pointer would make the array escape), so that a
	// scan by prefix or by start bytes (most of them) zeroes no array.
	next *[maxLiterals]int
	// by prefix: the answer (at, which) of the last search, which started
	// at from; at is -2 before the first search, -1 for none
	at, which, from int
}

// reset starts a scan of s for f's strings; l.next may be nil when
// f.perString(s) is false (it is not read then).
func (l *leadScan) reset(f *litFinder, s string) {
	l.f, l.s = f, s
	l.at = -2
	if !f.perString(s) {
		return
	}
	for i := range f.set {
		l.next[i] = -2
	}
}

// perString reports whether a scan of s may search per string (see
// leadScan.index): s is not scanned by the shared prefix, nor by byStart
// from every position (it is short enough for it).
func (f *litFinder) perString(s string) bool {
	return f.prefix == "" && !f.byStartFor(len(s))
}

// byStartFor reports whether a search of a text of n bytes (from where it
// starts) goes by byStart: n is short enough for it. Every search of s
// does when the whole of s is (perString).
func (f *litFinder) byStartFor(n int) bool {
	return f.starts != nil && n <= shortText*len(f.set)
}

// index is the smallest position >= from where a string of the set occurs,
// or -1, and which string occurs there (the first in the set's order).
func (l *leadScan) index(from int) (best, which int) {
	if l.f.prefix != "" {
		return l.byPrefix(from)
	}
	if l.f.byStartFor(len(l.s) - from) {
		return l.f.byStart(l.s, from)
	}
	best = -1
	for i, x := range l.f.set {
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

// byPrefix is index by the finder's prefix scan; the last answer holds for
// any from between its search's start and it.
func (l *leadScan) byPrefix(from int) (best, which int) {
	if l.at == -2 || from < l.from || l.at >= 0 && from > l.at {
		l.from = from
		l.at, l.which = l.f.byPrefix(l.s, from)
	}
	return l.at, l.which
}

// matches reports whether the program matches anywhere in s; ok is false
// when the search gave up.
func (p *lineProg) matches(s string) (found, ok bool) { return p.search(s, nil) }

// findAll is FindAll: the successive matches of Go's FindAll (an empty match
// right after a match is skipped), up to n (n < 0: all), stopping after an
// empty match. ok is false when the search gave up.
func (p *lineProg) findAll(s string, n int) (out []Match, ok bool) {
	var r lineRun
	var caps [maxLineSlots]int
	var next [maxLiterals]int
	r.p, r.s, r.caps, r.limit = p, s, &caps, runLimit(s)
	r.lead.next = &next
	r.lead.reset(&p.leadFind, s)
	prevEnd := -1
	for pos := 0; (n < 0 || len(out) < n) && pos <= len(s); {
		found, ok := r.find(pos)
		if !ok {
			return nil, false
		}
		if !found {
			break
		}
		start, end := caps[0], caps[1]
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
				return oneMatch(s, caps[:p.slots]), true
			}
			out = append(out, toMatch(s, caps[:p.slots]))
			if start == end {
				break
			}
		}
	}
	return out, true
}
