package search

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/sluice-dev/sluice/job"
	"github.com/sluice-dev/sluice/record"
)

// Examples run against the test search server (job.Example.Servers).

const (
	examplePercentIndex = "sluice-example-percent"
	exampleSentIndex    = "sluice-example-sent"
)

// exampleConns are the connections of the example that runs, for its Check.
var exampleConns *job.Connections

func samplerExamples() []job.Example {
	return []job.Example{{
		Title:   "Keep the share stored in document `half` ({\"percent\": 50})",
		Config:  `{"_op": "sample_exact_es_percent", "index": "` + examplePercentIndex + `", "document_id": "half", "window_ms": 60000}`,
		Servers: []string{job.ConnSearch},
		Setup: func(c *job.Connections) error {
			return StoreDocument(context.Background(), c, "default", examplePercentIndex, "half", map[string]any{"percent": 50})
		},
		Input: `[{"id": 1}, {"id": 2}, {"id": 3}, {"id": 4}]`,
		Check: func(out []*record.Record) error {
			if len(out) != 2 {
				return fmt.Errorf("kept %d of 4 records, want 2", len(out))
			}
			return nil
		},
	}}
}

func senderExamples() []job.Example {
	return []job.Example{{
		Title:   "routed_sender indexes the records of the catch-all route, `_key` as their id",
		Config:  `{"_op": "routed_sender", "_api_name": "search_sender_api", "routing": {"*": "default"}}`,
		APIs:    `[{"_name": "search_sender_api", "index": "` + exampleSentIndex + `", "size": 100}]`,
		Servers: []string{job.ConnSearch},
		Setup:   func(c *job.Connections) error { exampleConns = c; return nil },
		Input:   `[{"name": "ada"}, {"name": "grace"}]`,
		Meta:    `[{"_key": "ex-1"}, {"_key": "ex-2"}]`,
		Check: func([]*record.Record) error {
			for id, name := range map[string]string{"ex-1": "ada", "ex-2": "grace"} {
				err := WaitForDocument(context.Background(), exampleConns, "default", exampleSentIndex, id, func(src map[string]any) bool {
					return src["name"] == name
				})
				if err != nil {
					return err
				}
			}
			return nil
		},
	}}
}

// StoreDocument writes a document with the index API and waits until a
// search finds it with that content (test servers make writes visible
// later, whatever `refresh` says). For examples, tests and tools.
func StoreDocument(ctx context.Context, conns *job.Connections, conn, index, id string, source map[string]any) error {
	c, err := connect(ctx, conns, conn)
	if err != nil {
		return err
	}
	body, _ := json.Marshal(source)
	res, err := c.es.Index(index, bytes.NewReader(body), c.es.Index.WithDocumentID(id), c.es.Index.WithContext(ctx))
	if err != nil {
		return err
	}
	drain(res.Body)
	if res.IsError() {
		return fmt.Errorf("storing %s/%s: %s", index, id, res.Status())
	}
	return waitFor(ctx, c, index, id, func(src map[string]any) bool { return hasFields(src, source) })
}

// hasFields reports whether src holds every field of want with the same
// JSON value (the server may add fields such as @timestamp).
func hasFields(src, want map[string]any) bool {
	for k, v := range want {
		a, _ := json.Marshal(src[k])
		b, _ := json.Marshal(v)
		if !bytes.Equal(a, b) {
			return false
		}
	}
	return true
}

// WaitForDocument waits (up to 20 s) until a search by id finds a document
// whose source satisfies ok.
func WaitForDocument(ctx context.Context, conns *job.Connections, conn, index, id string, ok func(map[string]any) bool) error {
	c, err := connect(ctx, conns, conn)
	if err != nil {
		return err
	}
	return waitFor(ctx, c, index, id, ok)
}

func waitFor(ctx context.Context, c *client, index, id string, ok func(map[string]any) bool) error {
	deadline := time.Now().Add(20 * time.Second)
	for {
		raw, err := c.sourceByID(ctx, index, id)
		var src map[string]any
		if err == nil && raw != nil {
			err = json.Unmarshal(raw, &src)
		}
		if err == nil && src != nil && ok(src) {
			return nil
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("document %s/%s not visible as expected after 20s (last: %v, %v)", index, id, src, err)
		}
		if !job.Sleep(ctx, 20*time.Millisecond) {
			return ctx.Err()
		}
	}
}
