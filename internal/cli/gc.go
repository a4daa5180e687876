package cli

import (
	"math"
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"sync/atomic"
)

// gcHeadroom is the memory rulec run lets the heap grow by above what the
// compiled rules hold before collecting at the latest; pipeline run lets
// it grow by as much above what the loaded job holds (memoryGuard).
const gcHeadroom = 64 << 20

// gcPercent is the GOGC of rulec run and of pipeline run under its memory
// guard: records are short-lived, most of the heap is garbage, so the
// collector runs when the soft memory limit is near rather than each time
// a small live heap has doubled.
const gcPercent = 400

// tuneGC makes rulec run collect rarely but stay within a bounded size:
// GOGC 400 (records are short-lived, most of the heap is garbage) under a
// soft memory limit of the compiled plan's heap plus gcHeadroom, so a large
// plan does not multiply the peak by five. GOGC and GOMEMLIMIT set in the
// environment win.
func tuneGC() {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(gcPercent)
	}
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(int64(heapInUse()) + gcHeadroom)
	}
}

// heapInUse is the bytes of heap objects now (live and not yet collected).
func heapInUse() uint64 { return readUint("/memory/classes/heap/objects:bytes") }

// liveHeap is the bytes of heap objects the last collection found live.
func liveHeap() uint64 { return readUint("/gc/heap/live:bytes") }

func readUint(name string) uint64 {
	s := []metrics.Sample{{Name: name}}
	metrics.Read(s)
	if s[0].Value.Kind() != metrics.KindUint64 {
		return 0
	}
	return s[0].Value.Uint64()
}

// GuardMemory bounds the memory of pipeline run when neither GOGC nor
// GOMEMLIMIT is set (they win): GOGC gcPercent under a soft memory limit of
// the loaded job's heap plus gcHeadroom, raised after every collection to
// 1.5 times the live heap when that is more. The collector then runs when
// the limit is near, not each time a small live heap has doubled (a
// data_generator -> transform job spent 12-15 % more CPU at GOGC 100). A
// job whose slices hold little (a file read into records that no operation
// decodes) peaks at about the floor instead of twice its largest live heap
// plus what the runtime has not yet returned; a job that keeps more never
// collects more often than at GOGC 50, so it cannot thrash against the
// limit. The returned function removes the limit and restores GOGC.
func GuardMemory() (stop func()) {
	if os.Getenv("GOGC") != "" || os.Getenv("GOMEMLIMIT") != "" {
		return func() {}
	}
	g := &memoryGuard{floor: heapInUse() + gcHeadroom}
	old := debug.SetGCPercent(gcPercent)
	g.adjust()
	g.arm()
	return func() {
		g.stopped.Store(true)
		debug.SetMemoryLimit(math.MaxInt64)
		debug.SetGCPercent(old)
	}
}

// memoryGuard keeps the soft memory limit at memoryLimit(floor, live heap).
type memoryGuard struct {
	floor   uint64
	stopped atomic.Bool
}

// memoryLimit is the soft limit for a live heap: the floor, or 1.5 times
// the live heap (the goal at GOGC 50) when that is more.
func memoryLimit(floor, live uint64) uint64 { return max(floor, live+live/2) }

func (g *memoryGuard) adjust() {
	debug.SetMemoryLimit(int64(min(memoryLimit(g.floor, liveHeap()), math.MaxInt64)))
}

// arm calls adjust after the next collection: a finalizer runs once the
// collection that found its object unreachable is over, and arms the next.
func (g *memoryGuard) arm() {
	sentinel := &gcSentinel{}
	runtime.SetFinalizer(sentinel, func(*gcSentinel) {
		if g.stopped.Load() {
			return
		}
		g.adjust()
		g.arm()
	})
}

// gcSentinel is an object only a finalizer refers to (not a zero-size or
// tiny allocation, whose finalizers may never run).
type gcSentinel struct{ _ [16]byte }
