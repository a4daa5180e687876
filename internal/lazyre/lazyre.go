package lazyre

import (
	"regexp"
	"sync"
)

// Regexp is a regular expression compiled on its first call, once, safely
// from any goroutine.
type Regexp func() *regexp.Regexp

var (
	mu  sync.Mutex
	all []Regexp
)

// New returns expr compiled on first use. An invalid expr panics on that
// use (as regexp.MustCompile would at start); CompileAll finds it in tests.
func New(expr string) Regexp {
	re := Regexp(sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(expr) }))
	mu.Lock()
	all = append(all, re)
	mu.Unlock()
	return re
}

// CompileAll compiles every expression made with New so far (for tests: a
// pattern that does not compile panics here, not on a user's record).
func CompileAll() int {
	mu.Lock()
	defer mu.Unlock()
	for _, re := range all {
		re()
	}
	return len(all)
}
