package window

import "time"

// SetClock replaces the wall clock of window processors until the returned
// function restores it.
func SetClock(now func() time.Time) (restore func()) {
	old := clock
	clock = now
	return func() { clock = old }
}
