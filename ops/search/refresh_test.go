package search_test

import (
	"context"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/sluice-dev/sluice/internal/faultproxy"
	"github.com/sluice-dev/sluice/internal/syncbuf"
	"github.com/sluice-dev/sluice/job"
	"github.com/sluice-dev/sluice/ops/search"
)

// count is how often sub occurs in what was logged so far.
func count(logs *syncbuf.Buffer, sub string) int { return strings.Count(logs.String(), sub) }

// keepsWithin runs slices of 1000 until one keeps want records, failing
// after limit.
func keepsWithin(t *testing.T, h *job.Harness, want int, limit time.Duration) time.Duration {
	t.Helper()
	start := time.Now()
	for {
		out, err := h.RunSlice(makeData(1000))
		if err != nil {
			t.Fatal(err)
		}
		if len(out) == want {
			return time.Since(start)
		}
		if time.Since(start) > limit {
			t.Fatalf("still keeping %d of 1000 after %v, want %d", len(out), limit, want)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// A changed document changes the sample within a window; when the server
// cannot be reached, every refresh is reported and the last percentage
// (also 0, where the reference crashes: spec row 19) stays in force.
func TestRefreshKeepsTheLastPercentageWhenTheServerIsGone(t *testing.T) {
	for _, last := range []float64{30, 0} {
		p, conns := proxied(t)
		index := uniqueIndex("refresh")
		ctx := context.Background()
		if err := search.StoreDocument(ctx, conns, "default", index, "rate", map[string]any{"percent": 80}); err != nil {
			t.Fatal(err)
		}
		logs := &syncbuf.Buffer{}
		logger := slog.New(slog.NewTextHandler(logs, &slog.HandlerOptions{Level: slog.LevelWarn}))
		h, err := job.ProcessorHarness(`{"_op": "sample_exact_es_percent", "index": "`+index+`", "document_id": "rate", "window_ms": 200}`, "",
			job.HarnessOptions{Options: job.Options{Conns: conns}, Logger: logger})
		if err != nil {
			t.Fatal(err)
		}
		keepsWithin(t, h, 800, 0)
		if err := search.StoreDocument(ctx, conns, "default", index, "rate", map[string]any{"percent": last}); err != nil {
			t.Fatal(err)
		}
		// The document is visible now: the next refresh, at most one window away, applies it.
		if took := keepsWithin(t, h, int(last*10), time.Second); took > 400*time.Millisecond {
			t.Errorf("the new percentage took %v to apply with window_ms 200", took)
		}
		p.Add(faultproxy.Fault{Reset: true}) // every request from now on: the server is gone
		time.Sleep(900 * time.Millisecond)
		keepsWithin(t, h, int(last*10), 0)
		const warning = "Error retrieving new percentage from index "
		if n := count(logs, warning); n < 2 {
			t.Errorf("percent %v: %d refresh failures reported in 900 ms of window_ms 200, want >= 2:\n%s", last, n, logs.String())
		}
		if n := count(logs, "will re-use current percentage: TSError: "); n != count(logs, warning) {
			t.Errorf("warnings lack the reference's wording:\n%s", logs.String())
		}
		h.Close()
	}
}
