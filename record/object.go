package record

import "slices"

// Object is a JSON object that keeps its keys in insertion order. Setting an
// existing key keeps its position; a new key is appended. The zero value is an
// empty object ready to use. Lookups are linear, which is fastest for the
// small objects records are made of.
type Object struct {
	fields []field
	// raw is the text of a record read with ParseRecordRaw and not yet
	// decoded; every method decodes it first (load).
	raw *lazyJSON
	// keyBits has the keyBit of every key the object holds (and maybe of
	// keys it held): a lookup whose bit is clear is a miss without a scan.
	// Every key added must set its bit (addField).
	keyBits uint64
	// shape, when not nil, has exactly the object's keys in order (shape.go):
	// whatever adds, removes or reorders keys must clear it or keep it
	// right. Lookups with a cache (Key, Path) use it to skip the scan.
	shape *Shape
}

// field is one key and its value; keeping them together means one
// allocation per object and lookups that touch one cache line per key.
type field struct {
	key string
	val any
}

// NewObject returns an empty object with room for n keys. Up to 16 keys
// the object and its room are one allocation.
func NewObject(n int) *Object {
	switch {
	case n <= 0:
		return &Object{}
	case n <= 2:
		x := new(objectWith2)
		x.o.fields = x.f[:0]
		return &x.o
	case n <= 4:
		x := new(objectWith4)
		x.o.fields = x.f[:0]
		return &x.o
	case n <= 8:
		x := new(objectWith8)
		x.o.fields = x.f[:0]
		return &x.o
	case n <= 16:
		x := new(objectWith16)
		x.o.fields = x.f[:0]
		return &x.o
	}
	return &Object{fields: make([]field, 0, n)}
}

// An object and the room for its first keys, allocated together. When the
// keys outgrow the room they move to a slice of their own; the room stays
// with the object (at most 16 keys' worth).
type (
	objectWith2 struct {
		o Object
		f [2]field
	}
	objectWith4 struct {
		o Object
		f [4]field
	}
	objectWith8 struct {
		o Object
		f [8]field
	}
	objectWith16 struct {
		o Object
		f [16]field
	}
)

// Len is the number of keys.
func (o *Object) Len() int {
	if o == nil {
		return 0
	}
	o.load()
	return len(o.fields)
}

// index is the position of key; o must be loaded.
func (o *Object) index(key string) int { return o.indexBit(key, keyBit(key)) }

// indexBit is index with key's keyBit.
func (o *Object) indexBit(key string, bit uint64) int {
	if o.keyBits&bit == 0 {
		return -1
	}
	for i := range o.fields {
		if o.fields[i].key == key {
			return i
		}
	}
	return -1
}

// Get returns the value stored under key and whether the key exists.
func (o *Object) Get(key string) (any, bool) {
	if o == nil {
		return nil, false
	}
	o.load()
	if i := o.index(key); i >= 0 {
		return o.resolve(i), true
	}
	return nil, false
}

// Has reports whether key exists.
func (o *Object) Has(key string) bool {
	o.load()
	return o != nil && o.index(key) >= 0
}

// Set stores v under key, in place when the key exists.
func (o *Object) Set(key string, v any) {
	o.load()
	bit := keyBit(key)
	if i := o.indexBit(key, bit); i >= 0 {
		o.fields[i].val = v
		return
	}
	o.addFieldBit(key, v, bit)
}

// addField appends a key known not to be there: the one way keys are
// added (keyBits).
func (o *Object) addField(key string, v any) { o.addFieldBit(key, v, keyBit(key)) }

// addFieldBit is addField with key's keyBit.
func (o *Object) addFieldBit(key string, v any, bit uint64) {
	o.keyBits |= bit
	o.fields = append(o.fields, field{key, v})
	o.shape = nil // a decoder sets the shape of the keys it added when done
}

// SetFrom stores under key the value src holds under srcKey, as
// Set(key, v) of the v that srcKey.Get(src) returns, and reports whether
// it did: not when src lacks the key or holds null or undefined there
// (IsNil). A nested member src still keeps as text is copied undecoded
// (an extraction that copies a member nothing reads costs no decoding
// and writes out as it came): both objects then hold the same box, which
// decodes once for both (lazyJSON.val), so they share one value as two
// JavaScript holders of it do.
func (o *Object) SetFrom(key string, src *Object, srcKey Key) bool {
	v, ok := copyable(src, srcKey)
	if ok {
		o.Set(key, v)
	}
	return ok
}

// copyable is the value SetFrom copies: src's member under srcKey as it
// is stored (a nested member kept as text stays so), unless absent, null
// or undefined.
func copyable(src *Object, srcKey Key) (any, bool) {
	i := srcKey.Index(src)
	if i < 0 {
		return nil, false
	}
	v := src.fields[i].val
	return v, !IsNil(v)
}

// Append adds key without checking for an existing one; decoders use it when
// keys are known to be distinct.
func (o *Object) Append(key string, v any) {
	o.load()
	o.addField(key, v)
}

// Delete removes key and reports whether it existed.
func (o *Object) Delete(key string) bool {
	o.load()
	i := o.index(key)
	if i < 0 {
		return false
	}
	copy(o.fields[i:], o.fields[i+1:])
	o.fields[len(o.fields)-1] = field{}
	o.fields = o.fields[:len(o.fields)-1]
	o.shape = nil
	return true
}

// DeleteKeys removes every key of o that is one of keys, in one pass that
// keeps the order of the others, and reports how many it removed: as
// Delete of each, without moving the keys after each one. The slots the
// removed keys leave past the others are not cleared (as Refill leaves
// them): nothing reads an object's room past its keys, and clearing them
// cost more than it saves for the plan's output records (the values are
// the batch's, kept anyway, or die with the record).
func (o *Object) DeleteKeys(keys []string) int {
	o.load()
	var bits uint64
	for _, k := range keys {
		bits |= keyBit(k)
	}
	if o.keyBits&bits == 0 {
		return 0
	}
	n := 0
	for i := range o.fields {
		if bits&keyBit(o.fields[i].key) != 0 && slices.Contains(keys, o.fields[i].key) {
			continue
		}
		if n != i {
			o.fields[n] = o.fields[i]
		}
		n++
	}
	removed := len(o.fields) - n
	if removed > 0 {
		o.fields = o.fields[:n]
		o.shape = nil
	}
	return removed
}

// Reset empties the object and keeps its room for keys: for a record that
// is filled, written out and filled again. Values it held are let go.
func (o *Object) Reset() {
	clear(o.fields)
	o.fields, o.raw, o.keyBits, o.shape = o.fields[:0], nil, 0, nil
}

// Refill empties the object as Reset does but leaves the values it held in
// its room, unreachable through it: nothing reads an object's room past its
// keys (adding a key writes its slot before anything can read it; Clone
// and Compact copy the keys only), so the only difference is that the old
// values stay alive until written over, at most one filling's worth. It is
// for an object filled again at once whose values live in memory kept
// anyway (plan's reused output record: its strings and boxes are the
// batch's, recycled per batch). Clearing showed in whole runs.
func (o *Object) Refill() {
	o.fields, o.raw, o.keyBits, o.shape = o.fields[:0], nil, 0, nil
}

// Keys returns the keys in order (a new slice).
func (o *Object) Keys() []string {
	o.load()
	keys := make([]string, o.Len())
	for i := range keys {
		keys[i] = o.fields[i].key
	}
	return keys
}

// At returns the i-th key and value.
func (o *Object) At(i int) (string, any) {
	o.load()
	f := &o.fields[i]
	if v := f.val; !isLazy(v) { // resolve's usual case, without the call
		return f.key, v
	}
	return f.key, o.resolve(i)
}

// SetAt replaces the value of the i-th key.
func (o *Object) SetAt(i int, v any) {
	o.load()
	o.fields[i].val = v
}

// Values returns the values in key order (a new slice).
func (o *Object) Values() []any {
	o.load()
	vals := make([]any, o.Len())
	for i := range vals {
		vals[i] = o.resolve(i)
	}
	return vals
}

// Compact gives the object exactly the room its keys take when more than
// half of it is unused (a decoded record has room for 16 keys): for
// objects that are kept, such as the records of a file slice held until
// the slice is processed.
func (o *Object) Compact() {
	if o == nil || o.raw != nil || cap(o.fields) <= 2*len(o.fields) {
		return
	}
	o.fields = append(make([]field, 0, len(o.fields)), o.fields...)
}

// Clone returns a shallow copy.
func (o *Object) Clone() *Object {
	if o == nil {
		return NewObject(0)
	}
	o.resolveAll() // copies must share nested values, as in JavaScript
	c := &Object{fields: make([]field, len(o.fields), cap(o.fields)), keyBits: o.keyBits, shape: o.shape}
	copy(c.fields, o.fields)
	return c
}

// DeepClone copies the object and every nested object and array.
func (o *Object) DeepClone() *Object {
	o.resolveAll()
	c := o.Clone()
	for i := range c.fields {
		c.fields[i].val = DeepCopy(c.fields[i].val)
	}
	return c
}

// DeepCopy copies v and every object and array inside it.
func DeepCopy(v any) any {
	switch x := v.(type) {
	case *Object:
		return x.DeepClone()
	case []any:
		c := make([]any, len(x))
		for i, e := range x {
			c[i] = DeepCopy(e)
		}
		return c
	}
	return v
}

// FromMap builds an object from a Go map with keys in sorted order; nested
// map[string]any values are converted too. It is meant for tests and options.
func FromMap(m map[string]any) *Object {
	keys := sortedKeys(m)
	o := NewObject(len(keys))
	for _, k := range keys {
		o.Append(k, FromGo(m[k]))
	}
	return o
}

// FromGo converts Go values produced by encoding/json (map[string]any, []any,
// numbers of any Go type) into record values.
func FromGo(v any) any {
	switch x := v.(type) {
	case map[string]any:
		return FromMap(x)
	case []any:
		c := make([]any, len(x))
		for i, e := range x {
			c[i] = FromGo(e)
		}
		return c
	case int:
		return float64(x)
	case int64:
		return float64(x)
	case float32:
		return float64(x)
	}
	return v
}

// ToMap is ToGo of an object: a plain map, empty (never nil) for a nil
// object.
func (o *Object) ToMap() map[string]any {
	if o == nil {
		return map[string]any{}
	}
	return ToGo(o).(map[string]any)
}

// ToGo converts record values into plain Go values (map[string]any for
// objects), losing key order. Undefined becomes nil.
func ToGo(v any) any {
	switch x := v.(type) {
	case *Object:
		x.resolveAll()
		m := make(map[string]any, x.Len())
		for _, f := range x.fields {
			if f.val != Undefined {
				m[f.key] = ToGo(f.val)
			}
		}
		return m
	case []any:
		c := make([]any, len(x))
		for i, e := range x {
			c[i] = ToGo(e)
		}
		return c
	case undefined:
		return nil
	}
	return v
}
