package route_test

import (
	"fmt"
	"testing"

	"github.com/sluice-dev/sluice/job"
	"github.com/sluice-dev/sluice/record"
)

// benchRouter routes slices of 1000 records (through the harness, as the
// runner calls it) and reports records per second.
func benchRouter(b *testing.B, op string) {
	h, err := job.ProcessorHarness(op, "", job.HarnessOptions{})
	if err != nil {
		b.Fatal(err)
	}
	defer h.Close()
	recs := make([]*record.Record, 1000)
	for i := range recs {
		o := record.NewObject(4)
		o.Set("user", fmt.Sprintf("user-%d", i%97))
		o.Set("country", []string{"fr", "de", "us", "jp"}[i%4])
		o.Set("n", float64(i))
		o.Set("date", fmt.Sprintf("2024-%02d-%02dT%02d:17:00.000Z", i%12+1, i%28+1, i%24))
		recs[i] = record.New(o)
		recs[i].SetMeta("_key", fmt.Sprintf("K%08x", i*2654435761))
	}
	b.ReportAllocs()
	b.ResetTimer()
	for n := 0; n < b.N; n++ {
		if _, err := h.RunSlice(recs); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N*len(recs))/b.Elapsed().Seconds(), "records/s")
}

func BenchmarkKeyRouter(b *testing.B) {
	benchRouter(b, `{"_op": "key_router", "use": 1, "from": "beginning", "case": "lower"}`)
}

func BenchmarkHashRouterKey(b *testing.B) {
	benchRouter(b, `{"_op": "hash_router", "partitions": 16}`)
}

func BenchmarkHashRouterFields(b *testing.B) {
	benchRouter(b, `{"_op": "hash_router", "fields": ["user", "country"], "partitions": 16}`)
}

func BenchmarkFieldRouter(b *testing.B) {
	benchRouter(b, `{"_op": "field_router", "fields": ["country", "user"]}`)
}

func BenchmarkDateRouter(b *testing.B) {
	benchRouter(b, `{"_op": "date_router", "field": "date", "resolution": "hourly"}`)
}

func BenchmarkSetKey(b *testing.B) {
	benchRouter(b, `{"_op": "set_key", "field": "user"}`)
}
