package record

import "unsafe"

// Decoder decodes records one after another, boxing their strings, numbers
// and not-yet-decoded nested values, and holding the records themselves
// (their Object and members), in memory it allocates in chunks instead of
// one allocation per value. A record's values share a chunk with other
// records' values and keep it alive as long as any of them is kept; boxed
// values never change, and a record's members have a piece of their own,
// so sharing is safe. The zero value is ready to use. A Decoder its owner
// recycles (Recycle: nothing it made is read any more) hands out the same
// chunks again instead.
//
// A Decoder and the records it returns belong to one goroutine: nested
// values are decoded into the Decoder's memory when first read, so a record
// must not be read by another goroutine while the Decoder is in use (a
// record handed on should be resolved first, e.g. with Object.Clone).
type Decoder struct {
	slab *slab // shared by copies of the Decoder, so they never write over each other's values
}

// ParseRecord is ParseRecordString with d's memory: the record's nested
// objects and arrays are validated now and decoded when first read.
func (d *Decoder) ParseRecord(s string) (any, error) {
	if d.slab == nil {
		d.slab = new(slab)
	}
	dec := decoder{s: s, lazy: true, slab: d.slab}
	return dec.top()
}

// slabChunk is how many values of a kind one chunk holds.
const slabChunk = 256

// slab hands out from chunks the boxes of decoded values, the text of
// strings with escapes, and the records themselves (their Object and
// members; a record gets exactly the room its members take, as a full
// slice: growing it moves it out of the chunk, so it never writes over a
// neighbour).
//
// Only values that point at nothing in another chunk's kind, or only at
// such values, share chunks: a record's members point at boxes, lazy text
// and objects of their own, never at another record's chunk. Were nested
// objects in chunks too, the collector, shading one old chunk while it
// runs (a pointer to it overwritten), could follow chunk to chunk through
// every record decoded since its last cycle and keep them all.
type slab struct {
	strs   []string
	nums   []float64
	lazys  []lazyJSON
	objs   []Object // records
	fields []field  // records' members
	bytes  []byte   // the text of strings with escapes
	buf    []byte   // where a string with escapes is decoded
	// nested objects and arrays, once recycled (before, they come from
	// each decoder's own chunks: alloc.go)
	small  []objectWith4
	arrays []arrayWith4
	// recycled is set once the slab's owner has recycled it: from then on
	// it keeps every chunk it hands out, to hand it out again after the
	// next recycle, and its nested objects and arrays come from chunks too
	// (the collector cannot chain through chunks that never die).
	recycled bool
	pools    slabPools
	// the first keys of nested objects by the key holding them (decode_run.go)
	hints [firstKeyHints]firstKeyHint
}

const (
	fieldChunk = 512  // members of records in one chunk
	minRoom    = 64   // a record starts a new chunk when less is left
	bytesChunk = 4096 // bytes of strings with escapes in one chunk
	maxBytes   = 512  // a longer string is allocated on its own
)

// Interface values are a type word and a pointer to the value (for
// strings and float64s). The type words are taken from these boxes.
var (
	stringBox any = ""
	floatBox  any = 0.0
)

type eface struct {
	typ  unsafe.Pointer
	data unsafe.Pointer
}

// boxAt returns an interface value of proto's type whose value is at p.
func boxAt(proto any, p unsafe.Pointer) any {
	v := proto
	(*eface)(unsafe.Pointer(&v)).data = p
	return v
}

func (sl *slab) string(s string) any {
	if len(sl.strs) == cap(sl.strs) {
		sl.strs = sl.pools.strs.next(sl.strs, slabChunk, sl.recycled)
	}
	sl.strs = append(sl.strs, s)
	return boxAt(stringBox, unsafe.Pointer(&sl.strs[len(sl.strs)-1]))
}

func (sl *slab) float(f float64) any {
	if len(sl.nums) == cap(sl.nums) {
		sl.nums = sl.pools.nums.next(sl.nums, slabChunk, sl.recycled)
	}
	sl.nums = append(sl.nums, f)
	return boxAt(floatBox, unsafe.Pointer(&sl.nums[len(sl.nums)-1]))
}

func (sl *slab) lazyJSON(text string) *lazyJSON {
	if len(sl.lazys) == cap(sl.lazys) {
		sl.lazys = sl.pools.lazys.next(sl.lazys, slabChunk/4, sl.recycled)
	}
	sl.lazys = append(sl.lazys, lazyJSON{text: text, slab: sl})
	return &sl.lazys[len(sl.lazys)-1]
}

// startRecord returns an empty object whose members will be written
// into the field chunk, with the rest of the chunk as room. Nothing else
// may take from the chunk before endRecord.
func (sl *slab) startRecord() *Object {
	if cap(sl.fields)-len(sl.fields) < minRoom {
		sl.fields = sl.pools.fields.next(sl.fields, fieldChunk, sl.recycled)
	}
	if len(sl.objs) == cap(sl.objs) {
		sl.objs = sl.pools.objs.next(sl.objs, slabChunk/4, sl.recycled)
	}
	return sl.recordInRoom()
}

// recordInRoom is startRecord when both chunks have room, else nil:
// small enough to be inlined (object: two calls less per record).
func (sl *slab) recordInRoom() *Object {
	n, f := len(sl.objs), len(sl.fields)
	if n == cap(sl.objs) || cap(sl.fields)-f < minRoom {
		return nil
	}
	sl.objs = sl.objs[:n+1]
	o := &sl.objs[n]
	*o = Object{fields: sl.fields[f:f]}
	return o
}

// endRecord takes the members of o from the chunk, when they are still
// there (a record wider than the room moved them out), and takes away
// o's room beyond them.
func (sl *slab) endRecord(o *Object) {
	n := len(o.fields)
	if n > 0 && unsafe.SliceData(o.fields) == unsafe.SliceData(sl.fields[len(sl.fields):]) {
		sl.fields = sl.fields[:len(sl.fields)+n]
	}
	o.fields = o.fields[:n:n]
}

// text returns b as a string in the slab's memory. The bytes of a chunk
// are written once, when handed out, and never again until the slab is
// recycled, so strings may point into it.
func (sl *slab) text(b []byte) string {
	n := len(b)
	if n == 0 || n > maxBytes {
		return string(b)
	}
	if cap(sl.bytes)-len(sl.bytes) < n {
		sl.bytes = sl.pools.bytes.next(sl.bytes, bytesChunk, sl.recycled)
	}
	start := len(sl.bytes)
	sl.bytes = append(sl.bytes, b...)
	return unsafe.String(unsafe.SliceData(sl.bytes[start:]), n)
}

// takeRoom returns p as a string where it is and takes its bytes from
// the chunk of text, when p was appended to the room left in the chunk
// and did not outgrow it (moving away); else false, and the caller copies
// it (text). Small enough to be inlined.
func (sl *slab) takeRoom(p []byte) (string, bool) {
	k := len(sl.bytes)
	if len(p) == 0 || k == cap(sl.bytes) || unsafe.SliceData(p) != &sl.bytes[:k+1][k] {
		return "", false
	}
	sl.bytes = sl.bytes[:k+len(p)]
	return unsafe.String(unsafe.SliceData(p), len(p)), true
}

// boxString, boxFloat and lazyText box a decoded value in the decoder's
// slab when it has one. Without one, strings and numbers are boxed in
// chunks of the decoder's own, which grow from 4 values to a slab's 256:
// one document's values share them (a short one pays one small chunk).
func (d *decoder) boxString(s string) any {
	if sl := d.slab; sl != nil {
		if v, ok := boxInRoom(&sl.strs, s, stringBox); ok { // one call less per string
			return v
		}
		return sl.string(s)
	}
	return d.ownString(s)
}

// boxInRoom puts v in the room left in the chunk and returns it boxed as
// a value of proto's type; ok false when the chunk is full.
func boxInRoom[T any](chunk *[]T, v T, proto any) (_ any, ok bool) {
	n := len(*chunk)
	if n == cap(*chunk) {
		return nil, false
	}
	*chunk = (*chunk)[:n+1]
	p := &(*chunk)[n]
	*p = v
	return boxAt(proto, unsafe.Pointer(p)), true
}

// ownString is boxString without a slab.
func (d *decoder) ownString(s string) any {
	if s == "" {
		return s // boxed without allocating
	}
	if len(d.strs) == cap(d.strs) {
		d.strs = make([]string, 0, nextChunk(cap(d.strs)))
	}
	d.strs = append(d.strs, s)
	return boxAt(stringBox, unsafe.Pointer(&d.strs[len(d.strs)-1]))
}

func (d *decoder) boxFloat(f float64) any {
	if sl := d.slab; sl != nil {
		if v, ok := boxInRoom(&sl.nums, f, floatBox); ok { // one call less per number
			return v
		}
		return sl.float(f)
	}
	if len(d.nums) == cap(d.nums) {
		d.nums = make([]float64, 0, nextChunk(cap(d.nums)))
	}
	d.nums = append(d.nums, f)
	return boxAt(floatBox, unsafe.Pointer(&d.nums[len(d.nums)-1]))
}

// nextChunk is the size of a decoder's next own chunk after one of n.
func nextChunk(n int) int { return min(max(4, 2*n), slabChunk) }

// lazyInRoom is lazyJSON when the chunk has room, small enough to be
// inlined (memberValue: one call less per member); else nil.
func (sl *slab) lazyInRoom(text string) *lazyJSON {
	n := len(sl.lazys)
	if n == cap(sl.lazys) {
		return nil
	}
	sl.lazys = sl.lazys[:n+1]
	l := &sl.lazys[n]
	*l = lazyJSON{text: text, slab: sl}
	return l
}

func (d *decoder) lazyText(text string) *lazyJSON {
	if d.slab == nil {
		return &lazyJSON{text: text}
	}
	return d.slab.lazyJSON(text)
}

// Boxes makes interface values of strings and numbers whose values sit in
// shared chunks, one allocation for 256 values instead of one each: for a
// producer of many records, such as a generator. A chunk lives as long as
// any value in it. Not safe for concurrent use; the values are (they never
// change).
type Boxes struct{ slab slab }

// String returns s as an interface value.
func (b *Boxes) String(s string) any { return b.slab.string(s) }

// Float returns f as an interface value.
func (b *Boxes) Float(f float64) any { return b.slab.float(f) }

// Text returns p as a string in shared chunks of text (one allocation for
// 4 KiB of short strings instead of one each); p may be reused at once.
func (b *Boxes) Text(p []byte) string { return b.slab.text(p) }
