package postprocess

import "testing"

// BenchmarkScratchParseJSON: parseJSON's string fast path on a small
// object of strings (a JSON document kept in a string field), with the
// Scratch recycled every 100 records as a worker does.
func BenchmarkScratchParseJSON(b *testing.B) {
	const s = `{"device":"android","campaign":"blackfriday","session":"6ca44cf2ca4ef700"}`
	var sc Scratch
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		if _, err := sc.ParseJSON(s); err != nil {
			b.Fatal(err)
		}
		if i%100 == 99 {
			sc.Recycle()
		}
	}
}
