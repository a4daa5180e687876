package builtin

import (
	"time"

	"github.com/sluice-dev/sluice/job"
	"github.com/sluice-dev/sluice/record"
)

func init() {
	job.Register(&job.Spec{
		Name:         "noop",
		Kind:         job.KindProcessor,
		Summary:      "Returns its input unchanged.",
		NewProcessor: func(*job.OpContext, *job.Config) (job.Processor, error) { return passthrough{}, nil },
		Examples:     []job.Example{{Title: "Nothing changes", Config: `{"_op": "noop"}`, Input: `[{"a": 1}]`, Output: `[{"a": 1}]`}},
	})
	job.Register(&job.Spec{
		Name:    "delay",
		Kind:    job.KindProcessor,
		Summary: "Waits, then returns its input unchanged.",
		Params: []*job.Param{
			{Name: "ms", Type: "duration", Default: 100.0, Check: job.Duration(), Doc: "Milliseconds to wait (or a duration such as \"2 seconds\")."},
		},
		NewProcessor: func(_ *job.OpContext, c *job.Config) (job.Processor, error) {
			return delay{d: time.Duration(c.Float("ms") * float64(time.Millisecond))}, nil
		},
		Examples: []job.Example{{Title: "Wait 10 ms", Config: `{"_op": "delay", "ms": 10}`, Input: `[{"a": 1}]`, Output: `[{"a": 1}]`}},
	})
}

type passthrough struct{}

func (passthrough) Process(_ *job.Slice, in []*record.Record) ([]*record.Record, error) {
	return in, nil
}

var _ job.RecordwiseProcessor = passthrough{}

func (passthrough) Recordwise() {}

type delay struct{ d time.Duration }

// Process waits (interrupted only when the job is aborted).
func (d delay) Process(s *job.Slice, in []*record.Record) ([]*record.Record, error) {
	t := time.NewTimer(d.d)
	defer t.Stop()
	select {
	case <-t.C:
		return in, nil
	case <-s.Context().Done():
		return nil, s.Context().Err()
	}
}
