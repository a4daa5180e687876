package fsys

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"
)

// Opener connects to a backend. config is the connection's settings as they
// appear in the job or system configuration (JSON-decoded values); an opener
// rejects keys it does not know with a clear error.
type Opener func(ctx context.Context, config map[string]any) (FS, error)

var registry = struct {
	sync.RWMutex
	openers map[string]Opener
}{openers: map[string]Opener{}}

// Register makes a backend available under kind ("local", "hdfs", "s3").
// Backends call it from init. Registering a kind twice, an empty kind or a
// nil opener panics.
func Register(kind string, open Opener) {
	registry.Lock()
	defer registry.Unlock()
	if kind == "" || open == nil {
		panic("fsys: Register needs a kind and an opener")
	}
	if _, dup := registry.openers[kind]; dup {
		panic("fsys: backend " + kind + " registered twice")
	}
	registry.openers[kind] = open
}

// Open connects to a backend of the given kind with a connection's config.
func Open(ctx context.Context, kind string, config map[string]any) (FS, error) {
	registry.RLock()
	open, ok := registry.openers[kind]
	registry.RUnlock()
	if !ok {
		return nil, fmt.Errorf("fsys: unknown file system kind %q (known: %s)", kind, strings.Join(Kinds(), ", "))
	}
	return open(ctx, config)
}

// Kinds lists the registered backends in sorted order.
func Kinds() []string {
	registry.RLock()
	defer registry.RUnlock()
	kinds := make([]string, 0, len(registry.openers))
	for k := range registry.openers {
		kinds = append(kinds, k)
	}
	slices.Sort(kinds)
	return kinds
}

// CheckKeys reports the keys of config that are not in known, for openers
// that reject unknown settings. The key "kind" is always allowed.
func CheckKeys(backend string, config map[string]any, known ...string) error {
	var unknown []string
	for k := range config {
		if k != "kind" && !slices.Contains(known, k) {
			unknown = append(unknown, k)
		}
	}
	if len(unknown) == 0 {
		return nil
	}
	slices.Sort(unknown)
	accepted := "it takes none"
	if len(known) > 0 {
		accepted = "known: " + strings.Join(known, ", ")
	}
	return fmt.Errorf("fsys: %s connection: unknown setting(s) %s (%s)", backend, strings.Join(unknown, ", "), accepted)
}
