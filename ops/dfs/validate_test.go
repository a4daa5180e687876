package dfs

import "testing"

// TestValidationMessages: the reference's messages (spec 8.3, 8.6) and
// sluice's own checks, each at its parameter.
func TestValidationMessages(t *testing.T) {
	reader := func(params string) string {
		return readerJob(`{"_op": "dfs_reader", "path": "/d/", ` + params + `}`)
	}
	exporter := func(params string) string {
		return `{"operations": [{"_op": "test-reader"}, {"_op": "dfs_exporter", "path": "/d/", ` + params + `}]}`
	}
	for _, c := range []struct{ doc, want string }{
		{reader(`"size": 5`), `error: parameter "format": Invalid parameter "format", it must be provided and set to one of these: json, ldjson, raw, tsv, csv`},
		{reader(`"format": "xml"`), `error: .*Invalid parameter "format", it must be provided`},
		{reader(`"format": "json", "compression": "gzip"`), `error: parameter "file_per_slice": Invalid parameter "file_per_slice", it must be set to true if compression is set to anything other than "none" as we cannot properly divide up a compressed file`},
		{reader(`"format": "json", "compression": "zip"`), `error: parameter "compression": must be one of: "none", "lz4", "gzip"`},
		{reader(`"format": "tsv", "field_delimiter": ","`), `error: parameter "field_delimiter": Invalid parameter field_delimiter, if format is set to tsv and field_delimiter is provided, it must be set to "\\t"`},
		{reader(`"format": "csv", "extra_args": "x"`), `error: Invalid parameter extra_args, it must be an object`},
		{reader(`"format": "csv", "fields": "a"`), `error: Invalid parameter fields, it must be an empty array or an array containing strings`},
		{reader(`"format": "csv", "fields": [1]`), `error: Invalid parameter fields, it must be an array containing strings`},
		{reader(`"format": "csv", "ignore_empty": "yes"`), `error: Invalid parameter ignore_empty, it must be a boolean`},
		{reader(`"format": "csv", "remove_header": 2`), `error: Invalid parameter remove_header, it must be a boolean`},
		{reader(`"format": "csv", "field_delimiter": 5`), `error: Invalid parameter field_delimiter, it must be a string`},
		{reader(`"format": "csv", "line_delimiter": ""`), `error: Invalid parameter line_delimiter, it must not be empty`},
		{reader(`"format": "ldjson", "concurrency": 0`), `error: Invalid concurrency setting, it must be a number and greater than 0`},
		{reader(`"format": "ldjson", "size": 0`), `error: Invalid parameter size, it must be a positive integer`},
		{reader(`"format": "ldjson", "size": 1.5`), `error: Invalid parameter size, it must be a positive integer`},
		{reader(`"format": "csv", "extra_args": {"quote": "ab"}`), `error: extra_args.quote must be one character`},
		{reader(`"format": "csv", "extra_args": {"noheader": false}`), `error: extra_args.noheader must be true`},
		{reader(`"format": "csv", "extra_args": {"colParser": {}}`), `warning: extra_args.colParser is not supported and is ignored`},
		{reader(`"format": "ldjson", "connection": "archive"`), `error: parameter "connection": connection "archive" names no hdfs or s3 connection \(configured: s3:default\)`},
		{readerJob(`{"_op": "dfs_reader", "format": "ldjson"}`), `error: apis\[0\] \(dfs_reader_api:dfs_reader-0\): parameter "path": This field is required and must be of type string`},
		{exporter(`"size": 5`), `error: parameter "format": Invalid parameter format, it must be provided and be set to any of these: json, ldjson, raw, tsv, csv`},
		{exporter(`"format": "json", "file_per_slice": false`), `warning: format json writes one file per slice: file_per_slice is taken as true`},
		{exporter(`"format": "csv", "compression": "lz4", "file_per_slice": false`), `error: Invalid parameter "file_per_slice", it must be set to true if compression`},
		{exporter(`"format": "csv", "concurrency": -1`), `error: Invalid concurrency setting, it must be a number and greater than 0`},
		{`{"apis": [{"_name": "dfs_reader_api", "path": "/d/", "format": "ldjson"}], "operations": [{"_op": "dfs_reader", "api_name": "dfs_reader_api", "size": 5}, {"_op": "noop"}]}`,
			`warning: parameter "size": the api dfs_reader_api holds this operation's configuration: set size there \(it is ignored here\)`},
	} {
		t.Run(c.want, func(t *testing.T) { checkDiags(t, c.doc, c.want) })
	}
}

// TestDefaults: the defaults of the seed's tables (reader: the reference's
// file_per_slice, see docs/compat.md).
func TestDefaults(t *testing.T) {
	j := validate(t, `{"operations": [{"_op": "dfs_reader", "path": "/d/", "format": "ldjson"}, {"_op": "dfs_exporter", "path": "/o/", "format": "csv"}]}`, nil)
	reader, exporter := j.API("dfs_reader_api:dfs_reader-0"), j.API("dfs_sender_api:dfs_exporter-1")
	got := jsonOf([]any{reader.Get("size"), reader.Get("file_per_slice"), reader.Get("compression"), reader.Get("remove_header"),
		reader.Get("ignore_empty"), reader.Get("connection"), reader.Has("user"),
		exporter.Get("file_per_slice"), exporter.Get("concurrency"), exporter.Get("include_header"), exporter.Get("connection")})
	if want := `[10000000,false,"none",true,true,"default",false,true,10,false,"default"]`; got != want {
		t.Fatalf("defaults %s, want %s", got, want)
	}
}
