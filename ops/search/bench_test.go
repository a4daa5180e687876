package search_test

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/sluice-dev/sluice/internal/routetest"
	"github.com/sluice-dev/sluice/job"
	"github.com/sluice-dev/sluice/record"
)

// BenchmarkSearchSender writes 10,000 records per op to the test search
// server on loopback with several bulk sizes; records/s is the figure.
// (The server's indexing dominates; BenchmarkBulkBody is the sender's own cost.)
func BenchmarkSearchSender(b *testing.B) {
	es := searchConnsTB(b)
	recs := routetest.BenchRecords(10000)
	for _, size := range []int{100, 500, 2000, 5000} {
		b.Run(fmt.Sprintf("size=%d", size), func(b *testing.B) {
			index := uniqueIndex("bench")
			s := newSenderTB(b, es, fmt.Sprintf(`{"index": %q, "size": %d}`, index, size))
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				b.StopTimer()
				for j, r := range recs { // new documents each round, as a job writes
					r.SetMeta("_key", fmt.Sprintf("b-%d-%d", i, j))
				}
				b.StartTimer()
				if n, err := s.Send(context.Background(), recs); err != nil || n != len(recs) {
					b.Fatalf("Send = %d, %v", n, err)
				}
			}
			b.ReportMetric(float64(b.N*len(recs))/b.Elapsed().Seconds(), "records/s")
			b.StopTimer()
			waitIndexed(b, index, b.N*len(recs))
		})
	}
}

// waitIndexed waits (untimed, up to 2 minutes) until the server has made
// every written document searchable, so the backlog a benchmark leaves in
// the test server does not slow the tests that run after it.
func waitIndexed(b *testing.B, index string, n int) {
	for deadline := time.Now().Add(2 * time.Minute); countDocs(b, index) < n; {
		if time.Now().After(deadline) {
			b.Logf("%s: not all %d documents searchable after 2 minutes", index, n)
			return
		}
		time.Sleep(200 * time.Millisecond)
	}
}

// BenchmarkSenderOverhead is the sender's own cost per record — building
// the bulk body, the HTTP round trips and decoding the answers — against a
// loopback server that acknowledges every item without indexing anything.
func BenchmarkSenderOverhead(b *testing.B) {
	srv := httptest.NewServer(http.HandlerFunc(ackEveryItem))
	defer srv.Close()
	conns := job.DefaultConnections()
	conns.Set(job.ConnSearch, "default", record.FromMap(map[string]any{"node": srv.URL}))
	recs := routetest.BenchRecords(10000)
	s := newSenderTB(b, conns, `{"index": "overhead", "size": 2000}`)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if n, err := s.Send(context.Background(), recs); err != nil || n != len(recs) {
			b.Fatalf("Send = %d, %v", n, err)
		}
	}
	b.ReportMetric(float64(b.N*len(recs))/b.Elapsed().Seconds(), "records/s")
}

// ackEveryItem answers GET / as Elasticsearch and a _bulk with one
// "created" item per action line.
func ackEveryItem(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("X-Elastic-Product", "Elasticsearch")
	w.Header().Set("Content-Type", "application/json")
	if r.URL.Path == "/" {
		io.WriteString(w, `{"version":{"number":"8.19.7"},"tagline":"You Know, for Search"}`)
		return
	}
	body, _ := io.ReadAll(r.Body)
	items := bytes.Count(body, []byte("\n")) / 2
	var out bytes.Buffer
	out.WriteString(`{"took":1,"errors":false,"items":[`)
	for i := 0; i < items; i++ {
		if i > 0 {
			out.WriteByte(',')
		}
		out.WriteString(`{"index":{"_index":"overhead","_id":"x","status":201,"result":"created"}}`)
	}
	out.WriteString(`]}`)
	w.Write(out.Bytes())
}
