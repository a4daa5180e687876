package record

// Target is a key objects are written under again and again (a rule's
// target), with its keyBit computed once: AddTarget appends it without
// hashing it or looking for it.
type Target struct {
	name string
	bit  uint64
}

// NewTarget returns the target key name.
func NewTarget(name string) Target { return Target{name: name, bit: keyBit(name)} }

// String returns the key.
func (t Target) String() string { return t.name }

// AddTarget is Append of t: for an object known not to hold t, such as a
// new record that only writers of other keys have written into (a plan's
// output record and a target no other rule writes). Appending a key the
// object has makes it hold the key twice.
func (o *Object) AddTarget(t Target, v any) {
	if o.raw != nil {
		panic("record: AddTarget on a record not decoded yet")
	}
	o.addFieldBit(t.name, v, t.bit)
}

// AddFromTarget is SetFrom of t's key into an object known not to hold
// it (as AddTarget).
func (o *Object) AddFromTarget(t Target, src *Object, srcKey Key) bool {
	// copyable, with Key.Index's usual case inlined
	i := src.headHit(srcKey.cache)
	if i < 0 {
		if i = srcKey.Index(src); i < 0 {
			return false
		}
	}
	v := src.fields[i].val
	if IsNil(v) {
		return false
	}
	o.AddTarget(t, v)
	return true
}
