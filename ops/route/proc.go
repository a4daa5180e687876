package route

import (
	"math"

	"github.com/sluice-dev/sluice/job"
	"github.com/sluice-dev/sluice/record"
)

// RouteKey is the metadata key routers set and routed_sender reads.
const RouteKey = "standard:route"

// KeyMeta is the metadata key of a record's key.
const KeyMeta = "_key"

// Router computes the route of a record.
type Router interface {
	Lookup(r *record.Record) (string, error)
}

// RouteAll sets the route of every record. A record the router cannot route
// goes to the operation's dead-letter action and is left out of the output;
// the input slice is not modified.
func RouteAll(ctx *job.OpContext, rt Router, in []*record.Record) ([]*record.Record, error) {
	return eachRecord(ctx, in, func(r *record.Record) error {
		route, err := rt.Lookup(r)
		if err == nil {
			r.SetMeta(RouteKey, route)
		}
		return err
	})
}

// eachRecord applies fn to every record; a record fn fails on is rejected
// (ctx.Reject) and dropped from the output. Without rejections the input
// slice itself is returned.
func eachRecord(ctx *job.OpContext, in []*record.Record, fn func(r *record.Record) error) ([]*record.Record, error) {
	var out []*record.Record
	for i, r := range in {
		err := fn(r)
		if err == nil {
			if out != nil {
				out = append(out, r)
			}
			continue
		}
		if rerr := ctx.Reject(r, err); rerr != nil {
			return nil, rerr
		}
		if out == nil {
			out = append(make([]*record.Record, 0, len(in)-1), in[:i]...)
		}
	}
	if out == nil {
		return in, nil
	}
	return out, nil
}

// routerProc is the processor of every router.
type routerProc struct {
	ctx    *job.OpContext
	router Router
}

var _ job.RecordwiseProcessor = (*routerProc)(nil)

// Recordwise marks the router as job.RecordwiseProcessor: each record is
// routed alone.
func (p *routerProc) Recordwise() {}

func (p *routerProc) Process(_ *job.Slice, in []*record.Record) ([]*record.Record, error) {
	return RouteAll(p.ctx, p.router, in)
}

// newRouterProc builds a router processor from the op's configuration.
func newRouterProc[R Router](build func(o *record.Object) (R, error)) func(*job.OpContext, *job.Config) (job.Processor, error) {
	return func(ctx *job.OpContext, c *job.Config) (job.Processor, error) {
		rt, err := build(c.Obj)
		if err != nil {
			return nil, err
		}
		return &routerProc{ctx: ctx, router: rt}, nil
	}
}

// errNoKey is DataEntity.getKey's error.
func errNoKey() error {
	return job.RecordErr("NO_KEY", "No key has been set in the metadata")
}

// Key is DataEntity.getKey as a string: the `_key` metadata when it is a
// non-empty string or a number (JavaScript formatting).
func Key(r *record.Record) (string, error) {
	v, _ := r.GetMeta(KeyMeta)
	if s, ok := keyString(v); ok {
		return s, nil
	}
	return "", errNoKey()
}

// keyString reports whether v can be a record key and its string form.
func keyString(v any) (string, bool) {
	switch x := v.(type) {
	case string:
		return x, x != ""
	case float64:
		return record.FormatNumber(x), !math.IsNaN(x)
	case int:
		return record.FormatNumber(float64(x)), true
	case int64:
		return record.FormatNumber(float64(x)), true
	}
	return "", false
}

// field returns a top-level field of a record, JavaScript undefined when it
// is absent.
func field(r *record.Record, name string) any {
	if v, ok := r.Data.Get(name); ok {
		return v
	}
	return record.Undefined
}

// paramsValid reports whether every parameter of the configuration passes
// its schema check: job-level checks that construct a router only run on
// configurations whose schema errors were not already reported.
func paramsValid(c *job.Config) bool {
	for _, p := range c.Spec.Params {
		v, ok := c.Obj.Get(p.Name)
		if !ok && p.NoDefault {
			continue
		}
		if _, err := p.Check.Run(v); err != nil {
			return false
		}
	}
	return true
}

// constructorCheck is a ValidateJob that builds the router, so the
// constructor's own messages are reported when the job is validated.
func constructorCheck[R Router](build func(o *record.Object) (R, error)) func(*job.Job, *job.Config) []error {
	return func(_ *job.Job, c *job.Config) []error {
		if !paramsValid(c) {
			return nil
		}
		if _, err := build(c.Obj); err != nil {
			return []error{err}
		}
		return nil
	}
}
