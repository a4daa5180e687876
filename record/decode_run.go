package record

import (
	"math/bits"
	"unsafe"
)

// Runs of plain members. Most of a record's members are ASCII strings
// without escapes and short decimal numbers under the keys the shape tree
// foresees (object: the first child of the shape so far, compared with the
// comma before it in one go). memberRun decodes such a run of a Decoder's
// record in one loop that calls nothing for a string, so that its state
// stays in registers, where object's general loop calls out for every
// value and keeps its state in memory around the calls (about twice the
// instructions per member).

// A run ends (runStop) where memberRun cannot go on by itself.
type runStop uint8

const (
	// atValue: at the value of key next (read with its colon), which is
	// not a plain one, or has no room: object reads it
	atValue runStop = iota
	// afterValue: after a member's value, where the key next is not the
	// one foreseen: object reads the comma or brace and the key
	afterValue
	// inString: in a string value with escapes, a control character or a
	// non-ASCII byte, at the first one (or near the end of the text):
	// object decodes the rest of it (strRest)
	inString
)

// memberRun decodes members into o, with sl's boxes, from s[i], the value
// of key next (the shape o has with it). It returns where it stopped and
// why (runStop), and the last key read (next: o's shape when afterValue,
// else the key whose value is at i). For inString, i is the string's
// first stop byte, start its first byte, and high whether one before i
// was non-ASCII. What it decodes is exactly what object's loop would.
//
// (The number and the string cases each add their member and read the
// next key themselves: joined in one place, they had the compiler keep
// the run's state in memory for the string case too, because of the call
// the number case makes.)
func memberRun(o *Object, sl *slab, next *Shape, s string, i int) (end int, _ *Shape, stop runStop, start int, high bool) {
	for {
		if i >= len(s) {
			return i, next, atValue, 0, false
		}
		if c := s[i]; c != '"' {
			// a short decimal number (number's usual case)
			f, j, ok := 0.0, 0, false
			if c == '-' || isDigit(c) {
				f, j, ok = shortDecimalAt(s, i)
			}
			n, k := len(sl.nums), len(o.fields)
			if !ok || n == cap(sl.nums) || k == cap(o.fields) {
				return i, next, atValue, 0, false
			}
			sl.nums = sl.nums[:n+1]
			p := &sl.nums[n]
			*p = f
			o.fields = o.fields[:k+1]
			o.fields[k] = field{next.key, boxAt(floatBox, unsafe.Pointer(p))}
			i = j
			if c := next.first.Load(); c != nil && c.atCommaKey(s, i) {
				i, next = i+c.clen, c
				continue
			}
			return i, next, afterValue, 0, false
		}
		start := i + 1
		j, or := start, uint64(0) // plainWords, inlined by hand (it is over the budget)
		for ; j+8 <= len(s); j += 8 {
			x := load64(s, j)
			if m := stopBytes(x); m != 0 {
				j += bits.TrailingZeros64(m) >> 3
				or |= x & (m - 1)
				break
			}
			or |= x
		}
		if j >= len(s) || s[j] != '"' || or&swarHigh != 0 {
			return j, next, inString, start, or&swarHigh != 0
		}
		n, k := len(sl.strs), len(o.fields)
		if n == cap(sl.strs) || k == cap(o.fields) { // no room: object boxes and adds it
			return i, next, atValue, 0, false
		}
		sl.strs = sl.strs[:n+1]
		p := &sl.strs[n]
		*p = s[start:j]
		o.fields = o.fields[:k+1]
		o.fields[k] = field{next.key, boxAt(stringBox, unsafe.Pointer(p))}
		i = j + 1
		if c := next.first.Load(); c != nil && c.atCommaKey(s, i) {
			i, next = i+c.clen, c
			continue
		}
		return i, next, afterValue, 0, false
	}
}

// The first key of a nested object. Nested objects share one shape tree
// whose root has a child for every first key seen (an e-mail's object, a
// point's, an item's...), so the root's first child, which object tries
// first, is seldom the one: expectKey then tries the others one by one,
// or, past shortKidList of them, the key is scanned and looked up in a
// map. A Decoder remembers instead, by the key of the member holding the
// object (decoder.parent), the first key its object had last (a record's
// "customer" object begins with "email" every time).

// firstKeyHints is how many parent keys a slab remembers the first key
// of nested objects for (a direct-mapped table: two parents in one slot
// take turns).
const firstKeyHints = 32

// firstKeyHint is one slot of the table: a parent key and the first key
// of the object under it last time.
type firstKeyHint struct{ parent, first *Shape }

// hintSlot is the slot of parent's hint.
func hintSlot(parent *Shape) uintptr {
	return uintptr(unsafe.Pointer(parent)) * 0x9E3779B97F4A7C15 >> 59 // 5 bits: firstKeyHints
}

// firstKeyHint is the first key the slab remembers for an object of
// shape sh (its tree's root) under parent, or nil. It is small enough to
// be inlined into object.
func (d *decoder) firstKeyHint(parent, sh *Shape) *Shape {
	if parent == nil || d.slab == nil {
		return nil
	}
	h := &d.slab.hints[hintSlot(parent)]
	if h.parent != parent || h.first.tree != sh.tree { // (a test may have made new trees)
		return nil
	}
	return h.first
}

// noteFirstKey remembers the first key of an object under parent that
// ends with shape sh (nil when it left the tree, or has no keys).
func (d *decoder) noteFirstKey(parent, sh *Shape) {
	if d.slab != nil && sh != nil && len(sh.nodes) > 0 {
		d.slab.hints[hintSlot(parent)] = firstKeyHint{parent, sh.nodes[0]}
	}
}
