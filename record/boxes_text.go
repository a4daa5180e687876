package record

// TextRoom returns the room left in b's current chunk of text as an empty
// slice with room for at least n bytes: when less is left, a new chunk's,
// unless n is more than the texts a chunk keeps (then nil). A text
// appended to it and handed to StringInRoom is kept where it was built,
// without the copy Text makes. Nothing else may take text from b in
// between. A text that outgrows the room (append moves it) is copied as
// Text does. (Small enough to be inlined.)
func (b *Boxes) TextRoom(n int) []byte {
	if room := b.slab.bytes[len(b.slab.bytes):]; n <= cap(room) {
		return room
	}
	return b.newTextRoom(n)
}

// newTextRoom is TextRoom when the chunk has less than n bytes left.
func (b *Boxes) newTextRoom(n int) []byte {
	sl := &b.slab
	if n > maxBytes {
		return nil
	}
	sl.bytes = sl.pools.bytes.next(sl.bytes, bytesChunk, sl.recycled)
	return sl.bytes[:0]
}

// StringInRoom returns p, built by appending to TextRoom's answer, as an
// interface value (String) of a string in b's chunks of text: where it is
// when it is still in the room (the chunk's bytes up to its end are taken
// and never written again until b is recycled: p must not be written
// after), else a copy (Text).
func (b *Boxes) StringInRoom(p []byte) any {
	sl := &b.slab
	s, ok := sl.takeRoom(p)
	if !ok {
		s = sl.text(p)
	}
	if v, ok := boxInRoom(&sl.strs, s, stringBox); ok { // one call less per text
		return v
	}
	return sl.string(s)
}
