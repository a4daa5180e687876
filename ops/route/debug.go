package route

import (
	"github.com/sluice-dev/sluice/job"
	"github.com/sluice-dev/sluice/record"
)

func init() {
	job.Register(&job.Spec{
		Name:    "debug_routes",
		Kind:    job.KindProcessor,
		Summary: "Writes how many records of each slice went to each route (`standard:route`) to standard output, and passes its input on.",
		Doc: "One line per slice, in the reference's format (Node's util.inspect of an object): `{ a: 3, b: 2, '<unknown>': 1 }`; " +
			"records without a route count as `<unknown>`. Numeric routes come first in ascending order, the others in the " +
			"order they first appear.",
		NewProcessor: func(ctx *job.OpContext, _ *job.Config) (job.Processor, error) { return &debugRoutes{ctx: ctx}, nil },
		Examples: []job.Example{{
			Title:  "Count the routes of a slice",
			Config: `{"_op": "debug_routes"}`,
			Input:  `[{"id": 1}, {"id": 2}, {"id": 3}]`,
			Meta:   `[{"standard:route": "a"}, {"standard:route": "b"}, {"standard:route": "a"}]`,
			Output: `[{"id": 1}, {"id": 2}, {"id": 3}]`,
		}},
	})
}

type debugRoutes struct{ ctx *job.OpContext }

// Process writes the route counts of the slice as one line (not for the
// flush pass when it carries no records).
func (d *debugRoutes) Process(s *job.Slice, in []*record.Record) ([]*record.Record, error) {
	if s.Flushing && len(in) == 0 {
		return in, nil
	}
	if _, err := d.ctx.Stdout.Write([]byte(RouteCounts(in) + "\n")); err != nil {
		return nil, job.NoRetry(err)
	}
	return in, nil
}

// RouteCounts is debug_routes' line for a slice (without the newline).
func RouteCounts(recs []*record.Record) string {
	var c counts
	for _, r := range recs {
		c.add(routeName(r))
	}
	return c.inspect()
}

// routeName is a record's route as an object key; `<unknown>` when unset.
func routeName(r *record.Record) string {
	v, _ := r.GetMeta(RouteKey)
	if record.IsNil(v) {
		return "<unknown>"
	}
	return record.ToString(v)
}
