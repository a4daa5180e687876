package search_test

import (
	"fmt"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/elastic/go-elasticsearch/v8"

	"github.com/sluice-dev/sluice/internal/faultproxy"
	"github.com/sluice-dev/sluice/internal/testservers"
	"github.com/sluice-dev/sluice/job"
	"github.com/sluice-dev/sluice/record"
)

var seq atomic.Int64

// uniqueIndex is an index name no other test or run uses.
func uniqueIndex(prefix string) string {
	return fmt.Sprintf("%s-%d-%d", prefix, time.Now().UnixNano(), seq.Add(1))
}

// searchConns are connections whose default is the test search server.
func searchConns(t *testing.T) *job.Connections {
	t.Helper()
	return testservers.Connections(t, job.ConnSearch)
}

func searchConnsTB(tb testing.TB) *job.Connections {
	tb.Helper()
	return testservers.Connections(tb, job.ConnSearch)
}

// proxied puts a fault proxy in front of the test search server and
// returns connections whose default goes through it.
func proxied(t *testing.T) (*faultproxy.Proxy, *job.Connections) {
	t.Helper()
	es := testservers.Elasticsearch(t)
	p, err := faultproxy.New(es.URL)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(p)
	t.Cleanup(srv.Close)
	conns := job.DefaultConnections()
	conns.Set(job.ConnSearch, "default", record.FromMap(map[string]any{
		"node": []any{srv.URL}, "username": es.Username, "password": es.Password, "requestTimeout": 2000.0,
	}))
	return p, conns
}

func makeData(n int) []*record.Record {
	out := make([]*record.Record, n)
	for i := range out {
		o := record.NewObject(1)
		o.Set("i", float64(i))
		out[i] = record.New(o)
	}
	return out
}

// esClient is a plain client of the test search server (Info done).
func esClient(t testing.TB, es testservers.ES) *elasticsearch.Client {
	t.Helper()
	c, err := elasticsearch.NewClient(elasticsearch.Config{Addresses: []string{es.URL}, Username: es.Username, Password: es.Password})
	if err != nil {
		t.Fatal(err)
	}
	if res, err := c.Info(); err != nil || res.IsError() {
		t.Fatalf("info: %v %v", res, err)
	}
	return c
}

// createTextMapped creates an index whose percent field is mapped as text.
func createTextMapped(t *testing.T, index string) {
	t.Helper()
	c := esClient(t, testservers.Elasticsearch(t))
	res, err := c.Indices.Create(index, c.Indices.Create.WithBody(strings.NewReader(`{"mappings": {"properties": {"percent": {"type": "text"}}}}`)))
	if err != nil || res.IsError() {
		t.Fatalf("create %s: %v %v", index, res, err)
	}
	res.Body.Close()
}

// harness runs one processor with the given connections.
func harness(t *testing.T, opJSON, apisJSON string, conns *job.Connections) (*job.Harness, error) {
	t.Helper()
	h, err := job.ProcessorHarness(opJSON, apisJSON, job.HarnessOptions{Options: job.Options{Conns: conns}})
	if err == nil {
		t.Cleanup(h.Close)
	}
	return h, err
}
