package lazyre

import (
	"sync"
	"testing"
)

func TestCompiledOnceOnFirstUse(t *testing.T) {
	re := New(`^a+b$`)
	var wg sync.WaitGroup
	got := make([]bool, 8)
	for i := range got {
		wg.Add(1)
		go func() {
			defer wg.Done()
			got[i] = re().MatchString("aab")
		}()
	}
	wg.Wait()
	for i, ok := range got {
		if !ok {
			t.Errorf("goroutine %d: no match", i)
		}
	}
	if re() != re() {
		t.Error("compiled more than once")
	}
}

func TestInvalidPatternPanicsOnUse(t *testing.T) {
	re := New(`(`) // no panic here
	defer func() {
		if recover() == nil {
			t.Error("an invalid pattern did not panic on use")
		}
		mu.Lock()
		all = all[:len(all)-1] // keep CompileAll usable by other tests
		mu.Unlock()
	}()
	re()
}
