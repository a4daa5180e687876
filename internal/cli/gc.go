package cli

import (
	"os"
	"runtime/debug"
	"runtime/metrics"
)

// gcHeadroom is the memory rulec run lets the heap grow by above what the
// compiled rules hold before collecting at the latest.
const gcHeadroom = 64 << 20

// tuneGC makes rulec run collect rarely but stay within a bounded size:
// GOGC 400 (records are short-lived, most of the heap is garbage) under a
// soft memory limit of the compiled plan's heap plus gcHeadroom, so a large
// plan does not multiply the peak by five. GOGC and GOMEMLIMIT set in the
// environment win.
func tuneGC() {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(400)
	}
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(int64(heapInUse()) + gcHeadroom)
	}
}

// heapInUse is the bytes of heap objects now (live and not yet collected).
func heapInUse() uint64 {
	s := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	metrics.Read(s)
	if s[0].Value.Kind() != metrics.KindUint64 {
		return 0
	}
	return s[0].Value.Uint64()
}
