package search

import "time"

// SetFetchWaits replaces the waits between read attempts until restore.
func SetFetchWaits(w ...time.Duration) (restore func()) {
	old := fetchWaits
	fetchWaits = w
	return func() { fetchWaits = old }
}
