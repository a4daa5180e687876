package dfs

import (
	"github.com/sluice-dev/sluice/job"
	"github.com/sluice-dev/sluice/ops/fileout"
)

func (f *Family) readerExamples() []job.Example {
	return []job.Example{{
		Title:  "Read every ldjson file under a directory, in slices of 20 bytes: each record once, whatever the cut",
		Config: `{"_op": "` + f.Reader + `", "path": "in/", "format": "ldjson", "size": 20}`,
		Files: map[string]string{
			"in/a.ldjson":     "{\"id\":1,\"name\":\"ann\"}\n{\"id\":2,\"name\":\"bob\"}\n",
			"in/sub/b.ldjson": "{\"id\":3}\n{\"id\":4}",
			"in/.a.tmp":       "{\"hidden\":true}\n",
		},
		Output: `[{"id":1,"name":"ann"},{"id":2,"name":"bob"},{"id":3},{"id":4}]`,
	}, {
		Title:  "One csv file (the path ./people.csv is the prefix people.csv in the directory .): the header row and blank lines are left out",
		Config: `{"_op": "` + f.Reader + `", "path": "./people.csv", "format": "csv", "fields": ["name", "age"]}`,
		Files:  map[string]string{"people.csv": "name,age\nann,31\n\n\"bob, jr\",7\n"},
		Output: `[{"name":"ann","age":"31"},{"name":"bob, jr","age":"7"}]`,
	}, {
		Title:  "A bad line goes to the dead-letter action (here: dropped) and the job goes on",
		Config: `{"_op": "` + f.Reader + `", "path": "in/", "format": "ldjson", "_dead_letter_action": "none"}`,
		Files:  map[string]string{"in/a.ldjson": "{\"ok\":1}\n{not json\n[1,2]\n{\"ok\":2}\n"},
		Output: `[{"ok":1},{"ok":2}]`,
	}}
}

func (f *Family) readerAPIExamples() []job.Example {
	return []job.Example{{
		Title:      "Long form: a json file holding an array gives a record per element, with the slice as metadata",
		Config:     `{"_op": "` + f.Reader + `", "api_name": "` + f.ReaderAPI + `"}`,
		APIs:       `[{"_name": "` + f.ReaderAPI + `", "path": "data/", "format": "json"}]`,
		Files:      map[string]string{"data/x.json": `[{"a":1},{"a":2}]`},
		Output:     `[{"a":1},{"a":2}]`,
		OutputMeta: `[{"path":"data/x.json","offset":0,"length":17,"total":17},{"path":"data/x.json","offset":0,"length":17,"total":17}]`,
	}}
}

func (f *Family) exporterExamples() []job.Example {
	return []job.Example{{
		Title:  "One ldjson file per slice, named <prefix><worker>.<n>.ldjson",
		Config: `{"_op": "` + f.Exporter + `", "path": "out/batch-", "format": "ldjson"}`,
		Input:  `[{"id": 1}, {"id": "two"}]`,
		Output: `[{"id": 1}, {"id": "two"}]`,
		Check:  fileout.ExampleFile("out/batch-*.0.ldjson", fileout.None, "{\"id\":1}\n{\"id\":\"two\"}\n"),
	}, {
		Title:  "csv with a header, one file per worker (appears complete when the worker shuts down)",
		Config: `{"_op": "` + f.Exporter + `", "path": "out/", "format": "csv", "include_header": true, "file_per_slice": false}`,
		Input:  `[{"a": 1, "b": "x"}, {"b": "y,\"z\""}]`,
		Check:  fileout.ExampleFile("out/*.csv", fileout.None, "\"a\",\"b\"\n1,\"x\"\n,\"y,\"\"z\"\"\"\n"),
	}}
}

func (f *Family) senderAPIExamples() []job.Example {
	return []job.Example{{
		Title:  "Long form: gzip-compressed json, an array per slice",
		Config: `{"_op": "` + f.Exporter + `", "api_name": "` + f.SenderAPI + `"}`,
		APIs:   `[{"_name": "` + f.SenderAPI + `", "path": "out/", "format": "json", "compression": "gzip"}]`,
		Input:  `[{"id": 1}]`,
		Check:  fileout.ExampleFile("out/*.0.json.gz", fileout.Gzip, "[{\"id\":1}]\n"),
	}}
}
