package record

import (
	"math/bits"
	"unsafe"
)

// MaxTargetsAt is how many keys DeleteTargetsAt takes.
const MaxTargetsAt = 8

// DeleteTargetsAt removes the keys ts (at most MaxTargetsAt) from o, told
// where they are: byte j of at is 1 + the position of ts[j], or 0 when
// its writer did not note one (the key is then expected absent). It
// checks that first: it removes nothing and reports false when a noted
// position is past the keys or holds another key, or a key without one
// is there (whoever noted the positions cannot know what was done to o
// since). Keys are distinct, so the noted positions are then all of the
// keys to remove, and it removes them as DeleteAt does.
func (o *Object) DeleteTargetsAt(ts []Target, at uint64) bool {
	o.load()
	if len(ts) > MaxTargetsAt {
		return false
	}
	var mask, unnoted uint64
	for j, t := range ts {
		i := int(at>>(8*j)&0xff) - 1
		switch {
		case i < 0:
			unnoted |= t.bit
		case i >= len(o.fields) || i >= 64 || !sameKey(o.fields[i].key, t.name):
			return false
		default:
			mask |= 1 << i
		}
	}
	if o.keyBits&unnoted != 0 { // maybe there: look
		for j, t := range ts {
			if at>>(8*j)&0xff == 0 && o.indexBit(t.name, t.bit) >= 0 {
				return false
			}
		}
	}
	o.DeleteAt(mask)
	return true
}

// DeleteAt removes the members at the positions whose bits are set in at
// (bit i for the i-th; none past the last member may be set) and keeps
// the order of the others: DeleteKeys of their keys for a caller that
// knows where they are. As DeleteKeys, it leaves the slots past the
// remaining members uncleared.
func (o *Object) DeleteAt(at uint64) {
	if at == 0 {
		return
	}
	o.load()
	fs := o.fields
	n := bits.TrailingZeros64(at)
	for i := n + 1; i < len(fs); i++ {
		if i < 64 && at&(1<<i) != 0 {
			continue
		}
		fs[n] = fs[i]
		n++
	}
	o.fields = fs[:n]
	o.shape = nil
}

// sameKey is k == name, telling at once when both are the same string (a
// target's interned name, object_names.go, as its writer set it).
func sameKey(k, name string) bool {
	return len(k) == len(name) && (unsafe.StringData(k) == unsafe.StringData(name) || k == name)
}
