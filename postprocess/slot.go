package postprocess

import "github.com/sluice-dev/sluice/record"

// Slot is the value of the one key that a run of operations works on in
// place (InPlaceKey), such as a chain of validations and transforms
// following one extraction: the first RunSlot looks the key up, the next
// ones take the value the previous one left, which saves a lookup, a
// type switch and a wrapper per operation. The zero value holds nothing.
//
// A Slot holds a value of one record between operations on that key only:
// whoever runs anything else on the record (another operation, a join, an
// extraction) calls Reset first, and a Slot never outlives the record's
// post-processing (rulec run reuses an output record's memory for the next
// record).
type Slot struct {
	obj *record.Object // the record the value is in; nil: nothing held
	key string         // the key it is in
	at  int            // its position (Object.At)
	v   any            // the value
}

// Reset forgets the value held, if any.
func (s *Slot) Reset() { s.obj = nil }

// InPlaceKey reports whether op reads and writes one key, so that it can
// run with RunSlot.
func (op *Op) InPlaceKey() bool { return op.inPlaceKey }

// SlotReady reports whether RunSlot can run op without RunIn for a
// string: it works in place on one key and has an answer for a string.
func (op *Op) SlotReady() bool {
	return op.inPlaceKey && (op.validString != nil || op.fromString != nil || op.stringFn != nil || op.validate != nil)
}

// RunSlot is RunIn for an op with InPlaceKey, with the key's value taken
// from s when s holds it for r (else read and put in s), and the value the
// op leaves there kept in s. Strings go straight to the op's answer for a
// string (ValidString, FromString, a built-in string transform), which is
// what RunIn's wrappers do for them, without reading the record again;
// anything else runs RunIn and empties s.
func (op *Op) RunSlot(r *record.Record, s *Slot, sc *Scratch) (*record.Record, error) {
	if s.obj != r.Data || s.key != op.srcKey.String() {
		if !op.fill(r, s) {
			return op.RunIn(r, sc)
		}
	}
	if x, ok := s.v.(string); ok {
		switch {
		case op.validString != nil:
			return op.slotValidated(r, s, op.validString(x))
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

// fill reads op's key of r into s; false (s empty) when r lacks it.
func (op *Op) fill(r *record.Record, s *Slot) bool {
	at := op.srcKey.Index(r.Data)
	if at < 0 {
		s.Reset()
		return false
	}
	_, v := r.Data.At(at)
	*s = Slot{obj: r.Data, key: op.srcKey.String(), at: at, v: v}
	return true
}

// slotValidated is runFieldValidator's end for a string: kept where it is
// when valid XOR inverted, else removed.
func (op *Op) slotValidated(r *record.Record, s *Slot, valid bool) (*record.Record, error) {
	if valid == op.invert {
		s.Reset()
		return op.remove(r), nil
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
	op.slotSet(r, s, out)
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
	op.slotSet(r, s, sc.Box(out))
	return r, nil
}

// slotSet writes v where the slot's value was, and holds it.
func (op *Op) slotSet(r *record.Record, s *Slot, v any) {
	r.Data.SetAt(s.at, v)
	s.v = v
}
