package postprocess

import (
	"unsafe"

	"github.com/sluice-dev/sluice/record"
)

// Slot is the value of one key of a record that a run of operations
// reading one key and writing one key pass along (SlotReady), such as a
// chain of validations and transforms following one extraction: the first
// RunSlot looks the key up, the next ones take the value the previous one
// left where it wrote it (in place, or at a key it added), which saves a
// lookup, a type switch and a wrapper per operation. The zero value holds
// nothing.
//
// A Slot holds a value of one record between such operations only:
// whoever runs anything else on the record (another operation, a join, an
// extraction) calls Reset first, and a Slot never outlives the record's
// post-processing (rulec run reuses an output record's memory for the next
// record).
type Slot struct {
	obj *record.Object // the record the value is in; nil: nothing held
	key string         // the key it is in
	v   any            // the value
	at  int32          // its position (Object.At; a record of 2^31 keys cannot be read)
	// facts are known of v, a string (see Facts): the operations that
	// make or read another value start from none.
	facts Facts
}

// Reset forgets the value held, if any.
func (s *Slot) Reset() { s.obj = nil }

// InPlaceKey reports whether op reads and writes one key, the same.
func (op *Op) InPlaceKey() bool { return op.inPlaceKey }

// SlotReady reports whether RunSlot runs op on a string without RunIn: it
// reads one key, writes one key, and has an answer for a string.
func (op *Op) SlotReady() bool { return op.slotReady }

// RunSlot is RunIn for an op, with the value of its source key taken from
// s when s holds it for r (else read and put in s). For a SlotReady op and
// a string, it goes straight to the op's answer for a string
// (ValidString, FromString, a built-in string transform or validation
// without a normaliser), which is what RunIn's wrappers do for one,
// without reading the record again, and s then holds the value the op
// left at its destination; anything else runs RunIn and empties s.
func (op *Op) RunSlot(r *record.Record, s *Slot, sc *Scratch) (*record.Record, error) {
	if !op.slotReady {
		s.Reset()
		return op.RunIn(r, sc)
	}
	if s.obj != r.Data || !sameKey(s.key, op.srcKey.String()) {
		if !op.fill(r, s) {
			return op.RunIn(r, sc)
		}
	}
	if x, ok := s.v.(string); ok {
		switch {
		case op.validString != nil:
			valid := false
			if s.facts != 0 {
				valid = op.validKnown(x, s.facts)
			} else {
				valid = op.validString(x)
			}
			if op.keptInPlace(s, valid) {
				return r, nil
			}
			return op.slotValidated(r, s, valid)
		case op.fromString != nil:
			out, err := op.fromString(sc, x)
			return op.slotTransformed(r, s, out, err)
		case op.stringFn != nil:
			return op.slotString(r, s, x, sc)
		case op.validate != nil:
			return op.slotValidation(r, s)
		}
	}
	s.Reset()
	return op.RunIn(r, sc)
}

// validKnown is validString's answer for x, which has facts: true when
// one is the answer, else from the cheaper answer for ASCII where it
// applies.
func (op *Op) validKnown(x string, facts Facts) bool {
	switch {
	case facts&op.holds != 0:
		return true
	case facts&FactASCII != 0 && op.validASCII != nil:
		return op.validASCII(x)
	}
	return op.validString(x)
}

// sameKey is a == b, inlined, and without a call when they are one string,
// as they are along a chain on one key (the compiler gives its operations
// the key of the rule before them).
func sameKey(a, b string) bool {
	return len(a) == len(b) && (unsafe.StringData(a) == unsafe.StringData(b) || a == b)
}

// fill reads op's key of r into s; false (s empty) when r lacks it.
func (op *Op) fill(r *record.Record, s *Slot) bool {
	at := op.srcKey.Index(r.Data)
	if at < 0 {
		s.Reset()
		return false
	}
	_, v := r.Data.At(at)
	s.hold(r.Data, op.srcKey.String(), at, v, 0)
	return true
}

// keptInPlace is slotValidated's usual end, small enough to be inlined
// (a call less on most validation steps): reports whether the string is
// kept where it is, in place and valid XOR inverted, and gives it then the
// facts the op proves when valid.
func (op *Op) keptInPlace(s *Slot, valid bool) bool {
	if valid == op.invert || !op.inPlaceKey {
		return false
	}
	if valid {
		s.facts |= op.proves
	}
	return true
}

// slotValidated is runFieldValidator's end for a string: kept (where it
// is in place, else written to the destination) when valid XOR inverted,
// else removed. A string kept as valid has the facts the op proves.
func (op *Op) slotValidated(r *record.Record, s *Slot, valid bool) (*record.Record, error) {
	if valid == op.invert {
		s.Reset()
		return op.remove(r), nil
	}
	if valid {
		s.facts |= op.proves
	}
	if !op.inPlaceKey {
		op.slotSet(r, s, s.v, s.facts)
	}
	return r, nil
}

// slotValidation is runValidation (wrapper A) for the slot's string: a
// validation without a normaliser keeps a string it accepts (XOR
// inverted) where it is.
func (op *Op) slotValidation(r *record.Record, s *Slot) (*record.Record, error) {
	valid, err := op.validate(s.v)
	if aborts(err) {
		s.Reset()
		return nil, err
	}
	if err != nil { // a throw removes the value, inverted or not
		s.Reset()
		return op.remove(r), nil
	}
	return op.slotValidated(r, s, valid)
}

// slotTransformed is transformed (wrapper D) for an answer made from the
// slot's string.
func (op *Op) slotTransformed(r *record.Record, s *Slot, out any, err error) (*record.Record, error) {
	if aborts(err) {
		s.Reset()
		return nil, err
	}
	if err != nil || op.empty(out) {
		s.Reset()
		return op.remove(r), nil
	}
	op.slotSet(r, s, out, s.facts&op.keeps)
	return r, nil
}

// slotString is runStringTransform (wrapper B) for the slot's string.
func (op *Op) slotString(r *record.Record, s *Slot, x string, sc *Scratch) (*record.Record, error) {
	out, err := op.stringFn(x)
	if aborts(err) {
		s.Reset()
		return nil, err
	}
	if err != nil {
		s.Reset()
		return op.remove(r), nil
	}
	op.slotSet(r, s, sc.Box(out), 0)
	return r, nil
}

// slotSet writes v, which has facts, to the destination, where the
// slot's value was in place, and holds it there. A destination key the
// record did not have is added at the end (Object.Set), which is where s
// finds it; one it had is somewhere s does not know, so s is emptied.
func (op *Op) slotSet(r *record.Record, s *Slot, v any, facts Facts) {
	if op.inPlaceKey {
		r.Data.SetAt(int(s.at), v)
		s.v, s.facts = v, facts
		return
	}
	n := r.Data.Len()
	r.Data.Set(op.destKey, v)
	if r.Data.Len() != n+1 {
		s.Reset()
		return
	}
	s.hold(r.Data, op.destKey, n, v, facts)
}

// hold makes s hold v, the value of key at position at of obj, which has
// facts. (Field by field: a struct literal is built on the stack and
// copied in 16-byte moves that wait for the 8-byte stores that made it.)
func (s *Slot) hold(obj *record.Object, key string, at int, v any, facts Facts) {
	s.obj, s.key, s.at, s.v, s.facts = obj, key, int32(at), v, facts
}
