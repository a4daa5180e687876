package plan

import (
	"encoding/json"
	"math/bits"
	"os"
	"strings"
	"testing"

	"github.com/sluice-dev/sluice/lang/selector"
	"github.com/sluice-dev/sluice/record"
)

// BenchmarkCandidates: the index's gathering of candidates alone, on the
// orders rule set's selectors (index fields country, status, channel,
// customer.vip) and the first records of its sample; ns/op is per record.
func BenchmarkCandidates(b *testing.B) {
	p, recs := ordersIndex(b)
	var hits []int
	var set []uint64
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		hits, set = p.index.candidates(recs[i%len(recs)], hits[:0], set)
	}
}

// BenchmarkCandidatesEvicted is BenchmarkCandidates with the processor's
// first-level cache written over between records, as decoding and
// encoding a record do in rulec run: the index's tables are read from
// farther away. ns/op includes the 32 KiB written per record.
func BenchmarkCandidatesEvicted(b *testing.B) {
	p, recs := ordersIndex(b)
	var hits []int
	var set []uint64
	other := make([]byte, 32<<10)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for j := 0; j < len(other); j += 64 {
			other[j]++
		}
		hits, set = p.index.candidates(recs[i%len(recs)], hits[:0], set)
	}
}

// ordersIndex is a Matcher plan of the orders rule set's selectors and the
// first records of its sample.
func ordersIndex(b *testing.B) (*Plan, []*record.Object) {
	raw, err := os.ReadFile("../testdata/orders/orders-types.json")
	if err != nil {
		b.Fatal(err)
	}
	var types map[string]string
	if err := json.Unmarshal(raw, &types); err != nil {
		b.Fatal(err)
	}
	rules, err := os.ReadFile("../testdata/orders/orders-rules.txt")
	if err != nil {
		b.Fatal(err)
	}
	p := &Plan{Mode: Matcher, Types: types}
	for _, line := range strings.Split(string(rules), "\n") {
		var r struct{ Selector string }
		if json.Unmarshal([]byte(line), &r) != nil || r.Selector == "" {
			continue
		}
		opts := selector.Options{Types: types, Variables: map[string]any{}}
		n, err := selector.Parse(r.Selector, opts)
		if err != nil {
			b.Fatal(err)
		}
		m, err := selector.Build(n, r.Selector, opts)
		if err != nil {
			b.Fatal(err)
		}
		p.Selectors = append(p.Selectors, &Selector{Query: r.Selector, Matcher: m, AST: n})
	}
	p.Finish()
	data, err := os.ReadFile("../testdata/orders/orders-2k.ndjson")
	if err != nil {
		b.Fatal(err)
	}
	var recs []*record.Object
	for _, line := range strings.SplitN(string(data), "\n", 129)[:128] {
		recs = append(recs, obj(b, line))
	}
	return p, recs
}

// candidates appends, in order and without duplicates, the indexes of the
// selectors that can match the record; set is scratch room for a bit set
// (returned, grown if it had to be). The selection phase does not list
// them: checkCandidates walks candidateSet's bits itself.
func (ix *index) candidates(o *record.Object, hits []int, set []uint64) ([]int, []uint64) {
	set = ix.candidateSet(o, set)
	for w, word := range set {
		for ; word != 0; word &= word - 1 {
			hits = append(hits, w<<6|bits.TrailingZeros64(word))
		}
	}
	return hits, set
}
