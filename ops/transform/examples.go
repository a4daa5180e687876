package transform

import "github.com/sluice-dev/sluice/job"

func examples(name string) []job.Example {
	if name == "match" {
		return []job.Example{{
			Title:  "Keep the records a selector matches",
			Config: `{"_op": "match", "rules": ["rules.txt"]}`,
			Files:  map[string]string{"rules.txt": "{\"selector\": \"status:200 AND bytes:>1000\"}\n"},
			Input:  `[{"status": 200, "bytes": 5000}, {"status": 404, "bytes": 9000}, {"status": 200, "bytes": 10}]`,
			Output: `[{"status": 200, "bytes": 5000}]`,
		}}
	}
	return []job.Example{{
		Title:  "Extract the host of successful requests",
		Config: `{"_op": "transform", "rules": ["rules.txt"]}`,
		Files: map[string]string{"rules.txt": `{"selector": "status:200", "source": "url", "target": "host", "start": "://", "end": "/"}
{"selector": "status:200", "source": "bytes", "target": "bytes"}
`},
		Input:  `[{"status": 200, "url": "http://example.com/a", "bytes": 512}, {"status": 500, "url": "http://x.org/"}]`,
		Output: `[{"host": "example.com", "bytes": 512}]`,
	}}
}
