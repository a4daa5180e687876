package record

import "math/bits"

// KeyAt returns the i-th key, without reading its value.
func (o *Object) KeyAt(i int) string {
	o.load()
	return o.fields[i].key
}

// HasTarget is Has(t.String()).
func (o *Object) HasTarget(t Target) bool {
	o.load()
	return o != nil && o.indexBit(t.name, t.bit) >= 0
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
