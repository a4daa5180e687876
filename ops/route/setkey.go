package route

import (
	"github.com/sluice-dev/sluice/job"
	"github.com/sluice-dev/sluice/record"
)

func init() {
	job.Register(&job.Spec{
		Name:    "set_key",
		Kind:    job.KindProcessor,
		Summary: "Copies a field of each record into its `_key` metadata, so that records without a key (generated ones) can be routed by key.",
		Doc: "The value must be a non-empty string or a number (what a record key can be); a record whose field is " +
			"missing or holds anything else goes to the `_dead_letter_action`. The record's data is unchanged.",
		Params: []*job.Param{
			{Name: "field", Type: "string", Required: true, Default: nil, Check: job.RequiredString(), Doc: "The top-level field whose value becomes the key."},
		},
		NewProcessor: func(ctx *job.OpContext, c *job.Config) (job.Processor, error) {
			return &setKey{ctx: ctx, field: c.String("field")}, nil
		},
		Examples: []job.Example{{
			Title:      "Key generated records by their id",
			Config:     `{"_op": "set_key", "field": "id", "_dead_letter_action": "none"}`,
			Input:      `[{"id": "a1b2", "n": 1}, {"id": 17, "n": 2}, {"n": 3}]`,
			Output:     `[{"id": "a1b2", "n": 1}, {"id": 17, "n": 2}]`,
			OutputMeta: `[{"_key": "a1b2"}, {"_key": 17}]`,
		}},
	})
}

type setKey struct {
	ctx   *job.OpContext
	field string
}

var _ job.RecordwiseProcessor = (*setKey)(nil)

// Recordwise marks set_key as job.RecordwiseProcessor.
func (p *setKey) Recordwise() {}

func (p *setKey) Process(_ *job.Slice, in []*record.Record) ([]*record.Record, error) {
	return eachRecord(p.ctx, in, p.set)
}

// set copies the field into `_key`.
func (p *setKey) set(r *record.Record) error {
	v, ok := r.Data.Get(p.field)
	if !ok {
		return job.RecordErr("NO_KEY", "set_key: the record has no field %q", p.field)
	}
	if _, valid := keyString(v); !valid {
		return job.RecordErr("BAD_KEY", "set_key: field %q holds %s, which cannot be a key (a non-empty string or a number)", p.field, record.JSON(v))
	}
	r.SetMeta(KeyMeta, v)
	return nil
}
