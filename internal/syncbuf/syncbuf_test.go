package syncbuf

import (
	"strings"
	"sync"
	"testing"
)

func TestConcurrentWritesAreAllKept(t *testing.T) {
	var b Buffer
	var wg sync.WaitGroup
	for i := 0; i < 8; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := 0; j < 100; j++ {
				_, _ = b.Write([]byte("x"))
				_ = b.String()
			}
		}()
	}
	wg.Wait()
	if got := b.String(); got != strings.Repeat("x", 800) {
		t.Errorf("%d bytes kept, want 800", len(got))
	}
}
