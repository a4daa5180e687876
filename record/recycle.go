package record

// Recycling: a Decoder (or Boxes) whose owner knows that nothing it made
// is read any more hands out the same memory again instead of new chunks.
// rulec run recycles after each batch, whose records are all written by
// then: no allocation, no zeroing and no collection of ~1 KB per record.

// maxFreeChunks bounds the chunks of one kind a recycled slab keeps (a
// batch with one huge record does not keep its memory for ever): 64
// chunks of 256 values, 512 members or 4 KiB of text.
const maxFreeChunks = 64

// slabPools are the chunks of a recycled slab, by kind.
type slabPools struct {
	strs   chunkPool[string]
	nums   chunkPool[float64]
	lazys  chunkPool[lazyJSON]
	objs   chunkPool[Object]
	fields chunkPool[field]
	bytes  chunkPool[byte]
	small  chunkPool[objectWith4]
	arrays chunkPool[arrayWith4]
}

// chunkPool keeps the chunks of one kind: those handed out since the
// last recycle, and those free to hand out again.
type chunkPool[T any] struct{ spent, free [][]T }

// next returns an empty chunk of capacity n to go on from old (full, or
// nil). Once the slab is recycled (keep), it is a free one when there is
// one, and old is kept to be recycled; before, both are the collector's.
func (p *chunkPool[T]) next(old []T, n int, keep bool) []T {
	if !keep {
		return make([]T, 0, n)
	}
	if cap(old) == n {
		p.spent = append(p.spent, old)
	}
	if k := len(p.free); k > 0 {
		c := p.free[k-1]
		p.free[k-1] = nil
		p.free = p.free[:k-1]
		return c[:0]
	}
	return make([]T, 0, n)
}

// recycle frees every chunk handed out, cur (the one in use) included,
// and returns cur emptied to go on with. The values left in the chunks
// are not cleared: they are written over as the chunks are handed out
// again, and until then keep alive at most what one batch held.
func (p *chunkPool[T]) recycle(cur []T) []T {
	p.free = append(p.free, p.spent...)
	clear(p.spent)
	p.spent = p.spent[:0]
	if len(p.free) > maxFreeChunks {
		clear(p.free[maxFreeChunks:])
		p.free = p.free[:maxFreeChunks]
	}
	return cur[:0]
}

// recycle makes all of the slab's memory free for what it hands out next.
func (sl *slab) recycle() {
	sl.recycled = true
	p := &sl.pools
	sl.strs = p.strs.recycle(sl.strs)
	sl.nums = p.nums.recycle(sl.nums)
	sl.lazys = p.lazys.recycle(sl.lazys)
	sl.objs = p.objs.recycle(sl.objs)
	sl.fields = p.fields.recycle(sl.fields)
	sl.bytes = p.bytes.recycle(sl.bytes)
	sl.small = p.small.recycle(sl.small)
	sl.arrays = p.arrays.recycle(sl.arrays)
}

// Recycle declares every record d has decoded, and every value in them,
// dead: d hands out their memory again for the records it decodes next.
// Call it only when nothing d returned is read any more (nor kept: a value
// kept is overwritten). Until its first Recycle a Decoder's memory is the
// collector's, as with any value.
func (d *Decoder) Recycle() {
	if d.slab == nil {
		d.slab = new(slab)
	}
	d.slab.recycle()
}

// Recycle declares every value b has boxed dead, for b to hand out their
// memory again; the same contract as Decoder.Recycle.
func (b *Boxes) Recycle() { b.slab.recycle() }
