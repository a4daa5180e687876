package window_test

import (
	"strconv"

	"github.com/sluice-dev/sluice/job"
	"github.com/sluice-dev/sluice/record"
)

// test-advance-clock advances the fake clock of the running test before the
// slices it names (by slice order), so the runner sees the same waits
// between slices as the reference's tests slept.
func init() {
	job.Register(&job.Spec{
		Name:    "test-advance-clock",
		Kind:    job.KindProcessor,
		Summary: "Testing aid of the window tests: advances the fake clock before chosen slices.",
		Params:  []*job.Param{{Name: "ms", Type: "object", Default: record.NewObject(0), Check: job.Object(false)}},
		NewProcessor: func(_ *job.OpContext, c *job.Config) (job.Processor, error) {
			return &advanceClock{ms: c.Object("ms")}, nil
		},
	})
}

type advanceClock struct{ ms *record.Object }

func (a *advanceClock) Process(s *job.Slice, in []*record.Record) ([]*record.Record, error) {
	if v, ok := a.ms.Get(strconv.Itoa(s.Order)); ok && !s.Flushing {
		if current != nil {
			current.Advance(int(v.(float64)))
		}
	}
	return in, nil
}

// current is the fake clock of the running test.
var current *fakeClock
