// Package routetest registers small test operations for whole-job tests of
// sender apis behind routed_sender: route_from_field routes records by
// fields, fail_first_attempt makes slices fail after the send so they are
// retried. Import it from tests only.
package routetest

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/sluice-dev/sluice/job"
	"github.com/sluice-dev/sluice/lang/diag"
	"github.com/sluice-dev/sluice/record"
)

var once sync.Once

// Register registers the operations (once per process).
func Register() {
	once.Do(func() {
		job.Register(&job.Spec{Name: "route_from_field", Kind: job.KindProcessor,
			Summary:      "test: the route field becomes standard:route, the key field _key",
			NewProcessor: func(*job.OpContext, *job.Config) (job.Processor, error) { return routeFromField{}, nil }})
		job.Register(&job.Spec{Name: "fail_first_attempt", Kind: job.KindProcessor,
			Summary:      "test: fail the first attempt of every odd slice",
			NewProcessor: func(*job.OpContext, *job.Config) (job.Processor, error) { return failFirst{}, nil }})
	})
}

type routeFromField struct{}

func (routeFromField) Process(_ *job.Slice, in []*record.Record) ([]*record.Record, error) {
	for _, r := range in {
		if v, ok := r.Data.Get("route"); ok {
			r.SetMeta("standard:route", v)
		}
		if v, ok := r.Data.Get("key"); ok {
			r.SetMeta("_key", v)
		}
	}
	return in, nil
}

type failFirst struct{}

func (failFirst) Process(s *job.Slice, in []*record.Record) ([]*record.Record, error) {
	if s.Attempt == 0 && s.Order%2 == 1 {
		return nil, fmt.Errorf("injected failure after routed_sender")
	}
	return in, nil
}

// WriteSlices writes the slices of Slices to dir/slices.json, a
// test-reader slicer_data_file_path, and returns its path and the ids each
// route must receive.
func WriteSlices(t testing.TB, dir string, n, per int) (string, map[string]map[int]int) {
	all, want := Slices(n, per)
	b, _ := json.Marshal(all)
	p := filepath.Join(dir, "slices.json")
	if err := os.WriteFile(p, b, 0o644); err != nil {
		t.Fatal(err)
	}
	return p, want
}

// RunJob validates and runs a job document with conns (nil: the loopback
// defaults), retrying failed slices at once.
func RunJob(t testing.TB, doc string, conns *job.Connections) *job.Summary {
	t.Helper()
	j, l := job.Validate(diag.NewSource("job.json", []byte(doc)), job.Options{Conns: conns})
	if j == nil {
		t.Fatal(&job.DiagError{List: l})
	}
	sum, err := job.Run(context.Background(), j, job.RunOptions{Backoff: func(time.Duration) time.Duration { return time.Millisecond }})
	if err != nil {
		t.Fatal(err)
	}
	return sum
}

// Slices are n slices of per records {id, route, key, data} routed r0..r3
// (key "k<id>", data "<id>"), and per route the ids it must receive once.
func Slices(n, per int) ([][]map[string]any, map[string]map[int]int) {
	want := map[string]map[int]int{}
	var all [][]map[string]any
	id := 0
	for range n {
		var recs []map[string]any
		for range per {
			route := fmt.Sprintf("r%d", (id*7)%4)
			recs = append(recs, map[string]any{"id": id, "route": route, "key": fmt.Sprint("k", id), "data": fmt.Sprint(id)})
			if want[route] == nil {
				want[route] = map[int]int{}
			}
			want[route][id] = 1
			id++
		}
		all = append(all, recs)
	}
	return all, want
}

// BenchRecords are n records shaped like data_generator's (about 400 bytes
// of JSON each), routed to four routes r0..r3 and keyed by their uuid.
func BenchRecords(n int) []*record.Record {
	out := make([]*record.Record, n)
	for i := range out {
		o := record.NewObject(9)
		o.Set("ip", fmt.Sprintf("10.%d.%d.%d", i%256, i/256%256, i/65536%256))
		o.Set("userAgent", "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36")
		o.Set("url", fmt.Sprintf("https://example.org/path/%d?q=%d", i, i*7))
		uuid := fmt.Sprintf("3f2b8c1e-9a7d-4e2f-b1c3-%012d", i)
		o.Set("uuid", uuid)
		o.Set("ipv6", "2001:db8:85a3::8a2e:370:7334")
		o.Set("location", "-8.094, -167.71893")
		o.Set("created", "2024-05-16T01:37:21.000Z")
		o.Set("bytes", float64(i*37%100000))
		o.Set("data", fmt.Sprintf("raw line %d with some text", i))
		r := record.New(o)
		r.SetMeta("standard:route", fmt.Sprintf("r%d", i%4))
		r.SetMeta("_key", uuid)
		out[i] = r
	}
	return out
}

// RunBench sends b.N slices of recs through routed_sender (`**`, one batch
// per slice) into the sender api configured by api (a JSON object with its
// _name) and reports records/s.
func RunBench(b *testing.B, api string, recs []*record.Record, conns *job.Connections) {
	var name struct {
		Name string `json:"_name"`
	}
	if err := json.Unmarshal([]byte(api), &name); err != nil {
		b.Fatal(err)
	}
	doc := fmt.Sprintf(`{"apis": [%s], "operations": [{"_op": "test-reader", "passthrough_slice": true},
		{"_op": "routed_sender", "_api_name": %q, "routing": {"**": "default"}, "size": %d}]}`, api, name.Name, len(recs))
	h, err := job.NewHarness(doc, job.HarnessOptions{Options: job.Options{Conns: conns}})
	if err != nil {
		b.Fatal(err)
	}
	defer h.Close()
	b.ReportAllocs()
	b.ResetTimer()
	start := time.Now()
	for b.Loop() {
		if _, err := h.RunSlice(recs); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(len(recs)*b.N)/time.Since(start).Seconds(), "records/s")
}
