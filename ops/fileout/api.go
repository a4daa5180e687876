package fileout

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/sluice-dev/sluice/job"
	"github.com/sluice-dev/sluice/record"
)

func init() { job.Register(fileSenderSpec()) }

func fileSenderSpec() *job.Spec {
	return &job.Spec{
		Name:    "file_sender_api",
		Kind:    job.KindAPI,
		Summary: "A sender api that writes records to local files, one directory per route: <path>/<route>/<worker>[.<n>].<format>.",
		Doc: "Name it in routed_sender's `_api_name`. Each route gets its own sender (created when the route is first " +
			"seen) writing under `<path>/<route>/`; records without a route go to `<path>`. Formats are byte for byte " +
			"the reference's (ldjson, json, csv, tsv, raw). With `file_per_slice` every batch becomes a new file " +
			"`<worker>.<n>.<ext>` that appears complete or not at all (written under a hidden temporary name, then " +
			"renamed); otherwise each worker grows one file `<worker>.<ext>` per directory, kept under a hidden " +
			"temporary name while the job runs and renamed when the worker shuts down. Records the format cannot " +
			"represent (raw needs a `data` string) go to this api's `_dead_letter_action`.",
		Params:      fileSenderParams(),
		ValidateJob: validateFileSender,
		NewAPI:      newFileSenderAPI,
		Examples: []job.Example{{
			Title:  "routed_sender writes the records of the catch-all route to out/<worker>.ldjson",
			Config: `{"_op": "routed_sender", "_api_name": "file_sender_api", "routing": {"*": "default"}}`,
			APIs:   `[{"_name": "file_sender_api", "path": "out", "format": "ldjson"}]`,
			Input:  `[{"id": 1}, {"id": "two"}]`,
			Check:  checkExampleFiles("out/*.ldjson", "{\"id\":1}\n{\"id\":\"two\"}\n"),
		}, {
			Title:  "A csv file per batch, with a header",
			Config: `{"_op": "routed_sender", "_api_name": "file_sender_api", "routing": {"*": "default"}}`,
			APIs:   `[{"_name": "file_sender_api", "path": "out", "format": "csv", "include_header": true, "file_per_slice": true}]`,
			Input:  `[{"a": 1, "b": "x"}, {"b": "y,\"z\""}]`,
			Check:  checkExampleFiles("out/*.0.csv", "\"a\",\"b\"\n1,\"x\"\n,\"y,\"\"z\"\"\"\n"),
		}},
	}
}

// checkExampleFiles checks, after an example ran (in its directory), that
// exactly one file matches pattern and holds want.
func checkExampleFiles(pattern, want string) func([]*record.Record) error {
	return ExampleFile(pattern, None, want)
}

// ExampleFile is the Check of an example that writes files: after the
// example ran (in its directory), exactly one file matches pattern and it
// holds want once decompressed with c.
func ExampleFile(pattern string, c Compression, want string) func([]*record.Record) error {
	return func([]*record.Record) error {
		names, err := filepath.Glob(pattern)
		if err != nil || len(names) != 1 {
			return fmt.Errorf("want one file %s, found %v (%v)", pattern, names, err)
		}
		got, err := os.ReadFile(names[0])
		if err == nil {
			got, err = c.Decompress(got)
		}
		if err != nil || string(got) != want {
			return fmt.Errorf("%s holds %q (%v), want %q", names[0], got, err, want)
		}
		return nil
	}
}

// SenderParams returns (new copies of) the parameters of file_sender_api,
// for other sender apis that write the same formats (dfs_sender_api).
func SenderParams() []*job.Param { return fileSenderParams() }

func fileSenderParams() []*job.Param {
	return []*job.Param{
		{Name: "path", Type: "string", Check: job.RequiredString(), Doc: "The directory files are written to; routes are subdirectories. Missing directories are made."},
		{Name: "format", Type: "string", Check: job.Enum(Formats...), Doc: "`ldjson`, `json` (needs file_per_slice), `csv`, `tsv` or `raw` (each record's `data` string)."},
		{Name: "extension", Type: "string", Check: job.OptionalString(), Doc: "Replaces the automatic extension (`.<format>` plus `.gz`/`.lz4`); `\"\"` for none."},
		{Name: "compression", Type: "string", Default: "none", Check: job.Enum(Compressions...), Doc: "`none`, `gzip` or `lz4` (LZ4 frames); anything but none needs file_per_slice."},
		{Name: "field_delimiter", Type: "string", Check: job.OptionalString(), Doc: "Between csv/tsv cells; default `,` for csv and a tab for tsv."},
		{Name: "line_delimiter", Type: "string", Check: job.OptionalString(), Doc: "After every record (after the array for json); default a newline."},
		{Name: "fields", Type: "string[]", Default: []any{}, Check: fieldsCheck(), Doc: "Only these fields, in this order (empty: all). JSON formats apply it at every nesting level; csv/tsv read dotted names as paths."},
		{Name: "file_per_slice", Type: "boolean", Default: false, Check: job.Bool(), Doc: "A new file per batch (`<worker>.<n>.<ext>`) instead of one growing file per worker."},
		{Name: "include_header", Type: "boolean", Default: false, Check: job.Bool(), Doc: "csv/tsv: a header row at the top of each file."},
		{Name: "concurrency", Type: "number", Default: 10.0, Check: concurrencyCheck(), Doc: "Files written at once by one batch."},
	}
}

func fieldsCheck() job.Check {
	return func(v any) (any, error) {
		if _, err := fieldsOf(v); err != nil {
			return v, err
		}
		return v, nil
	}
}

func concurrencyCheck() job.Check {
	return job.Custom(func(v any) bool {
		f, ok := v.(float64)
		return ok && f > 0
	}, "Invalid concurrency setting, it must be a number and greater than 0")
}

func validateFileSender(_ *job.Job, c *job.Config) []error {
	var errs []error
	if c.String("format") == string(JSON) && !c.Bool("file_per_slice") {
		errs = append(errs, job.ParamErr("file_per_slice", `Invalid parameter "file_per_slice", it must be set to true if format is set to json`))
	}
	if comp := c.String("compression"); comp != "" && comp != string(None) && !c.Bool("file_per_slice") {
		errs = append(errs, job.ParamErr("file_per_slice", "%s", ErrCompressionAppend))
	}
	return errs
}

// newFileSenderAPI is the api instance of a worker: a factory of senders,
// one per route, whose files carry the worker's id.
func newFileSenderAPI(ctx *job.OpContext, c *job.Config) (any, error) {
	build := func(cfg *job.Config) (*Sender, error) {
		opt, err := SenderOptionsFromConfig(cfg.Obj, ctx.WorkerID)
		if err != nil {
			return nil, err
		}
		opt.Reject = ctx.Reject
		return NewSender(opt)
	}
	return job.NewFactory(c, build, (*Sender).Close), nil
}

// SenderOptionsFromConfig reads a file sender configuration (the api's
// parameters plus routed_sender's overrides: a `_key` or `dynamic_routing`
// turns dynamic routing on) for the worker id.
func SenderOptionsFromConfig(obj *record.Object, workerID string) (SenderOptions, error) {
	fo, err := FormatOptionsFromObject(obj)
	if err != nil {
		return SenderOptions{}, err
	}
	comp, err := ParseCompression(stringOf(obj, "compression"))
	if err != nil {
		return SenderOptions{}, err
	}
	opt := SenderOptions{Path: stringOf(obj, "path"), ID: workerID, Format: fo, Compression: comp,
		FilePerSlice: boolOf(obj, "file_per_slice"), Concurrency: int(numberOf(obj, "concurrency"))}
	if ext, ok := obj.Get("extension"); ok && ext != nil {
		opt.Extension, opt.HasExtension = record.ToString(ext), true
	}
	key, _ := obj.Get("_key")
	opt.DynamicRouting = record.Truthy(key) || boolOf(obj, "dynamic_routing")
	return opt, nil
}

// FormatOptionsFromObject reads format, fields, line_delimiter,
// field_delimiter and include_header, with the reference Formatter's
// messages for wrong types.
func FormatOptionsFromObject(obj *record.Object) (FormatOptions, error) {
	opt := FormatOptions{Format: Format(stringOf(obj, "format")), LineDelimiter: DefaultLineDelimiter,
		IncludeHeader: boolOf(obj, "include_header")}
	if !validFormat(opt.Format) {
		return opt, fmt.Errorf("Unsupported output format %q", record.ToString(valueOf(obj, "format")))
	}
	if ld := valueOf(obj, "line_delimiter"); ld != nil {
		s, ok := ld.(string)
		if !ok {
			return opt, fmt.Errorf("Invalid parameter line_delimiter, it must be provided and be of type string, was given %s", record.GetTypeOf(ld))
		}
		opt.LineDelimiter = s
	}
	if fd := valueOf(obj, "field_delimiter"); fd != nil {
		opt.FieldDelimiter = record.ToString(fd)
		if opt.FieldDelimiter == "" {
			opt.FieldDelimiter = "," // json2csv's `delimiter || ','`
		}
	}
	var err error
	opt.Fields, err = fieldsOf(valueOf(obj, "fields"))
	return opt, err
}

func fieldsOf(v any) ([]string, error) {
	if v == nil {
		return nil, nil
	}
	arr, ok := v.([]any)
	out := make([]string, 0, len(arr))
	for _, e := range arr {
		s, isStr := e.(string)
		ok = ok && isStr
		out = append(out, s)
	}
	if !ok {
		return nil, errors.New("Invalid parameter fields, it must be provided and be an empty array or an array of strings, was given " + record.GetTypeOf(v))
	}
	return out, nil
}

func valueOf(obj *record.Object, k string) any {
	v, _ := obj.Get(k)
	return v
}

func stringOf(obj *record.Object, k string) string {
	s, _ := valueOf(obj, k).(string)
	return s
}

func boolOf(obj *record.Object, k string) bool {
	b, _ := valueOf(obj, k).(bool)
	return b
}

func numberOf(obj *record.Object, k string) float64 {
	f, _ := valueOf(obj, k).(float64)
	return f
}
