package builtin

import (
	"github.com/sluice-dev/sluice/job"
	"github.com/sluice-dev/sluice/record"
)

func init() {
	job.Register(&job.Spec{
		Name:    "stdout",
		Kind:    job.KindProcessor,
		Summary: "Writes each record of a slice to standard output as one JSON line (a data window as {\"dataArray\": [...]}) and passes its input on.",
		Doc: "The lines of one slice are written together, so slices of different workers never interleave within a " +
			"slice; the order of slices across workers is the order they finish in.",
		NewProcessor: func(ctx *job.OpContext, _ *job.Config) (job.Processor, error) { return &stdout{ctx: ctx}, nil },
		Examples: []job.Example{{
			Title:  "Print and pass on",
			Config: `{"_op": "stdout"}`,
			Input:  `[{"a": 1}, {"b": "x"}]`,
			Output: `[{"a": 1}, {"b": "x"}]`,
		}},
	})
}

type stdout struct {
	ctx *job.OpContext
	buf []byte
}

// Process writes the slice's records in one write.
func (o *stdout) Process(_ *job.Slice, in []*record.Record) ([]*record.Record, error) {
	if len(in) == 0 {
		return in, nil
	}
	b := o.buf[:0]
	for _, r := range in {
		b = job.AppendRecordJSON(b, r)
		b = append(b, '\n')
	}
	o.buf = b
	if _, err := o.ctx.Stdout.Write(b); err != nil {
		return nil, job.NoRetry(err)
	}
	return in, nil
}
