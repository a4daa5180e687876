package cluster

import (
	"context"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/sluice-dev/sluice/job"
)

// watch follows a key-value watch and hands every entry (nil marks the
// end of the initial values) to handle until ctx ends. After a
// reconnection to the server the watch is made again, every value
// included: a watch does not notice a server restart for a long time on
// its own.
func watch(ctx context.Context, nc *nats.Conn, open func(context.Context) (jetstream.KeyWatcher, error), handle func(jetstream.KeyValueEntry)) {
	for ctx.Err() == nil {
		reconnects := nc.Stats().Reconnects
		w, err := open(ctx)
		if err != nil {
			job.Sleep(ctx, 250*time.Millisecond)
			continue
		}
		follow(ctx, nc, w, reconnects, handle)
		_ = w.Stop()
	}
}

// follow hands entries to handle until ctx ends, the watch ends or the
// connection was made again.
func follow(ctx context.Context, nc *nats.Conn, w jetstream.KeyWatcher, reconnects uint64, handle func(jetstream.KeyValueEntry)) {
	tick := time.NewTicker(200 * time.Millisecond)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
			if nc.Stats().Reconnects != reconnects {
				return
			}
		case e, ok := <-w.Updates():
			if !ok {
				return
			}
			handle(e)
		}
	}
}
