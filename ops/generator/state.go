package generator

import (
	crand "crypto/rand"
	"encoding/binary"
	"math"
	"math/rand/v2"
	"strconv"
	"time"
	"unsafe"

	"github.com/brianvoe/gofakeit/v7"
	"github.com/sluice-dev/sluice/record"
)

// state is one fetcher's generation state: its random source, a faker
// sharing that source, a scratch buffer and where the current record is in
// the job. It is not safe for concurrent use; every worker's fetcher has its
// own.
type state struct {
	rng  *rand.Rand
	fk   *gofakeit.Faker
	buf  []byte
	strs arena
	box  record.Boxes // field values are boxed in chunks
	seq  int64        // position of the current record in the job (incrementalId)
	now  func() time.Time
	// the last formatted "now" (many records share a millisecond)
	nowMs  int64
	nowUTC bool
	nowStr string
}

func newState(now func() time.Time) *state {
	var seed [16]byte
	_, _ = crand.Read(seed[:])
	src := rand.NewPCG(binary.LittleEndian.Uint64(seed[:8]), binary.LittleEndian.Uint64(seed[8:]))
	return &state{rng: rand.New(src), fk: gofakeit.NewFaker(src, false), buf: make([]byte, 0, 256), now: now, nowMs: -1}
}

// gen produces one field value.
type gen func(s *state) any

// boxed is str as a field value.
func (s *state) boxed() any { return s.box.String(s.str()) }

// str returns the buffer's text as a string and empties the buffer.
func (s *state) str() string {
	out := s.strs.String(s.buf)
	s.buf = s.buf[:0]
	return out
}

// arenaBlock is the size of the blocks generated strings are carved from.
const arenaBlock = 64 << 10

// arena hands out strings carved from large blocks: one allocation for
// many field values instead of one each. A block's bytes are never written
// again once a string covers them, so the strings stay immutable.
type arena struct{ block []byte }

// String copies b into the arena.
func (a *arena) String(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	if len(b) > cap(a.block)-len(a.block) {
		a.block = make([]byte, 0, max(arenaBlock, len(b)))
	}
	start := len(a.block)
	a.block = append(a.block, b...)
	return unsafe.String(&a.block[start], len(b))
}

// between draws an integer in [lo, hi] (inclusive).
func (s *state) between(lo, hi int64) int64 {
	if hi <= lo {
		return lo
	}
	span := uint64(hi - lo)
	if span == ^uint64(0) {
		return int64(s.rng.Uint64())
	}
	return lo + int64(s.rng.Uint64N(span+1))
}

// pick returns a random element of a non-empty list.
func (s *state) pick(list []string) string { return list[s.rng.IntN(len(list))] }

const hexDigits = "0123456789abcdef"

// appendHex appends n hexadecimal digits of x (low digits first consumed).
func appendHex(b []byte, x uint64, n int) []byte {
	for range n {
		b = append(b, hexDigits[x&15])
		x >>= 4
	}
	return b
}

// appendFixed appends k / 10^digits as JavaScript prints the number:
// no trailing zeros, no trailing point ("-8.094", "12", "0.00005").
func appendFixed(b []byte, k int64, digits int) []byte {
	if k < 0 {
		b = append(b, '-')
		k = -k
	}
	pow := int64(1)
	for range digits {
		pow *= 10
	}
	b = strconv.AppendInt(b, k/pow, 10)
	frac := k % pow
	if frac == 0 {
		return b
	}
	var tmp [20]byte
	t := strconv.AppendInt(tmp[:0], frac+pow, 10)[1:] // zero-padded
	end := len(t)
	for end > 0 && t[end-1] == '0' {
		end--
	}
	return append(append(b, '.'), t[:end]...)
}

// maxSafeInt is JavaScript's Number.MAX_SAFE_INTEGER.
const maxSafeInt = 9007199254740991

func pow10(n int) float64 {
	p := 1.0
	for range n {
		p *= 10
	}
	return p
}

// ceilSafe and floorSafe round within the int64 range.
func ceilSafe(f float64) float64  { return clampInt(math.Ceil(f)) }
func floorSafe(f float64) float64 { return clampInt(math.Floor(f)) }

func clampInt(f float64) float64 { return max(-maxSafeInt*1024, min(f, maxSafeInt*1024)) }

// appendNumber appends a number as JavaScript prints it.
func appendNumber(b []byte, f float64) []byte { return record.AppendNumber(b, f) }
