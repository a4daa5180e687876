package jsre

import (
	"math"
	"math/bits"
	"math/rand/v2"
	"sync/atomic"
	"unsafe"

	"github.com/sluice-dev/sluice/internal/swar"
)

// A memo remembers one worker's recent answers of linear patterns on long
// strings, so that a value seen again (a user agent, a referrer, a
// product name: fields with few distinct long values) costs a hash and a
// comparison instead of a scan. It lives in the worker's Budget.
//
// It pays only where values repeat, so each pattern keeps its own count:
// a pattern whose lookups hit less than a quarter of the time over
// memoProbe calls is not looked up for its next memoRest calls, then
// probed again (the data may change). A value shorter than memoMinLen
// is matched directly (matching it costs about what a lookup does), and one
// longer than memoMaxLen too (it would crowd out the rest).
//
// Keys are copied into the memo's own text, never kept as given: a
// record's strings may be overwritten once its batch is done. Answers
// are kept as offsets, applied to the string asked about.
type memo struct {
	// slots come first: a memo is a large object, so it starts on a page
	// and each 64-byte slot fills one cache line (a lookup reads one line)
	slots [memoSlots]memoSlot
	seed  uint64     // differs between memos, so that no input can choose collisions in all
	gen   uint32     // slots of an older generation are empty
	text  []byte     // the keys of this generation
	stats []memoStat // by pattern id
}

const (
	memoBits   = 9
	memoSlots  = 1 << memoBits
	memoText   = 64 << 10
	memoMinLen = 32
	memoMaxLen = 4 << 10
	memoProbe  = 1024
	memoRest   = 32 << 10
)

type memoKind uint8

const (
	kindMatch memoKind = iota + 1 // MatchString: found only
	kindFirst                     // FirstIn: found and the submatch offsets
)

// memoSlot is 64 bytes: offsets into a key of at most memoMaxLen bytes
// (or -1) fit in an int16.
type memoSlot struct {
	re    *Regexp
	key   string
	gen   uint32
	kind  memoKind
	found bool
	n     uint8 // offsets in idx
	idx   [maxLineSlots]int16
}

// memoMaxLen must fit the slots' int16 offsets.
var _ [math.MaxInt16 - memoMaxLen]struct{}

type memoStat struct {
	calls, hits uint32
	rest        uint32 // calls left before probing again
}

// nextID numbers patterns for their memo statistics.
var nextID atomic.Uint32

// lookup finds the slot of (r, kind, s) in b's memo, for a caller that
// checked b.memoable(r, s); hit tells whether the slot holds the answer:
// on a miss the caller matches and gives the answer to keep.
func (b *Budget) lookup(r *Regexp, kind memoKind, s string) (m *memo, sl *memoSlot, hit bool) {
	if b.memo == nil {
		b.memo = &memo{seed: rand.Uint64(), gen: 1, text: make([]byte, 0, memoText)}
	}
	m = b.memo
	st := m.stat(r)
	sl = &m.slots[m.index(r, kind, s)]
	hit = sl.gen == m.gen && sl.re == r && sl.kind == kind && sl.key == s
	st.count(hit)
	return m, sl, hit
}

// memoable reports whether r on s is looked up at all (a Budget, s of a
// length worth remembering, r not resting); inlined, so a short value, the
// usual case, and a resting pattern (a field of unique values) cost no call
// to lookup.
func (b *Budget) memoable(r *Regexp, s string) bool {
	return b != nil && len(s) >= memoMinLen && len(s) <= memoMaxLen && !b.memo.rests(r)
}

// rests reports whether r's lookups rest on this call, counting the rest
// down.
func (m *memo) rests(r *Regexp) bool {
	if m == nil || int(r.id) >= len(m.stats) {
		return false
	}
	st := &m.stats[r.id]
	if st.rest == 0 {
		return false
	}
	st.rest--
	return true
}

func (m *memo) stat(r *Regexp) *memoStat {
	if int(r.id) >= len(m.stats) {
		m.stats = append(m.stats, make([]memoStat, int(r.id)+1-len(m.stats))...)
	}
	return &m.stats[r.id]
}

// count records one lookup; after memoProbe of them it decides whether
// the pattern rests.
func (st *memoStat) count(hit bool) {
	st.calls++
	if hit {
		st.hits++
	}
	if st.calls == memoProbe {
		if st.hits < memoProbe/4 {
			st.rest = memoRest
		}
		st.calls, st.hits = 0, 0
	}
}

// index is the slot of (r, kind, s). It hashes s's length and four of its
// words, spread over it, not every byte: a hit compares s whole anyway, and
// strings alike in all five (which then share a slot) are rare among the
// values of one field. The words are multiplied independently (the four
// products run at once, where a chain of them waits for each) and their
// sum mixed once more.
func (m *memo) index(r *Regexp, kind memoKind, s string) uint64 {
	n := len(s) // >= memoMinLen: every word is inside s
	h := uint64(n) ^ m.seed ^ (uint64(r.id)<<8 | uint64(kind))
	a := (swar.Load64(s, n/4-8) ^ m.seed) * 0x9e3779b97f4a7c15
	b := (swar.Load64(s, n/2-4) ^ h) * 0xc2b2ae3d27d4eb4f
	c := (swar.Load64(s, 3*n/4) ^ m.seed) * 0x165667b19e3779f9
	d := (swar.Load64(s, n-8) ^ h) * 0xd6e8feb86659fd93
	h = (h ^ a ^ bits.RotateLeft64(b, 21) ^ bits.RotateLeft64(c, 42) + bits.RotateLeft64(d, 11)) * 0x9e3779b97f4a7c15
	h ^= h >> 29
	return (h * 0xc2b2ae3d27d4eb4f) >> (64 - memoBits)
}

// keep fills sl with the answer for (r, kind, s): found, and for kindFirst
// the submatch offsets idx (at most maxLineSlots of them; more are not
// kept). The key is a copy of s in the memo's text; when the text is full
// the generation ends, every slot empties and the text is written over
// (a slot of an older generation is never compared, so its key is never
// read again).
func (m *memo) keep(sl *memoSlot, r *Regexp, kind memoKind, s string, found bool, idx []int) {
	if len(idx) > len(sl.idx) {
		return
	}
	if len(m.text)+len(s) > cap(m.text) {
		m.gen++
		m.text = m.text[:0]
	}
	at := len(m.text)
	m.text = append(m.text, s...)
	*sl = memoSlot{re: r, gen: m.gen, kind: kind, found: found, n: uint8(len(idx)),
		key: unsafe.String(&m.text[at], len(s))} // len(s) >= memoMinLen > 0
	for i, x := range idx {
		sl.idx[i] = int16(x)
	}
}

// offsets returns a kept kindFirst answer's submatch offsets in caps, nil
// when there was no match.
func (sl *memoSlot) offsets(caps *[maxLineSlots]int) []int {
	if !sl.found {
		return nil
	}
	for i := range int(sl.n) {
		caps[i] = int(sl.idx[i])
	}
	return caps[:sl.n]
}
