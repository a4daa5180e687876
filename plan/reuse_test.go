package plan

import (
	"testing"

	"github.com/sluice-dev/sluice/record"
)

// copyPlan copies field a into b and c into d for every record (the
// benchmark rule sets run with ReuseOutput in compiler's TestOrdersGolden
// and TestWeblogDecodeModes).
func copyPlan() *Plan {
	var es []*Extraction
	for _, f := range [][2]string{{"a", "b"}, {"c", "d"}} {
		es = append(es, &Extraction{HasSource: true, Direct: true, Source: record.ParsePath(f[0]), Target: record.ParsePath(f[1])})
	}
	p := &Plan{Mode: Transform, Selectors: []*Selector{{Query: "*", All: true, Extractions: es}}}
	p.Finish()
	return p
}

// TestReuseOutputKeepsWhatItMust: the output record is reused from one
// RunOne to the next, emptied, but never for a record with metadata, under
// a tracer, or when the input holds the previous output's data.
func TestReuseOutputKeepsWhatItMust(t *testing.T) {
	p := copyPlan()
	rec := func(s string) *record.Record { return record.New(obj(t, s)) }
	st := &State{ReuseOutput: true}
	first, _ := p.RunOne(rec(`{"a":1}`), st)
	second, _ := p.RunOne(rec(`{"c":2}`), st)
	if first == nil || second != first || record.JSON(second.Data) != `{"d":2}` {
		t.Fatalf("outputs %p, %p (%s): want one reused record holding d only", first, second, record.JSON(second.Data))
	}
	withMeta := rec(`{"a":3}`)
	withMeta.SetMeta("_key", "k")
	if out, _ := p.RunOne(withMeta, st); out == nil || out == first {
		t.Errorf("a record with metadata got the reused record")
	} else if k, _ := out.GetMeta("_key"); k != "k" {
		t.Errorf("metadata of the fork: %v", out.Meta)
	}
	traced := &State{ReuseOutput: true, Tracer: nopTracer{}}
	a, _ := p.RunOne(rec(`{"a":4}`), traced)
	if b, _ := p.RunOne(rec(`{"a":5}`), traced); a == b {
		t.Errorf("a traced run reused its output record")
	}
	for _, wrap := range []bool{false, true} {
		prev, _ := p.RunOne(rec(`{"a":6}`), st)
		prev.Data.Set("a", 7.0)
		in := prev
		if wrap {
			in = record.New(prev.Data) // the same data in another record
		}
		out, _ := p.RunOne(in, st)
		if out == nil || out.Data == prev.Data || record.JSON(prev.Data) != `{"b":6,"a":7}` {
			t.Errorf("the previous output (wrapped: %v), run again, became %s", wrap, record.JSON(prev.Data))
		}
	}
}

type nopTracer struct{}

func (nopTracer) Begin(*record.Record)                        {}
func (nopTracer) Matched(int)                                 {}
func (nopTracer) Extracted(*Extraction, *record.Record, bool) {}
func (nopTracer) Stepping(int, *Step, *record.Record)         {}
func (nopTracer) Stepped(int, *Step, *record.Record, error)   {}
func (nopTracer) Restricting(*Restriction, *record.Record)    {}
func (nopTracer) Unmet(*record.Record)                        {}
func (nopTracer) End(*record.Record, *DeadLetter)             {}

// TestReuseOutputIsOneRecord: one record serves every output, emptied
// (its keys and their hints, record.Object.Reset) before each.
func TestReuseOutputIsOneRecord(t *testing.T) {
	p := copyPlan()
	st := &State{ReuseOutput: true}
	seen := map[*record.Record]int{}
	var want string
	for i := 0; i < 200; i++ {
		out, _ := p.RunOne(record.New(obj(t, `{"a":1}`)), st)
		seen[out]++
		if got := record.JSON(out.Data); i == 0 {
			want = got
		} else if got != want {
			t.Fatalf("output %d is %s, the first was %s", i, got, want)
		}
	}
	if len(seen) != 1 {
		t.Errorf("%d output records for 200 outputs, want 1", len(seen))
	}
}
