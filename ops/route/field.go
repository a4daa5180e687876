package route

import (
	"strings"

	"github.com/sluice-dev/sluice/job"
	"github.com/sluice-dev/sluice/record"
)

// FieldRouter routes a record by the values of some of its fields, each
// optionally prefixed by the field's name (spec 4.3).
type FieldRouter struct {
	fields     []string
	fieldDelim string
	valueDelim string
	withNames  bool
}

// NewFieldRouter builds a field router from a configuration object (fields,
// field_delimiter, value_delimiter, include_field_names) with the reference
// constructor's check.
func NewFieldRouter(o *record.Object) (*FieldRouter, error) {
	f, _ := o.Get("fields")
	fields := fieldNames(f)
	if len(fields) == 0 {
		return nil, job.ParamErr("fields", "FieldRouter requires that at least one field")
	}
	names, ok := o.Get("include_field_names")
	return &FieldRouter{
		fields:     fields,
		fieldDelim: stringOr(o, "field_delimiter", "-"),
		valueDelim: stringOr(o, "value_delimiter", "_"),
		withNames:  !ok || record.IsNil(names) || names == true,
	}, nil
}

// stringOr is `config[k] ?? def` for a string parameter.
func stringOr(o *record.Object, k, def string) string {
	v, _ := o.Get(k)
	if record.IsNil(v) {
		return def
	}
	return record.ToString(v)
}

// Lookup returns the route: `name<value_delimiter>value` (or the value) per
// field, joined with field_delimiter; "=" and "/" in values become "_".
func (f *FieldRouter) Lookup(r *record.Record) (string, error) {
	var b strings.Builder
	for i, name := range f.fields {
		if i > 0 {
			b.WriteString(f.fieldDelim)
		}
		if f.withNames {
			b.WriteString(name)
			b.WriteString(f.valueDelim)
		}
		b.WriteString(sanitizer.Replace(record.CoreToString(field(r, name))))
	}
	return b.String(), nil
}

var sanitizer = strings.NewReplacer("=", "_", "/", "_")

func init() {
	job.Register(&job.Spec{
		Name:    "field_router",
		Kind:    job.KindProcessor,
		Summary: "Routes each record by the values of some of its fields (`field_value-field_value`), setting `standard:route`.",
		Doc: "For each of `fields`, in order, the part is `<field><value_delimiter><value>` (or only the value without " +
			"`include_field_names`); the parts are joined with `field_delimiter`. In values, `=` and `/` become `_`; a " +
			"missing or null field gives an empty value.",
		Params: []*job.Param{
			{Name: "fields", Type: "string[]", Required: true, Default: []any{}, Check: fieldsArray(false, true, false), Doc: "Fields whose values make the route (at least one)."},
			{Name: "field_delimiter", Type: "string", Default: "-", Check: job.OptionalString(), Doc: "Between the parts of the route."},
			{Name: "value_delimiter", Type: "string", Default: "_", Check: job.OptionalString(), Doc: "Between a field's name and its value."},
			{Name: "include_field_names", Type: "boolean", Default: true, Check: job.Bool(), Doc: "Prefix each value with its field's name."},
		},
		ValidateJob:  constructorCheck(NewFieldRouter),
		NewProcessor: newRouterProc(NewFieldRouter),
		Examples: []job.Example{{
			Title:      "Two fields with their names",
			Config:     `{"_op": "field_router", "fields": ["field2", "field1"]}`,
			Input:      `[{"field1": "val1", "field2": "val2"}, {"field1": "val/1", "field2": "val=2"}]`,
			Output:     `[{"field1": "val1", "field2": "val2"}, {"field1": "val/1", "field2": "val=2"}]`,
			OutputMeta: `[{"standard:route": "field2_val2-field1_val1"}, {"standard:route": "field2_val_2-field1_val_1"}]`,
		}, {
			Title:      "Values only, other delimiter",
			Config:     `{"_op": "field_router", "fields": ["country", "city"], "include_field_names": false, "field_delimiter": "/"}`,
			Input:      `[{"country": "fr", "city": "lyon"}]`,
			Output:     `[{"country": "fr", "city": "lyon"}]`,
			OutputMeta: `[{"standard:route": "fr/lyon"}]`,
		}},
	})
}
