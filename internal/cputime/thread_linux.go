package cputime

import (
	"syscall"
	"time"
)

const rusageThread = 1 // RUSAGE_THREAD

func thread() (time.Duration, bool) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(rusageThread, &ru); err != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}
