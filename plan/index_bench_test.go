package plan

import (
	"encoding/json"
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
	var hits []int
	var set []uint64
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		hits, set = p.index.candidates(recs[i%len(recs)], hits[:0], set)
	}
}
