package plan_test

import (
	"testing"

	"github.com/sluice-dev/sluice/plan"
	"github.com/sluice-dev/sluice/record"
)

// BenchmarkSelectEvicted is BenchmarkSelect with the processor's
// first-level cache written over between records, as decoding and
// encoding a record do in rulec run: the plan's selectors, index and
// lookup caches are read from farther away. ns/op includes the 32 KiB
// written per record.
func BenchmarkSelectEvicted(b *testing.B) { benchSelect(b, 32<<10) }

// benchSelect times the selection phase of each benchmark set, writing
// sweep bytes of other memory (one per cache line) between records.
func benchSelect(b *testing.B, sweep int) {
	for _, set := range benchSets {
		b.Run(set.name, func(b *testing.B) {
			p := compileSet(b, set, plan.Matcher)
			recs := readRecords(b, set.data, benchRecords)
			var st plan.State
			other := make([]byte, sweep)
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				for j := 0; j < len(other); j += 64 {
					other[j]++
				}
				p.RunOne(record.New(recs[i%len(recs)]), &st)
			}
		})
	}
}
