package window_test

import (
	"testing"

	"github.com/sluice-dev/sluice/internal/jsdate"
	"github.com/sluice-dev/sluice/job"
	"github.com/sluice-dev/sluice/record"
)

const benchSlice = 1000

// benchWindow feeds slices of 1000 records, one per millisecond of event
// time, through the window processor (via the harness, as the runner calls
// it) and reports records per second.
func benchWindow(b *testing.B, op string, iso bool) {
	h, err := job.ProcessorHarness(op, "", job.HarnessOptions{})
	if err != nil {
		b.Fatal(err)
	}
	defer h.Close()
	recs := make([]*record.Record, benchSlice)
	for i := range recs {
		recs[i] = record.New(record.NewObject(2))
		recs[i].Data.Set("id", float64(i))
	}
	t := 1.7e12
	b.ReportAllocs()
	b.ResetTimer()
	for n := 0; n < b.N; n++ {
		b.StopTimer()
		for _, r := range recs {
			t++
			if iso {
				s, _ := jsdate.ToISOString(t)
				r.Data.Set("t", s)
			} else {
				r.Data.Set("t", t)
			}
		}
		b.StartTimer()
		if _, err := h.RunSlice(recs); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N*benchSlice)/b.Elapsed().Seconds(), "records/s")
}

func BenchmarkWindowTumblingEpochMs(b *testing.B) {
	benchWindow(b, `{"_op": "window", "time_field": "t", "window_length": 30000}`, false)
}

func BenchmarkWindowTumblingISO(b *testing.B) {
	benchWindow(b, `{"_op": "window", "time_field": "t", "window_length": 30000}`, true)
}

func BenchmarkWindowSlidingEpochMs(b *testing.B) {
	benchWindow(b, `{"_op": "window", "time_field": "t", "window_length": 30000, "window_type": "sliding", "sliding_window_interval": 10000}`, false)
}

func BenchmarkWindowClock(b *testing.B) {
	benchWindow(b, `{"_op": "window", "window_time_setting": "clock", "window_length": 100}`, false)
}
