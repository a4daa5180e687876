// Command measure runs a command and writes its wall time, peak RSS and CPU
// time to a file as "seconds kilobytes user-seconds system-seconds", like
// GNU time's -f "%e %M %U %S" but with the wall time to the microsecond (time's
// 10 ms steps are 5 % of a 0.2 s run). scripts/bench uses it.
//
// usage: measure OUTFILE COMMAND [ARG...]
package main

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"syscall"
	"time"
)

func main() {
	if len(os.Args) < 3 {
		fmt.Fprintln(os.Stderr, "usage: measure OUTFILE COMMAND [ARG...]")
		os.Exit(2)
	}
	cmd := exec.Command(os.Args[2], os.Args[3:]...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	start := time.Now()
	err := cmd.Run()
	wall := time.Since(start)
	var exit *exec.ExitError
	if err != nil && !errors.As(err, &exit) {
		fmt.Fprintln(os.Stderr, "measure:", err)
		os.Exit(2)
	}
	ru, _ := cmd.ProcessState.SysUsage().(*syscall.Rusage)
	line := fmt.Sprintf("%.6f %d %.6f %.6f\n", wall.Seconds(), ru.Maxrss,
		time.Duration(ru.Utime.Nano()).Seconds(), time.Duration(ru.Stime.Nano()).Seconds())
	if err := os.WriteFile(os.Args[1], []byte(line), 0o644); err != nil {
		fmt.Fprintln(os.Stderr, "measure:", err)
		os.Exit(2)
	}
	os.Exit(cmd.ProcessState.ExitCode())
}
