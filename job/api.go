package job

import (
	"context"
	"fmt"
	"sort"
	"sync"

	"github.com/sluice-dev/sluice/record"
)

// APIFactory is the api factory contract of the seed: Create makes a named
// client whose configuration is the api's configuration with overrides
// merged over it; Remove cleans it up.
type APIFactory interface {
	Create(name string, overrides map[string]any) (client any, cfg *Config, err error)
	Get(name string) (any, bool)
	Remove(name string) error
}

// RouteSender is the client interface of sender apis (routed_sender routes
// records to them).
//
// Send writes a batch and returns how many records were written. It is
// all-or-nothing: a nil error means every record was written or, when the
// sender cannot write it (a record of the wrong shape), handed to the
// dead-letter action of its api (OpContext.Reject) and not counted; an
// error means nothing of the batch was written, unless it is a
// *PartialSendError naming the records that were. Send may be called
// concurrently from several goroutines unless the sender is an
// OrderedSender.
//
// Verify makes sure a route's destination exists (a directory, an index);
// it may do nothing. routed_sender calls it once per dynamic (`**`) route.
type RouteSender interface {
	Send(ctx context.Context, records []*record.Record) (int, error)
	Verify(ctx context.Context, route string) error
}

// Factory is an APIFactory over a constructor: the common implementation
// every sender api uses.
type Factory[T any] struct {
	base    *Config
	build   func(cfg *Config) (T, error)
	cleanup func(T) error
	mu      sync.Mutex
	clients map[string]T
}

// NewFactory returns a factory that builds clients from the api's
// configuration merged with overrides; cleanup (optional) runs on Remove
// and at shutdown.
func NewFactory[T any](base *Config, build func(cfg *Config) (T, error), cleanup func(T) error) *Factory[T] {
	return &Factory[T]{base: base, build: build, cleanup: cleanup, clients: map[string]T{}}
}

// Create builds a client named name.
func (f *Factory[T]) Create(name string, overrides map[string]any) (any, *Config, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if _, dup := f.clients[name]; dup {
		return nil, nil, fmt.Errorf("API for %q already exists", name)
	}
	cfg := f.base.With(overrides)
	client, err := f.build(cfg)
	if err != nil {
		return nil, nil, err
	}
	f.clients[name] = client
	return client, cfg, nil
}

// Get returns a client made earlier.
func (f *Factory[T]) Get(name string) (any, bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	c, ok := f.clients[name]
	return c, ok
}

// Remove cleans up and forgets a client.
func (f *Factory[T]) Remove(name string) error {
	f.mu.Lock()
	c, ok := f.clients[name]
	delete(f.clients, name)
	f.mu.Unlock()
	if !ok || f.cleanup == nil {
		return nil
	}
	return f.cleanup(c)
}

// Shutdown removes every client (in name order).
func (f *Factory[T]) Shutdown(context.Context) error {
	f.mu.Lock()
	names := make([]string, 0, len(f.clients))
	for n := range f.clients {
		names = append(names, n)
	}
	f.mu.Unlock()
	sort.Strings(names)
	var first error
	for _, n := range names {
		if err := f.Remove(n); err != nil && first == nil {
			first = err
		}
	}
	return first
}

// apiSet holds one worker's instances of the job's apis.
type apiSet struct {
	order []string
	byKey map[string]any
}

func (s *apiSet) get(name string) (any, error) {
	if v, ok := s.byKey[name]; ok {
		return v, nil
	}
	return nil, fmt.Errorf("the job configures no api named %q", name)
}

// OrderedSender is implemented by senders whose output order matters (files,
// streams): routed_sender hands such a sender the batches of one route one
// at a time, in input order, instead of up to `concurrency` at once.
type OrderedSender interface {
	RouteSender
	SendsInOrder() bool
}

// PartialSendError is what a sender returns when it wrote part of a batch
// before failing: Sent lists the indexes (ascending) of the records that
// were written. Any other error from Send means nothing of the batch was
// written — a sender that cannot undo a partial write reports it this way,
// so that a retry of the slice does not deliver those records again.
type PartialSendError struct {
	Sent []int
	Err  error
}

func (e *PartialSendError) Error() string {
	return fmt.Sprintf("%d record(s) of the batch were sent before: %v", len(e.Sent), e.Err)
}
func (e *PartialSendError) Unwrap() error { return e.Err }
