package record

import "unsafe"

// Where decoded objects and arrays get their memory.

// startObject returns the object a decoder at the opening brace fills.
// A Decoder's record (a top-level object decoded lazily: none of its
// members is an object or array being decoded at the same time) is
// written straight into its slab; other objects get room for four keys,
// records for sixteen.
func (d *decoder) startObject() *Object {
	switch {
	case d.depth != 1:
		return NewObject(4)
	case d.lazy && d.slab != nil:
		return d.slab.startRecord()
	}
	return NewObject(16) // records are usually wider than the objects inside them
}

// endObject finishes an object startObject made.
func (d *decoder) endObject(o *Object) *Object {
	if d.depth == 0 && d.lazy && d.slab != nil {
		d.slab.endRecord(o)
	}
	return o
}

// newArray returns an empty array, as an interface value and a pointer
// to the slice it holds: up to four elements, the slice, its elements and
// the interface's box are one allocation.
func newArray() (any, *[]any) {
	x := new(arrayWith4)
	x.s = x.e[:0]
	return boxAt(arrayBox, unsafe.Pointer(&x.s)), &x.s
}

// arrayWith4 is an array's slice header (what its interface value points
// at) and room for four elements, allocated together. An array that
// outgrows the room moves its elements to a slice of their own.
type arrayWith4 struct {
	s []any
	e [4]any
}

var arrayBox any = []any(nil)

// escapeBuf returns an empty buffer to decode a string with escapes in:
// the slab's, reused, when there is one.
func (d *decoder) escapeBuf() []byte {
	if d.slab == nil {
		return make([]byte, 0, 64)
	}
	return d.slab.buf[:0]
}

// text returns the string decoded in buf (from escapeBuf): in the slab's
// memory when there is one, keeping buf for the next string; else buf
// itself, which is not used again.
func (d *decoder) text(buf []byte) string {
	if d.slab == nil {
		return unsafe.String(unsafe.SliceData(buf), len(buf))
	}
	if cap(buf) <= maxBytes {
		d.slab.buf = buf[:0]
	}
	return d.slab.text(buf)
}
