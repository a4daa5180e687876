package dfs

import (
	"fmt"
	"sort"
	"unicode/utf8"

	"github.com/sluice-dev/sluice/job"
	"github.com/sluice-dev/sluice/ops/filein"
	"github.com/sluice-dev/sluice/ops/fileout"
	"github.com/sluice-dev/sluice/record"
)

// extraArgs are the csvtojson options extra_args may set, and what each
// must be.
var extraArgs = map[string]string{
	"quote": "char", "escape": "char", "delimiter": "string", "headers": "strings",
	"ignoreEmpty": "bool", "trim": "bool", "flatKeys": "bool", "checkType": "bool", "nullObject": "bool",
	"noheader": "true",
}

// checkExtraArgs reports extra_args values of the wrong type (errors) and
// keys sluice does not support (warnings: they are ignored).
func checkExtraArgs(o *record.Object) []error {
	var errs []error
	keys := o.Keys()
	sort.Strings(keys)
	for _, k := range keys {
		v, _ := o.Get(k)
		kind, known := extraArgs[k]
		switch {
		case !known:
			errs = append(errs, &job.ParamError{Param: "extra_args", Warning: true,
				Msg: fmt.Sprintf("extra_args.%s is not supported and is ignored (supported: quote, escape, delimiter, headers, ignoreEmpty, trim, flatKeys, checkType, nullObject)", k)})
		case !argOK(kind, v):
			errs = append(errs, job.ParamErr("extra_args", "extra_args.%s must be %s", k, argWant[kind]))
		}
	}
	return errs
}

var argWant = map[string]string{
	"char": `one character (quote may also be "off")`, "string": "a non-empty string", "strings": "an array of strings",
	"bool": "a boolean", "true": "true (every line is parsed on its own; use remove_header or include_header for headers)",
}

func argOK(kind string, v any) bool {
	switch kind {
	case "char":
		s, ok := v.(string)
		return ok && (utf8.RuneCountInString(s) == 1 || s == "off")
	case "string":
		s, ok := v.(string)
		return ok && s != ""
	case "strings":
		_, err := fieldsCheck()(v)
		return err == nil
	case "true":
		return v == true
	}
	_, ok := v.(bool)
	return ok
}

// csvOptions are the csv/tsv reader options of a validated reader api
// configuration.
func csvOptions(c *job.Config) filein.CSVOptions {
	o := filein.CSVOptions{Fields: c.Strings("fields"), Delimiter: c.String("field_delimiter"),
		Quote: `"`, Escape: `"`, IgnoreEmpty: c.Bool("ignore_empty"),
		RemoveHeader: c.Bool("remove_header"), FileHeader: c.Bool("include_header")}
	if o.Delimiter == "" {
		o.Delimiter = ","
		if c.String("format") == string(fileout.TSV) {
			o.Delimiter = "\t"
		}
	}
	args := c.Object("extra_args")
	for i := 0; args != nil && i < args.Len(); i++ {
		k, v := args.At(i)
		applyArg(&o, k, v)
	}
	return o
}

func applyArg(o *filein.CSVOptions, k string, v any) {
	s, _ := v.(string)
	b, _ := v.(bool)
	switch k {
	case "quote":
		o.Quote = s
		if s == "off" {
			o.Quote = ""
		}
	case "escape":
		o.Escape = s
	case "delimiter":
		o.Delimiter = s
	case "headers":
		o.Fields = stringsOf(v)
	case "ignoreEmpty":
		o.IgnoreEmpty = b
	case "flatKeys":
		o.FlatKeys = b
	case "checkType":
		o.CheckType = b
	case "nullObject":
		o.NullObject = b
	}
}

func stringsOf(v any) []string {
	arr, _ := v.([]any)
	out := make([]string, 0, len(arr))
	for _, e := range arr {
		if s, ok := e.(string); ok {
			out = append(out, s)
		}
	}
	return out
}
