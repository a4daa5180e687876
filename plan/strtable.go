package plan

import (
	"math/bits"

	"github.com/sluice-dev/sluice/internal/swar"
)

// strTable is the selector index's map from one field's string values to
// selectors, built once: open addressing with linear probing, hashed on
// the string's length and (at most) its first and last eight bytes, with a
// byte of the hash per slot probed first. A lookup costs a few loads and
// one comparison of strings, where a Go map hashes every byte of the
// record's value. Values that collide too much
// (long strings alike at both ends) make it fall back to the map.
type strTable struct {
	slots []strSlot // a power of two long, at least half empty
	// tags has a byte per slot: 0 for an empty one, else slotTag of its
	// key's hash. A lookup probes the tags, which share a cache line or
	// two, and reads a slot (64 bytes) only when its tag is the value's:
	// a value that is not there (most of a field's values, often) is
	// turned away without reading any slot.
	tags []uint8
	m    map[string][]int
	// few holds the values instead when there are at most maxFew: a
	// lookup compares them in turn (their lengths first), cheaper than
	// hashing for so few (a field tested for a value or two)
	few []fewValue
}

type fewValue struct {
	key  string
	sels []int
}

// maxFew is the most values a table compares in turn (strTable.few).
const maxFew = 4

type strSlot struct {
	// a and b are the words of key strHash mixes, which with key's length
	// are the whole key when it is at most 16 bytes long (shortKey): such a
	// key is compared as three words, without a call to compare bytes
	a, b uint64
	n    int // len(key)
	key  string
	sels []int // nil: an empty slot
}

// shortKey is the longest key strWords holds whole.
const shortKey = 16

// maxStrProbes bounds the slots a lookup of a present value reads; a set
// of values that needs more uses the map.
const maxStrProbes = 8

func newStrTable(m map[string][]int) strTable {
	if len(m) <= maxFew {
		t := strTable{few: make([]fewValue, 0, len(m))}
		for k, sels := range m {
			t.few = append(t.few, fewValue{k, sels})
		}
		return t
	}
	size := 2
	for size < 2*len(m) {
		size *= 2
	}
	t := strTable{slots: make([]strSlot, size), tags: make([]uint8, size)}
	for k, sels := range m {
		if !t.insert(k, sels) {
			return strTable{m: m}
		}
	}
	return t
}

func (t *strTable) insert(k string, sels []int) bool {
	mask := uint64(len(t.slots) - 1)
	h := strHash(k)
	i := h & mask
	for probes := 0; t.tags[i] != 0; probes++ {
		if probes == maxStrProbes {
			return false
		}
		i = (i + 1) & mask
	}
	a, b := strWords(k)
	t.slots[i] = strSlot{a: a, b: b, n: len(k), key: k, sels: sels}
	t.tags[i] = slotTag(h)
	return true
}

// slotTag is the tag of a hash: its top seven bits, and the eighth set so
// that no tag is 0 (an empty slot's).
func slotTag(h uint64) uint8 { return uint8(h>>57) | 0x80 }

// get returns the selectors of s, or nil.
func (t *strTable) get(s string) []int {
	if t.slots == nil {
		return t.getOther(s)
	}
	mask := uint64(len(t.slots) - 1)
	a, b := strWords(s)
	n := len(s)
	h := mix(a, b, n)
	tag := slotTag(h)
	for i := h & mask; ; i = (i + 1) & mask {
		switch t.tags[i] {
		case 0:
			return nil
		case tag:
			e := &t.slots[i]
			if e.a == a && e.b == b && e.n == n && (n <= shortKey || e.key == s) {
				return e.sels
			}
		}
	}
}

// getOther is get from a table of few values or one fallen back to the map.
func (t *strTable) getOther(s string) []int {
	if t.m != nil {
		return t.m[s]
	}
	for i := range t.few {
		if v := &t.few[i]; len(v.key) == len(s) && v.key == s {
			return v.sels
		}
	}
	return nil
}

// strHash mixes s's length and its first and last eight bytes (all of them
// when s is at most 16 long).
func strHash(s string) uint64 {
	a, b := strWords(s)
	return mix(a, b, len(s))
}

// strWords are s's first and last eight bytes; with s's length they are
// all of s when it is at most 16 long (shortKey): the two loads overlap or
// meet for 8 to 16 bytes, the two four-byte loads for 4 to 7, and the
// first, middle and last bytes are all of 1 to 3.
func strWords(s string) (a, b uint64) {
	switch n := len(s); {
	case n >= 8:
		a, b = swar.Load64(s, 0), swar.Load64(s, n-8)
	case n >= 4:
		a = uint64(swar.Load32(s, 0)) | uint64(swar.Load32(s, n-4))<<32
	case n > 0:
		a = uint64(s[0]) | uint64(s[n/2])<<8 | uint64(s[n-1])<<16
	}
	return a, b
}

func mix(a, b uint64, n int) uint64 {
	hi, lo := bits.Mul64(a^0x9e3779b97f4a7c15, b^uint64(n)^0xd6e8feb86659fd93)
	return hi ^ lo
}
