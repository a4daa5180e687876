package cputime

import (
	"testing"
	"time"
)

var sink uint64

func work(n int) {
	x := uint64(1)
	for i := 0; i < n; i++ {
		x = x*6364136223846793005 + 1442695040888963407
	}
	sink += x
}

// CPU time follows the work done, however loaded the machine is, and a
// sleeping thread costs (almost) nothing.
func TestMeasureFollowsWorkNotWallTime(t *testing.T) {
	one := Best(3, func() { work(20_000_000) })
	four := Best(3, func() { work(80_000_000) })
	if r := float64(four) / float64(one); r < 2.5 || r > 6 {
		t.Errorf("4x the work measured %.1fx the CPU time (%v vs %v)", r, four, one)
	}
	if idle := Measure(func() { time.Sleep(40 * time.Millisecond) }); idle > 15*time.Millisecond {
		t.Errorf("sleeping 40ms measured %v of CPU", idle)
	}
}
