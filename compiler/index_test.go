package compiler

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"github.com/sluice-dev/sluice/lang/diag"
	"github.com/sluice-dev/sluice/plan"
	"github.com/sluice-dev/sluice/record"
)

// TestIndexAgreesWithOracle: on random rule sets and records, routing
// through the selector index selects exactly what evaluating every selector
// selects, in the same order (the metadata lists the selectors matched),
// and gives the same output; the indexed side decodes records lazily with
// one Decoder as rulec run does, the oracle decodes each record whole.
func TestIndexAgreesWithOracle(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	fields := []string{"a", "b", "c", "n.x"}
	values := []string{`1`, `2`, `"x"`, `"y"`, `true`, `false`}
	term := func() string {
		return fields[rng.Intn(len(fields))] + ":" + strings.Trim(values[rng.Intn(len(values))], `"`)
	}
	selectorOf := func() string {
		switch rng.Intn(7) {
		case 0:
			return term() + " AND " + term()
		case 1:
			return term() + " OR " + term()
		case 2:
			f := fields[rng.Intn(len(fields))]
			return f + ":(1 OR x OR true)"
		case 3:
			return "NOT " + term()
		case 4:
			return "_exists_:" + fields[rng.Intn(len(fields))] + " AND " + term()
		case 5:
			return "*"
		}
		return term()
	}
	for round := 0; round < 50; round++ {
		var rules strings.Builder
		for i := 0; i < 12; i++ {
			fmt.Fprintf(&rules, `{"selector": %q, "source": "a", "target": "t%d"}`+"\n", selectorOf(), i)
		}
		p, diags := Compile([]*diag.Source{diag.NewSource("r.txt", []byte(rules.String()))}, Config{})
		if p == nil {
			t.Fatal(diags)
		}
		fast := &plan.State{KeepSelectors: true, ReuseOutput: true} // rulec run's way (outputs read at once)
		for k := 0; k < 200; k++ {
			rec := fmt.Sprintf(`{"a":%s,"b":%s,"c":[%s,%s],"n":{"x":%s}}`, values[rng.Intn(6)], values[rng.Intn(6)],
				values[rng.Intn(6)], values[rng.Intn(6)], values[rng.Intn(6)])
			// the optimised path decodes as rulec run does: lazily, with a
			// worker's Decoder; the oracle decodes whole
			v1, _ := fast.Decoder.ParseRecord(rec)
			o1 := v1.(*record.Object)
			o2, _ := record.ParseObject([]byte(rec))
			x, _ := p.RunOne(record.New(o1), fast)
			y, _ := p.RunOne(record.New(o2), &plan.State{KeepSelectors: true, NoIndex: true})
			if (x == nil) != (y == nil) {
				t.Fatalf("rules:\n%srecord %s: index %v, oracle %v", rules.String(), rec, x, y)
			}
			if x == nil {
				continue
			}
			sx, _ := x.GetMeta("selectors")
			sy, _ := y.GetMeta("selectors")
			if !record.DeepEqual(sx, sy) || !record.DeepEqual(x.Data, y.Data) {
				t.Fatalf("rules:\n%srecord %s:\n index  %v %s\n oracle %v %s", rules.String(), rec, sx, record.JSON(x.Data), sy, record.JSON(y.Data))
			}
		}
	}
}
