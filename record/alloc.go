package record

import "unsafe"

// Where decoded objects and arrays get their memory.

// startObject returns the object a decoder at the opening brace fills.
// A Decoder's record (a top-level object decoded lazily: none of its
// members is an object or array being decoded at the same time) is
// written straight into its slab; other records get room for sixteen
// keys, the objects inside them four (smallObject).
func (d *decoder) startObject() *Object {
	switch {
	case d.depth != 1:
		return d.smallObject()
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

// smallObject returns an empty object with room for four keys. The
// objects one decoder makes (one document, or one member of a record)
// share chunks that grow from two objects to sixteen; they never share
// one with another document's, so a kept object keeps at most its own
// document's memory, and the collector never goes from one record's
// objects to another's.
func (d *decoder) smallObject() *Object {
	if d.slab != nil && d.slab.recycled {
		return d.slab.smallObject()
	}
	if len(d.objs) == cap(d.objs) {
		d.objs = make([]objectWith4, 0, min(max(2, 2*cap(d.objs)), 16))
	}
	d.objs = d.objs[:len(d.objs)+1]
	x := &d.objs[len(d.objs)-1]
	x.o.fields = x.f[:0]
	return &x.o
}

// newArray returns an empty array, as an interface value and a pointer
// to the slice it holds: up to four elements, the slice, its elements and
// the interface's box are one piece, from chunks shared as smallObject's.
func (d *decoder) newArray() (any, *[]any) {
	if d.slab != nil && d.slab.recycled {
		return d.slab.newArray()
	}
	if len(d.arrays) == cap(d.arrays) {
		d.arrays = make([]arrayWith4, 0, min(max(2, 2*cap(d.arrays)), 16))
	}
	d.arrays = d.arrays[:len(d.arrays)+1]
	x := &d.arrays[len(d.arrays)-1]
	x.s = x.e[:0]
	return boxAt(arrayBox, unsafe.Pointer(&x.s)), &x.s
}

// smallObject and newArray of a recycled slab: from its chunks, which
// live as long as it does.
func (sl *slab) smallObject() *Object {
	if len(sl.small) == cap(sl.small) {
		sl.small = sl.pools.small.next(sl.small, nestedChunk, true)
	}
	return sl.smallInRoom()
}

// smallInRoom is smallObject when the slab is recycled and its chunk has
// room, else nil: small enough to be inlined (object: two calls less
// per nested object).
func (sl *slab) smallInRoom() *Object {
	n := len(sl.small)
	if !sl.recycled || n == cap(sl.small) {
		return nil
	}
	sl.small = sl.small[:n+1]
	x := &sl.small[n]
	x.o = Object{fields: x.f[:0]} // nothing of the object it was before
	return &x.o
}

func (sl *slab) newArray() (any, *[]any) {
	if len(sl.arrays) == cap(sl.arrays) {
		sl.arrays = sl.pools.arrays.next(sl.arrays, nestedChunk, true)
	}
	return sl.arrayInRoom()
}

// arrayInRoom is newArray when the slab is recycled and its chunk has
// room, else nil: small enough to be inlined (array: two calls less per
// array).
func (sl *slab) arrayInRoom() (any, *[]any) {
	n := len(sl.arrays)
	if !sl.recycled || n == cap(sl.arrays) {
		return nil, nil
	}
	sl.arrays = sl.arrays[:n+1]
	x := &sl.arrays[n]
	x.s = x.e[:0]
	return boxAt(arrayBox, unsafe.Pointer(&x.s)), &x.s
}

// nestedChunk is how many nested objects or arrays one chunk of a
// recycled slab holds.
const nestedChunk = 64

// arrayWith4 is an array's slice header (what its interface value points
// at) and room for four elements, allocated together. An array that
// outgrows the room moves its elements to a slice of their own.
type arrayWith4 struct {
	s []any
	e [4]any
}

var arrayBox any = []any(nil)

// escapeBuf returns an empty buffer to decode a string with escapes in,
// at most n bytes long (what is left of the text): where the slab's next
// strings of text go when its chunk has room for them (text then takes
// the string in place, without a copy), else the slab's buffer, reused;
// without a slab, a new one. (escapedStr writes whole words: 8 bytes of
// room past the string's end are needed, and are written over by the
// next string the chunk holds.)
func (d *decoder) escapeBuf(n int) []byte {
	sl := d.slab
	if sl == nil {
		return make([]byte, 0, 64)
	}
	if k := len(sl.bytes); n+8 <= cap(sl.bytes)-k {
		return sl.bytes[k:k]
	}
	return sl.buf[:0]
}

// text returns the string decoded in buf (from escapeBuf): in the slab's
// memory when there is one (where buf is, when it was decoded in the
// chunk's room and did not outgrow it), keeping the slab's buffer for the
// next string; else buf itself, which is not used again.
func (d *decoder) text(buf []byte) string {
	sl := d.slab
	if sl == nil {
		return unsafe.String(unsafe.SliceData(buf), len(buf))
	}
	if s, ok := sl.takeRoom(buf); ok {
		return s
	}
	if cap(buf) <= maxBytes {
		sl.buf = buf[:0]
	}
	return sl.text(buf)
}
