package dfs

import (
	"errors"
	"fmt"
	"math"

	"github.com/sluice-dev/sluice/job"
	"github.com/sluice-dev/sluice/ops/fileout"
	"github.com/sluice-dev/sluice/record"
)

// The reference's validation messages (spec 8.3, 8.6).
const (
	msgReaderFormat = `Invalid parameter "format", it must be provided and set to one of these: json, ldjson, raw, tsv, csv`
	msgSenderFormat = `Invalid parameter format, it must be provided and be set to any of these: json, ldjson, raw, tsv, csv`
	msgConcurrency  = "Invalid concurrency setting, it must be a number and greater than 0"
	msgTSVDelimiter = `Invalid parameter field_delimiter, if format is set to tsv and field_delimiter is provided, it must be set to "\t"`
)

// readerParams are the parameters of the reader api (and, as documentation,
// of the reader operation in the short form).
func readerParams() []*job.Param {
	return []*job.Param{
		{Name: "path", Type: "string", Required: true, Check: job.RequiredString(),
			Doc: "What to read. A path without a `/` (a leading one aside) or ending in `/` is a directory, read whole with its subdirectories; otherwise its last part is a name prefix: `/data/in/part-` reads the entries of `/data/in` whose names start with `part-`. Relative paths are relative to the working directory (local) or to `/user/<user>` (HDFS)."},
		{Name: "format", Type: "string", Required: true, Check: enumCheck(msgReaderFormat, fileout.Formats...),
			Doc: "`json` (a whole file: an array gives a record per element, an object one record), `ldjson` (a JSON object per line), `raw` (`{data: line}`), `csv`, `tsv`."},
		{Name: "size", Type: "number", Default: 10000000.0, Check: positiveInt("size"),
			Doc: "Bytes per slice: files are cut into slices of about this size at record boundaries (ignored for `json` and with `file_per_slice`). A record longer than a slice is read whole by the slice it starts in."},
		{Name: "compression", Type: "string", Default: "none", Check: job.Enum(fileout.Compressions...),
			Doc: "`none`, `gzip` or `lz4` (LZ4 frames); anything but none reads files whole and needs `file_per_slice`."},
		{Name: "file_per_slice", Type: "boolean", Default: false, Check: boolCheck("file_per_slice"),
			Doc: "Read every file as one slice instead of cutting it by `size`."},
		{Name: "line_delimiter", Type: "string", Default: nil, Check: delimiterCheck("line_delimiter"),
			Doc: "What ends a record (any string, multi-byte ones too); default a newline. Ignored for `json`."},
		{Name: "field_delimiter", Type: "string", Default: nil, Check: delimiterCheck("field_delimiter"),
			Doc: "Between csv cells; default `,` for csv and a tab for tsv (which accepts only a tab)."},
		{Name: "fields", Type: "string[]", Default: []any{}, Check: fieldsCheck(),
			Doc: "csv/tsv: the column names in file order; columns without one are `field<n>`. A dotted name makes a nested field (see `extra_args.flatKeys`)."},
		{Name: "remove_header", Type: "boolean", Default: true, Check: boolCheck("remove_header"),
			Doc: "csv/tsv: leave out header rows, rows whose cells are the column names (in any order)."},
		{Name: "include_header", Type: "boolean", Default: false, Check: boolCheck("include_header"),
			Doc: "csv/tsv: the files start with a header row — the first line of every file is left out, whatever it holds."},
		{Name: "ignore_empty", Type: "boolean", Default: true, Check: boolCheck("ignore_empty"),
			Doc: "csv/tsv: leave empty cells out of the record."},
		{Name: "extra_args", Type: "object", Default: record.NewObject(0), Check: objectCheck("extra_args"),
			Doc: "csv/tsv parser options: `quote` (one character, or `\"off\"`), `escape` (one character), `delimiter`, `headers` (as `field_delimiter`, `fields`), `ignoreEmpty`, `trim`, `flatKeys`, `checkType` (numbers, booleans and JSON cells become values), `nullObject` (`\"null\"` becomes null). Other keys are ignored with a warning."},
		{Name: "extension", Type: "string", Default: nil, Check: job.OptionalString(),
			Doc: "Read only files whose names end with this (no `.` is added)."},
		{Name: "concurrency", Type: "number", Default: 10.0, Check: concurrencyCheck(),
			Doc: "Accepted for compatibility; a worker reads one slice at a time."},
		{Name: "user", Type: "string", NoDefault: true, Check: job.OptionalString(),
			Doc: "The HDFS user to read as; default the connection's `user`, else `dfs`. Ignored for local directories."},
		{Name: "connection", Type: "string", Default: DefaultConnection, Check: job.String(false),
			Doc: "The file-system connection: an `hdfs` connection, or an `s3` one (paths `/<bucket>/<key…>`). `default` and `local`, unless an hdfs connection has that name, mean local directories."},
	}
}

// senderParams are file_sender_api's parameters with the seed's defaults
// for the dfs exporter, plus the connection.
func senderParams() []*job.Param {
	ps := fileout.SenderParams()
	for _, p := range ps {
		switch p.Name {
		case "path":
			p.Required = true
			p.Doc = "Where files go: ending in `/`, the directory; otherwise its last part is a prefix of the file names (`/data/out/batch-` writes `/data/out/batch-<worker>.<n>.<ext>`). Missing directories are made."
		case "format":
			p.Required, p.Check = true, enumCheck(msgSenderFormat, fileout.Formats...)
		case "file_per_slice":
			p.Default = true
			p.Doc = "A new file per slice (`<worker>.<n>.<ext>`, n counting the slices of the worker) instead of one file per worker; always true for `json`."
		case "concurrency":
			p.Check = concurrencyCheck()
		}
	}
	return append(ps, &job.Param{Name: "connection", Type: "string", Default: DefaultConnection, Check: job.String(false),
		Doc: "The file-system connection: an `hdfs` connection, or an `s3` one (paths `/<bucket>/<key…>`). `default` and `local`, unless an hdfs connection has that name, mean local directories."})
}

// opParams are an operation's parameters in the short form: api_name plus
// the api's parameters, documented and left to the api to check (the api
// is built from them).
func opParams(api []*job.Param, apiName string) []*job.Param {
	out := []*job.Param{{Name: "api_name", Type: "string", NoDefault: true, Check: job.OptionalString(),
		Doc: "The api holding the configuration (long form); default `" + apiName + ":<op>-<index>`, made from this operation's parameters (short form)."}}
	for _, p := range api {
		cp := *p
		cp.NoDefault, cp.Check = true, nil
		out = append(out, &cp)
	}
	return out
}

func enumCheck(msg string, values ...string) job.Check {
	return job.Custom(func(v any) bool {
		s, ok := v.(string)
		return ok && contains(values, s)
	}, msg)
}

func contains(list []string, s string) bool {
	for _, e := range list {
		if e == s {
			return true
		}
	}
	return false
}

func positiveInt(name string) job.Check {
	return job.Custom(func(v any) bool {
		f, ok := v.(float64)
		return ok && f >= 1 && f == math.Trunc(f) && f < 1<<53
	}, fmt.Sprintf("Invalid parameter %s, it must be a positive integer", name))
}

// boolCheck is convict's Boolean with the reference reader's message.
func boolCheck(name string) job.Check {
	b := job.Bool()
	return func(v any) (any, error) {
		if nv, err := b(v); err == nil {
			return nv, nil
		}
		return v, fmt.Errorf("Invalid parameter %s, it must be a boolean", name)
	}
}

// delimiterCheck accepts null or a non-empty string.
func delimiterCheck(name string) job.Check {
	return func(v any) (any, error) {
		s, ok := v.(string)
		switch {
		case v == nil || ok && s != "":
			return v, nil
		case ok:
			return v, fmt.Errorf("Invalid parameter %s, it must not be empty", name)
		}
		return v, fmt.Errorf("Invalid parameter %s, it must be a string", name)
	}
}

func objectCheck(name string) job.Check {
	return job.Custom(func(v any) bool {
		_, ok := v.(*record.Object)
		return ok
	}, fmt.Sprintf("Invalid parameter %s, it must be an object", name))
}

func fieldsCheck() job.Check {
	return func(v any) (any, error) {
		arr, ok := v.([]any)
		if !ok {
			return v, errors.New("Invalid parameter fields, it must be an empty array or an array containing strings")
		}
		for _, e := range arr {
			if _, isStr := e.(string); !isStr {
				return v, errors.New("Invalid parameter fields, it must be an array containing strings")
			}
		}
		return v, nil
	}
}

func concurrencyCheck() job.Check {
	return job.Custom(func(v any) bool {
		f, ok := v.(float64)
		return ok && f > 0
	}, msgConcurrency)
}

// validateReaderAPI holds the reader api's checks across parameters.
func (f *Family) validateReaderAPI(j *job.Job, c *job.Config) []error {
	errs := f.checkConnection(j, c)
	if comp := c.String("compression"); comp != string(fileout.None) && !c.Bool("file_per_slice") {
		errs = append(errs, job.ParamErr("file_per_slice", "%s", fileout.ErrCompressionAppend))
	}
	format := c.String("format")
	if format == string(fileout.TSV) && c.Has("field_delimiter") && c.Get("field_delimiter") != nil && c.String("field_delimiter") != "\t" {
		errs = append(errs, job.ParamErr("field_delimiter", "%s", msgTSVDelimiter))
	}
	if format == string(fileout.CSV) || format == string(fileout.TSV) {
		errs = append(errs, checkExtraArgs(c.Object("extra_args"))...)
	}
	return errs
}

// validateSenderAPI holds the sender api's checks across parameters; json
// forces file_per_slice (seed).
func (f *Family) validateSenderAPI(j *job.Job, c *job.Config) []error {
	errs := f.checkConnection(j, c)
	if c.String("format") == string(fileout.JSON) && !c.Bool("file_per_slice") {
		errs = append(errs, &job.ParamError{Param: "file_per_slice", Warning: true,
			Msg: "format json writes one file per slice: file_per_slice is taken as true"})
		c.Obj.Set("file_per_slice", true)
	}
	if comp := c.String("compression"); comp != string(fileout.None) && !c.Bool("file_per_slice") {
		errs = append(errs, job.ParamErr("file_per_slice", "%s", fileout.ErrCompressionAppend))
	}
	return errs
}
