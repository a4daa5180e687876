package record

// Index returns the position of k in o (as At and SetAt count), or -1 when
// o does not have it: a value read at the position and written back with
// SetAt costs one lookup instead of two (Get, then Set).
func (k Key) Index(o *Object) int {
	if i := o.headHit(k.cache); i >= 0 { // the usual case, without a call
		return i
	}
	if o == nil {
		return -1
	}
	o.load()
	if o.shape == nil { // lookup's scan, without the call
		return o.index(k.name)
	}
	return o.lookup(k.name, k.cache)
}
