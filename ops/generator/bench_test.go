package generator_test

import (
	"context"
	"testing"
	"time"

	"github.com/sluice-dev/sluice/job"
	"github.com/sluice-dev/sluice/ops/generator"
)

// benchFetch measures records/s of one fetcher generating slices of 1000.
func benchFetch(b *testing.B, params map[string]any, dir string) {
	j, l := validate(b, genJob(params))
	if j == nil {
		b.Fatal(l.Error())
	}
	if dir != "" {
		j.Dir = dir
	}
	f, err := generator.NewFetcher(j, j.Operations[0], time.Now)
	if err != nil {
		b.Fatal(err)
	}
	const n = 1000
	r := generator.Request(n, n)
	b.ReportAllocs()
	var recs int
	for b.Loop() {
		out, err := f.Fetch(nil, r)
		if err != nil || len(out) != n {
			b.Fatal(err)
		}
		recs += len(out)
	}
	b.ReportMetric(float64(recs)/b.Elapsed().Seconds(), "records/s")
}

func BenchmarkDefaultRecord(b *testing.B) { benchFetch(b, nil, "") }

func BenchmarkDefaultRecordWithID(b *testing.B) {
	benchFetch(b, map[string]any{"set_id": "base64url", "id_start_key": "[ab]", "format": "isoBetween"}, "")
}

func BenchmarkStressTest(b *testing.B) { benchFetch(b, map[string]any{"stress_test": true}, "") }

func BenchmarkCustomSchema(b *testing.B) {
	dir := b.TempDir()
	writeFile(b, dir, `{"name": {"faker": "person.fullName"}, "age": {"chance": "integer({\"min\": 1, \"max\": 99})"},
	 "country": {"faker": "location.countryCode"}, "code": {"randexp": "[A-Z]{3}-\\d{4}"}, "seq": {"incrementalId": 0}}`)
	benchFetch(b, map[string]any{"json_schema": dir + "/schema.json"}, dir)
}

// BenchmarkJob runs whole once jobs (data_generator -> noop, 2 workers).
func BenchmarkJob(b *testing.B) {
	j, _ := validate(b, map[string]any{"workers": 2, "operations": []any{
		map[string]any{"_op": "data_generator", "size": 100000}, map[string]any{"_op": "noop", "size": 5000}}})
	var recs int64
	for b.Loop() {
		sum, err := job.Run(context.Background(), j, job.RunOptions{})
		if err != nil {
			b.Fatal(err)
		}
		recs += sum.RecordsOut
	}
	b.ReportMetric(float64(recs)/b.Elapsed().Seconds(), "records/s")
}
