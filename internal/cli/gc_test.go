package cli

import (
	"math"
	"runtime"
	"runtime/debug"
	"testing"
	"time"
)

func TestMemoryLimit(t *testing.T) {
	const mb = 1 << 20
	for _, c := range []struct{ floor, live, want uint64 }{
		{70 * mb, 0, 70 * mb},
		{70 * mb, 40 * mb, 70 * mb},   // a small live heap: the floor
		{70 * mb, 60 * mb, 90 * mb},   // 1.5 × live once that is more
		{70 * mb, 400 * mb, 600 * mb}, // a large one is never squeezed
	} {
		if got := memoryLimit(c.floor, c.live); got != c.want {
			t.Errorf("memoryLimit(%d MB, %d MB) = %d MB, want %d MB", c.floor/mb, c.live/mb, got/mb, c.want/mb)
		}
	}
}

// TestGuardMemory checks that the guard follows the live heap after each
// collection, comes back down to its floor, and lets GOMEMLIMIT win.
func TestGuardMemory(t *testing.T) {
	t.Setenv("GOGC", "")
	t.Setenv("GOMEMLIMIT", "")
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(-1))
	stop := GuardMemory()
	floor := currentLimit()
	if floor < gcHeadroom || floor == math.MaxInt64 {
		t.Fatalf("limit after start = %d, want the heap plus %d", floor, gcHeadroom)
	}
	held := make([]byte, 2*floor) // live: the limit must rise to 1.5× it
	for i := range held {
		held[i] = byte(i)
	}
	raised := waitLimit(t, func(l int64) bool { return l >= int64(len(held))*3/2 })
	runtime.KeepAlive(held)
	held = nil
	waitLimit(t, func(l int64) bool { return l < raised && l >= floor-(1<<20) })
	stop()
	if l := currentLimit(); l != math.MaxInt64 {
		t.Errorf("limit after stop = %d, want none", l)
	}

	t.Setenv("GOMEMLIMIT", "1GiB")
	debug.SetMemoryLimit(math.MaxInt64)
	stop = GuardMemory()
	defer stop()
	if l := currentLimit(); l != math.MaxInt64 {
		t.Errorf("GOMEMLIMIT set: the guard set a limit of %d", l)
	}
}

func currentLimit() int64 { return debug.SetMemoryLimit(-1) }

// waitLimit collects until the limit satisfies ok (the guard adjusts it in
// a finalizer, after a collection) and returns it.
func waitLimit(t *testing.T, ok func(int64) bool) int64 {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for {
		runtime.GC()
		time.Sleep(10 * time.Millisecond)
		if l := currentLimit(); ok(l) {
			return l
		}
		if time.Now().After(deadline) {
			t.Fatalf("the limit stayed at %d", currentLimit())
		}
	}
}
