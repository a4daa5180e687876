package route

import "time"

// SetClock replaces the clock of date_router until the returned function
// restores it.
func SetClock(now func() time.Time) (restore func()) {
	old := clock
	clock = now
	return func() { clock = old }
}
