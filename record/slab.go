package record

import "unsafe"

// Decoder decodes records one after another, boxing their strings, numbers
// and not-yet-decoded nested values in memory it allocates in chunks
// instead of one allocation per value. A record's values share a chunk with
// other records' values and keep it alive as long as any of them is kept;
// they never change, so sharing is safe. The zero value is ready to use.
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

// slab hands out the boxes of decoded values from chunks.
type slab struct {
	strs  []string
	nums  []float64
	lazys []lazyJSON
}

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
		sl.strs = make([]string, 0, slabChunk)
	}
	sl.strs = append(sl.strs, s)
	return boxAt(stringBox, unsafe.Pointer(&sl.strs[len(sl.strs)-1]))
}

func (sl *slab) float(f float64) any {
	if len(sl.nums) == cap(sl.nums) {
		sl.nums = make([]float64, 0, slabChunk)
	}
	sl.nums = append(sl.nums, f)
	return boxAt(floatBox, unsafe.Pointer(&sl.nums[len(sl.nums)-1]))
}

func (sl *slab) lazyJSON(text string) *lazyJSON {
	if len(sl.lazys) == cap(sl.lazys) {
		sl.lazys = make([]lazyJSON, 0, slabChunk/4)
	}
	sl.lazys = append(sl.lazys, lazyJSON{text, sl})
	return &sl.lazys[len(sl.lazys)-1]
}

// boxString, boxFloat and lazyText box a decoded value in the decoder's
// slab when it has one, else on their own.
func (d *decoder) boxString(s string) any {
	if d.slab == nil {
		return s
	}
	return d.slab.string(s)
}

func (d *decoder) boxFloat(f float64) any {
	if d.slab == nil {
		return f
	}
	return d.slab.float(f)
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
