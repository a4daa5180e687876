package transform

import (
	"errors"
	"fmt"
	"sort"

	"github.com/sluice-dev/sluice/compiler"
	"github.com/sluice-dev/sluice/job"
	"github.com/sluice-dev/sluice/lang/diag"
	"github.com/sluice-dev/sluice/lang/selector"
	"github.com/sluice-dev/sluice/plan"
	"github.com/sluice-dev/sluice/record"
)

func init() {
	job.Register(spec("transform", plan.Transform,
		"Applies ts-transforms rules to records: selects, extracts, post-processes and validates; records that yield no output are removed."))
	job.Register(spec("match", plan.Matcher,
		"Keeps the records that match at least one rule's selector (ts-transforms matcher mode), unchanged."))
}

func spec(name string, mode plan.Mode, summary string) *job.Spec {
	return &job.Spec{
		Name:    name,
		Kind:    job.KindProcessor,
		Summary: summary,
		Doc: "`rules` are rule files (one JSON rule per line, as for `rulec`); the reference's `assetName:path` form " +
			"resolves to `<assets dir>/<assetName>/<path>` (`pipeline run --assets DIR`, default `assets` next to the job " +
			"file), a plain path is used as given or relative to the job file. The files are compiled when the job is " +
			"validated: their problems are reported with the rule files' positions. A record the rules cannot process " +
			"(an operation error) goes to the operation's `_dead_letter_action` with the rule's file:line.",
		Params: []*job.Param{
			{Name: "rules", Type: "string[]", Required: true, Default: []any{}, Check: rulesCheck(), Doc: "Rule files, in order (tags are shared across them)."},
			{Name: "plugins", Type: "string[]", Default: []any{}, Check: pluginsCheck(), Doc: "JavaScript plugins of the reference; they cannot load in Go, so the list must be empty."},
			{Name: "type_config", Type: "object", Default: record.NewObject(0), Check: typeConfigCheck(), Doc: "Field types for selectors, e.g. {\"ip\": \"ip\", \"date\": \"date\"}."},
			{Name: "variables", Type: "object", Default: record.NewObject(0), Check: job.Object(false), Doc: "Variables for `$name` in selectors."},
		},
		ValidateJob:  compileRules(mode),
		NewProcessor: newProcessor,
		Examples:     examples(name),
	}
}

func rulesCheck() job.Check {
	return func(v any) (any, error) {
		arr, ok := v.([]any)
		if !ok || len(arr) == 0 {
			return v, errors.New("you must specify rules path to retrive the rules for this op")
		}
		return job.StringArray(false)(v)
	}
}

func pluginsCheck() job.Check {
	return func(v any) (any, error) {
		if arr, ok := v.([]any); ok && len(arr) > 0 {
			return v, errors.New("JavaScript plugins cannot be loaded by sluice: remove them (every built-in operation and validator of ts-transforms is available without plugins)")
		}
		return job.Array(true)(v)
	}
}

func typeConfigCheck() job.Check {
	return func(v any) (any, error) {
		o, ok := v.(*record.Object)
		if !ok {
			return v, errors.New("must be an object of field types")
		}
		for _, k := range o.Keys() {
			t, _ := o.Get(k)
			if s, isStr := t.(string); !isStr || !selector.IsFieldType(s) {
				return v, fmt.Errorf("field %q: %s is not a field type (one of %v)", k, record.JSON(t), selector.FieldTypes)
			}
		}
		return v, nil
	}
}

// compileRules compiles the rule files once; their diagnostics become the
// job's, and the plan is kept for every worker.
func compileRules(mode plan.Mode) func(j *job.Job, c *job.Config) []error {
	return func(j *job.Job, c *job.Config) []error {
		paths := c.Strings("rules")
		if len(paths) == 0 {
			return nil // reported by the parameter check
		}
		files := make([]string, len(paths))
		for i, p := range paths {
			files[i] = j.ResolvePath(p)
		}
		p, diags := compiler.CompileFiles(files, compiler.Config{Types: types(c), Variables: variables(c), Mode: mode})
		var errs []error
		for _, d := range diags.Items {
			if d.Severity != diag.Info {
				errs = append(errs, d)
			}
		}
		if p == nil && len(errs) == 0 {
			errs = append(errs, job.ParamErr("rules", "the rule files did not compile"))
		}
		c.Prepared = p
		return errs
	}
}

func types(c *job.Config) map[string]string {
	out := map[string]string{}
	if o := c.Object("type_config"); o != nil {
		for _, k := range o.Keys() {
			v, _ := o.Get(k)
			out[k], _ = v.(string)
		}
	}
	return out
}

func variables(c *job.Config) map[string]any {
	o := c.Object("variables")
	if o == nil || o.Len() == 0 {
		return nil
	}
	m := make(map[string]any, o.Len())
	keys := o.Keys()
	sort.Strings(keys)
	for _, k := range keys {
		m[k], _ = o.Get(k)
	}
	return m
}

type processor struct {
	ctx  *job.OpContext
	plan *plan.Plan
	st   plan.State
}

func newProcessor(ctx *job.OpContext, c *job.Config) (job.Processor, error) {
	p, ok := c.Prepared.(*plan.Plan)
	if !ok || p == nil {
		return nil, errors.New("the rules were not compiled (validate the job first)")
	}
	return &processor{ctx: ctx, plan: p}, nil
}

var _ job.RecordwiseProcessor = (*processor)(nil)

// Recordwise marks the processor as job.RecordwiseProcessor: the plan runs
// on each record alone.
func (t *processor) Recordwise() {}

// Process runs every record through the plan; a record the plan cannot
// process goes to the dead-letter action.
func (t *processor) Process(_ *job.Slice, in []*record.Record) ([]*record.Record, error) {
	out := in[:0:0]
	for _, r := range in {
		if r.IsWindow() {
			out = append(out, r) // data windows pass through (spec 1.4)
			continue
		}
		o, dl := t.plan.RunOne(r, &t.st)
		if dl != nil {
			err := job.RecordErr(dl.Code, "%s: %s", dl.Rule.Pos(), dl.Message)
			if rerr := t.ctx.Reject(r, err); rerr != nil {
				return nil, rerr
			}
			continue
		}
		if o != nil {
			out = append(out, o)
		}
	}
	return out, nil
}
