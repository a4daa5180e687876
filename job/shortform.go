package job

import (
	"fmt"

	"github.com/sluice-dev/sluice/lang/diag"
	"github.com/sluice-dev/sluice/record"
)

// EnsureAPI gives an operation the api it works through, in the legacy
// short or long form of file operations (seed "Api configuration"; spec
// 8.2). Call it from the operation's Prepare.
//
// The operation names its api with the parameter apiKey (for example
// "api_name"); when it is unset the name is "<module>:<op>-<index>" and is
// written back. Short form: no api of that name exists, so one is built from
// the operation's own parameters. Long form: the api exists and its values
// win; a `path` set on both with different values is an error naming both
// places, any other key set on both with different values a warning.
func EnsureAPI(j *Job, op *Config, apiKey, module string) []error {
	name := op.String(apiKey)
	if name == "" {
		name = fmt.Sprintf("%s:%s-%d", module, op.Name, op.Index)
		op.Obj.Set(apiKey, name)
	}
	api, ptr := j.rawAPI(name)
	if api == nil {
		j.AddAPI(name, op.explicitParams(apiKey), op)
		return nil
	}
	return op.clashes(api, ptr, name)
}

// rawAPI finds an api object of the job file by _name, before the apis are
// validated.
func (j *Job) rawAPI(name string) (*record.Object, string) {
	arr, _ := j.Top.Get("apis").([]any)
	for i, e := range arr {
		if o, ok := e.(*record.Object); ok {
			if n, _ := o.Get("_name"); n == name {
				return o, Pointer("/apis", i)
			}
		}
	}
	return nil, ""
}

// explicitParams copies the parameters written in the job file (not the
// defaults the operation's schema filled in), minus skip.
func (c *Config) explicitParams(skip string) *record.Object {
	out := record.NewObject(c.Obj.Len())
	for _, k := range c.Obj.Keys() {
		if k == skip || k == "_op" || !c.spanHas(k) {
			continue
		}
		v, _ := c.Obj.Get(k)
		out.Set(k, record.DeepCopy(v))
	}
	return out
}

func (c *Config) clashes(api *record.Object, apiPtr, name string) []error {
	var errs []error
	for _, k := range api.Keys() {
		if k == "_name" || !c.spanHas(k) {
			continue
		}
		av, _ := api.Get(k)
		ov, _ := c.Obj.Get(k)
		if record.DeepEqual(av, ov) {
			continue
		}
		apiSpan := c.spans.Value(Pointer(apiPtr, k))
		if k == "path" {
			d := diag.New(CodeJobCheck, c.Span(k), "%s: path is set here to %s and in the api %q to %s: set it in one place",
				c.Where(), shortJSON(ov), name, shortJSON(av))
			d.Related = append(d.Related, diag.Related{Span: apiSpan, Msg: "the api's path"})
			errs = append(errs, d)
			continue
		}
		d := diag.Warn(CodeJobCheck, c.Span(k), "%s: parameter %q in the api %q is set to %s and takes precedence over %s",
			c.Where(), k, name, shortJSON(av), shortJSON(ov))
		d.Related = append(d.Related, diag.Related{Span: apiSpan, Msg: "the api's value"})
		errs = append(errs, d)
	}
	return errs
}
