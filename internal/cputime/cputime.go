// Package cputime measures the CPU time a function spends on its own OS
// thread, for tests that compare costs (linear versus quadratic growth):
// unlike wall time it does not grow when other processes load the machine.
package cputime

import (
	"runtime"
	"time"
)

// Measure runs f on a locked OS thread and returns the CPU time that thread
// spent in it (wall time where the platform cannot tell thread CPU time).
// Work f hands to other goroutines is not counted.
func Measure(f func()) time.Duration {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	start, ok := thread()
	if !ok {
		t0 := time.Now()
		f()
		return time.Since(t0)
	}
	f()
	end, _ := thread()
	return end - start
}

// Best is the least of n measures of f.
func Best(n int, f func()) time.Duration {
	best := time.Duration(1<<63 - 1)
	for i := 0; i < n; i++ {
		best = min(best, Measure(f))
	}
	return best
}
