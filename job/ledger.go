package job

import (
	"hash/maphash"
	"math"
	"sync"

	"github.com/sluice-dev/sluice/record"
)

// SentLedger remembers what the attempts of a slice have already delivered,
// so that a retried attempt delivers only the rest: senders that are not
// idempotent (files, streams) never receive a record twice for one slice.
//
// A record is identified by a 64-bit fingerprint of its data and of its
// `standard:route` and `_key` metadata, counted as a multiset: a slice that
// holds two identical records delivers both, once each. A retried attempt
// recomputes its records (the fetcher runs again); those equal to records
// an earlier attempt delivered are skipped, any others are sent. The ledger
// of a slice is kept until the slice finishes or finally fails (Forget).
//
// It is safe for concurrent use.
type SentLedger struct {
	// Lazy keeps the delivered records themselves and fingerprints them
	// only when a retry asks (most slices are never retried). Set it only
	// when nothing changes a record after it was delivered (the sending
	// operation is the last of the job).
	Lazy    bool
	mu      sync.Mutex
	seed    maphash.Seed
	slices  map[string]map[uint64]int
	pending map[string][]*record.Record // Lazy: delivered, not yet fingerprinted
}

// NewSentLedger returns an empty ledger.
func NewSentLedger() *SentLedger {
	return &SentLedger{seed: maphash.MakeSeed(), slices: map[string]map[uint64]int{}, pending: map[string][]*record.Record{}}
}

// Unsent returns the records of recs that no earlier attempt of slice
// delivered (all of them on a first attempt), in their order. Within one
// call each record that matches a delivery uses it up; the ledger itself
// is not changed, so every attempt sees all the deliveries before it.
func (l *SentLedger) Unsent(slice string, recs []*record.Record) []*record.Record {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.settle(slice)
	if len(l.slices[slice]) == 0 {
		return recs
	}
	sent := make(map[uint64]int, len(l.slices[slice]))
	for fp, n := range l.slices[slice] {
		sent[fp] = n
	}
	out := make([]*record.Record, 0, len(recs))
	for _, r := range recs {
		fp := l.fingerprint(r)
		if sent[fp] > 0 {
			sent[fp]--
			continue
		}
		out = append(out, r)
	}
	return out
}

// MarkSent records that recs were delivered by the current attempt of slice.
func (l *SentLedger) MarkSent(slice string, recs []*record.Record) {
	if l.Lazy {
		l.mu.Lock()
		l.pending[slice] = append(l.pending[slice], recs...)
		l.mu.Unlock()
		return
	}
	fps := make([]uint64, len(recs))
	for i, r := range recs {
		fps[i] = l.fingerprint(r)
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	l.count(slice, fps)
}

func (l *SentLedger) count(slice string, fps []uint64) {
	sent := l.slices[slice]
	if sent == nil {
		sent = map[uint64]int{}
		l.slices[slice] = sent
	}
	for _, fp := range fps {
		sent[fp]++
	}
}

// settle fingerprints the pending deliveries of a slice (Lazy).
func (l *SentLedger) settle(slice string) {
	recs := l.pending[slice]
	if len(recs) == 0 {
		return
	}
	fps := make([]uint64, len(recs))
	for i, r := range recs {
		fps[i] = l.fingerprint(r)
	}
	l.count(slice, fps)
	delete(l.pending, slice)
}

// Forget drops what the ledger knows about slice: call it when the slice
// finished or finally failed.
func (l *SentLedger) Forget(slice string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	delete(l.slices, slice)
	delete(l.pending, slice)
}

// Len is the number of deliveries the ledger holds for slice.
func (l *SentLedger) Len(slice string) int {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.settle(slice)
	n := 0
	for _, c := range l.slices[slice] {
		n += c
	}
	return n
}

// fingerprint hashes a record's data and its routing metadata.
func (l *SentLedger) fingerprint(r *record.Record) uint64 {
	var h maphash.Hash
	h.SetSeed(l.seed)
	hashValue(&h, RecordValue(r))
	for _, k := range [...]string{"standard:route", "_key"} {
		v, ok := r.GetMeta(k)
		h.WriteByte(0xfe)
		if ok {
			hashValue(&h, v)
		}
	}
	return h.Sum64()
}

// hashValue writes a record value with a type tag before each part, so that
// different values give different byte streams.
func hashValue(h *maphash.Hash, v any) {
	switch x := v.(type) {
	case nil:
		h.WriteByte(0)
	case bool:
		h.WriteByte(1)
		if x {
			h.WriteByte(1)
		}
	case float64:
		h.WriteByte(2)
		writeUint64(h, math.Float64bits(x))
	case string:
		h.WriteByte(3)
		writeString(h, x)
	case []any:
		h.WriteByte(4)
		writeUint64(h, uint64(len(x)))
		for _, e := range x {
			hashValue(h, e)
		}
	case *record.Object:
		hashObject(h, x)
	default:
		h.WriteByte(6) // undefined, or a value of another type
		writeString(h, record.ToString(v))
	}
}

func hashObject(h *maphash.Hash, o *record.Object) {
	h.WriteByte(5)
	writeUint64(h, uint64(o.Len()))
	for i := 0; i < o.Len(); i++ {
		k, v := o.At(i)
		writeString(h, k)
		hashValue(h, v)
	}
}

func writeString(h *maphash.Hash, s string) {
	writeUint64(h, uint64(len(s)))
	h.WriteString(s)
}

func writeUint64(h *maphash.Hash, u uint64) {
	var b [8]byte
	for i := range b {
		b[i] = byte(u >> (8 * i))
	}
	h.Write(b[:])
}
