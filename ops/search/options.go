package search

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/sluice-dev/sluice/job"
	"github.com/sluice-dev/sluice/record"
)

// maxRetryWait caps the wait between two attempts of a rejected item.
const maxRetryWait = 10 * time.Second

// senderOptions are a search sender's settings: the api's parameters with
// routed_sender's overrides (`_connection`, `_key`).
type senderOptions struct {
	conn            string
	index           string
	dynamic         bool // a `**` route: records go to <index>-<their route>
	verb            verb
	upsert          bool
	retryOnConflict int
	updateFields    []string
	script          string // inline source
	scriptFile      string
	scriptParams    [][2]string // parameter name, record field
	size            int
	retryLimit      int
	retryWait       time.Duration
}

func senderParams() []*job.Param {
	return []*job.Param{
		{Name: "_connection", Type: "string", Default: "default", Check: job.RequiredString(), Doc: "The elasticsearch-next connection (routed_sender sets it to the route's connection)."},
		{Name: "index", Type: "string", Required: true, Check: indexCheck(), Doc: "The index written to; a `**` route writes to `<index>-<route>`."},
		{Name: "size", Type: "number", Default: 500.0, Check: positiveNumber("size"), Doc: "Bulk items per request (a `_delete_id` delete counts as one)."},
		{Name: "create", Type: "boolean", Default: false, Check: job.Bool(), Doc: "Bulk `create` (an existing id is a conflict, skipped) instead of `index`."},
		{Name: "update", Type: "boolean", Default: false, Check: job.Bool(), Doc: "Bulk `update` with `{doc}`: the record, or its `update_fields`, or a script."},
		{Name: "upsert", Type: "boolean", Default: false, Check: job.Bool(), Doc: "As update, with the whole record as `upsert` when the document does not exist."},
		{Name: "delete", Type: "boolean", Default: false, Check: job.Bool(), Doc: "Bulk `delete` of each record's `_key`."},
		{Name: "update_retry_on_conflict", Type: "number", Default: 0.0, Check: job.Nat(), Doc: "`retry_on_conflict` of update items, when above 0."},
		{Name: "update_fields", Type: "string[]", Default: []any{}, Check: job.StringArray(false), Doc: "Update only these fields of the record (empty: the whole record)."},
		{Name: "script", Type: "string", Default: "", Check: job.OptionalString(), Doc: "Update with this inline script instead of a partial document."},
		{Name: "script_file", Type: "string", Default: "", Check: job.OptionalString(), Doc: "Update with this stored script file."},
		{Name: "script_params", Type: "object", Default: record.NewObject(0), Check: job.Object(false), Doc: "Script parameters: `{param: field}` takes each parameter from the record's field when it is truthy."},
		{Name: "retry_limit", Type: "number", Default: 10.0, Check: job.Nat(), Doc: "How many times items the server rejects for load (429) are sent again before the batch fails with them."},
		{Name: "retry_wait_ms", Type: "number", Default: 500.0, Check: positiveNumber("retry_wait_ms"), Doc: "The first wait before sending rejected items again; it doubles on each retry, up to 10 s."},
	}
}

func positiveNumber(name string) job.Check {
	return job.Custom(func(v any) bool {
		f, ok := v.(float64)
		return ok && f > 0
	}, fmt.Sprintf("Invalid %s parameter, it must be a number greater than zero", name))
}

// validateSender allows one of delete, create, update and upsert.
func validateSender(_ *job.Job, c *job.Config) []error {
	var set []string
	for _, k := range []string{"delete", "create", "update", "upsert"} {
		if c.Bool(k) {
			set = append(set, k)
		}
	}
	if len(set) > 1 {
		return []error{job.ParamErr(set[1], `Invalid parameters, only one of "%s" may be set at a time`, strings.Join(set, ", "))}
	}
	if c.String("script") != "" && c.String("script_file") != "" {
		return []error{job.ParamErr("script", "give script or script_file, not both")}
	}
	return nil
}

// senderOptionsOf reads a sender configuration (already validated).
func senderOptionsOf(c *job.Config) (*senderOptions, error) {
	o := &senderOptions{
		conn:            c.String("_connection"),
		index:           c.String("index"),
		size:            c.Int("size"),
		retryOnConflict: c.Int("update_retry_on_conflict"),
		updateFields:    c.Strings("update_fields"),
		script:          c.String("script"),
		scriptFile:      c.String("script_file"),
		retryLimit:      c.Int("retry_limit"),
		retryWait:       time.Duration(c.Float("retry_wait_ms") * float64(time.Millisecond)),
	}
	if o.conn == "" {
		o.conn = "default"
	}
	if o.index == "" {
		return nil, errors.New("search_sender_api needs an index")
	}
	if o.size < 1 {
		o.size = 1
	}
	key, _ := c.Get("_key").(string)
	o.dynamic = key == "**"
	switch {
	case c.Bool("update") || c.Bool("upsert"):
		o.verb, o.upsert = verbUpdate, c.Bool("upsert")
	case c.Bool("delete"):
		o.verb = verbDelete
	case c.Bool("create"):
		o.verb = verbCreate
	}
	if p := c.Object("script_params"); p != nil {
		for _, k := range p.Keys() {
			v, _ := p.Get(k)
			field, ok := v.(string)
			if !ok {
				return nil, fmt.Errorf("script_params.%s must name a record field (a string)", k)
			}
			o.scriptParams = append(o.scriptParams, [2]string{k, field})
		}
	}
	return o, nil
}

// indexFor is the index of a record: <index>-<route> on a `**` route.
func (o *senderOptions) indexFor(r *record.Record) string {
	if o.dynamic {
		if route := metaString(r, "standard:route"); route != "" {
			return o.index + "-" + route
		}
	}
	return o.index
}

// appendSource appends the source line of an item.
func (o *senderOptions) appendSource(b []byte, v verb, r *record.Record) []byte {
	if v != verbUpdate {
		return job.AppendRecordJSON(b, r)
	}
	body := record.NewObject(2)
	if o.script != "" || o.scriptFile != "" {
		body.Set("script", o.scriptOf(r))
	} else {
		body.Set("doc", o.partialDoc(r))
	}
	if o.upsert {
		body.Set("upsert", job.RecordValue(r))
	}
	return record.AppendJSON(b, body)
}

func (o *senderOptions) scriptOf(r *record.Record) *record.Object {
	s := record.NewObject(2)
	if o.script != "" {
		s.Set("source", o.script)
	} else {
		s.Set("file", o.scriptFile)
	}
	params := record.NewObject(len(o.scriptParams))
	for _, p := range o.scriptParams {
		if v, ok := r.Data.Get(p[1]); ok && record.Truthy(v) {
			params.Set(p[0], v)
		}
	}
	s.Set("params", params)
	return s
}

func (o *senderOptions) partialDoc(r *record.Record) any {
	if len(o.updateFields) == 0 || r.Data == nil {
		return job.RecordValue(r)
	}
	doc := record.NewObject(len(o.updateFields))
	for _, f := range o.updateFields {
		if v, ok := r.Data.Get(f); ok {
			doc.Set(f, v)
		}
	}
	return doc
}
