package window_test

import (
	"sync"
	"testing"
	"time"

	"github.com/sluice-dev/sluice/ops/window"
)

// fakeClock is a wall clock that moves only when told to.
type fakeClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *fakeClock) Advance(ms int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(time.Duration(ms) * time.Millisecond)
}

// useFakeClock makes window processors read a fake clock for the test.
func useFakeClock(t *testing.T) *fakeClock {
	c := &fakeClock{t: time.Date(2024, 5, 6, 7, 8, 9, 0, time.UTC)}
	restore := window.SetClock(c.Now)
	current = c
	t.Cleanup(func() {
		restore()
		current = nil
	})
	return c
}
