package builtin

import (
	"fmt"

	"github.com/sluice-dev/sluice/job"
	"github.com/sluice-dev/sluice/record"
)

func init() {
	job.Register(&job.Spec{
		Name:    "test-fail",
		Kind:    job.KindProcessor,
		Summary: "A testing aid: fails chosen slices a given number of times, then passes them through (to exercise retries).",
		Doc: "The slices are chosen by their order (1 for the first slice the slicer made). A slice fails on its first " +
			"`times` attempts; with `max_retries` ≥ `times` the job still completes.",
		Params: []*job.Param{
			{Name: "slices", Type: "number[]", Default: []any{1.0}, Check: job.Array(false), Doc: "Orders of the slices to fail."},
			{Name: "times", Type: "number", Default: 1.0, Check: job.Nat(), Doc: "Attempts of each chosen slice that fail."},
		},
		NewProcessor: newTestFail,
		Examples: []job.Example{{
			Title:  "A slice that is not chosen passes",
			Config: `{"_op": "test-fail", "slices": [2], "times": 2}`,
			Input:  `[{"a": 1}]`,
			Output: `[{"a": 1}]`,
		}},
	})
}

type testFail struct {
	orders map[int]bool
	times  int
}

func newTestFail(_ *job.OpContext, c *job.Config) (job.Processor, error) {
	f := &testFail{orders: map[int]bool{}, times: c.Int("times")}
	arr, _ := c.Get("slices").([]any)
	for _, v := range arr {
		if n, ok := v.(float64); ok {
			f.orders[int(n)] = true
		}
	}
	return f, nil
}

// Process fails a chosen slice on its first `times` attempts.
func (f *testFail) Process(s *job.Slice, in []*record.Record) ([]*record.Record, error) {
	if s.Flushing || !f.orders[s.Order] {
		return in, nil
	}
	if s.Attempt < f.times { // by attempt, not by instance: a cluster worker makes one per slice
		return nil, fmt.Errorf("test-fail: failing slice %d on attempt %d", s.Order, s.Attempt+1)
	}
	return in, nil
}
