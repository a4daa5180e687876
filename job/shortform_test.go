package job_test

import (
	"strings"
	"testing"

	"github.com/sluice-dev/sluice/job"
)

func init() {
	job.Register(&job.Spec{Name: "test_file_api", Kind: job.KindAPI, Summary: "a file api for tests",
		Params: []*job.Param{
			{Name: "path", Check: job.RequiredString()},
			{Name: "format", Default: "ldjson", Check: job.Enum("ldjson", "json")},
		},
		NewAPI: func(*job.OpContext, *job.Config) (any, error) { return struct{}{}, nil }})
	job.Register(&job.Spec{Name: "test_file_op", Kind: job.KindProcessor, Summary: "a file op for tests",
		Params: []*job.Param{
			{Name: "api_name", NoDefault: true, Check: job.OptionalString()},
			{Name: "path", NoDefault: true, Check: job.OptionalString()},
			{Name: "format", Default: "ldjson", Check: job.Enum("ldjson", "json")},
		},
		Prepare:      func(j *job.Job, c *job.Config) []error { return job.EnsureAPI(j, c, "api_name", "test_file_api") },
		NewProcessor: func(*job.OpContext, *job.Config) (job.Processor, error) { return nil, nil }})
}

func TestShortFormBuildsTheAPI(t *testing.T) {
	j, diags := validate(t, `{"operations": [{"_op": "test-reader"}, {"_op": "test_file_op", "path": "/data", "format": "json"}]}`)
	if j == nil {
		t.Fatal(diags)
	}
	api := j.API("test_file_api:test_file_op-1")
	if api == nil || api.String("path") != "/data" || api.String("format") != "json" || j.Operations[1].String("api_name") != api.Label {
		t.Fatalf("apis: %v", j.APIs)
	}
}

func TestShortFormMissingPathPointsAtTheOperation(t *testing.T) {
	_, diags := validate(t, `{"operations": [{"_op": "test-reader"}, {"_op": "test_file_op"}]}`)
	if len(diags) != 1 || !strings.Contains(diags[0], `apis[0] (test_file_api:test_file_op-1): parameter "path": This field is required`) ||
		!strings.HasPrefix(diags[0], "job.json:1:41:") {
		t.Fatalf("diagnostics: %v", diags)
	}
}

func TestLongFormAPIWins(t *testing.T) {
	doc := `{"apis": [{"_name": "test_file_api:files", "path": "/a", "format": "json"}],
"operations": [{"_op": "test-reader"}, {"_op": "test_file_op", "api_name": "test_file_api:files", "format": "ldjson"}]}`
	j, diags := validate(t, doc)
	if j == nil || j.API("test_file_api:files").String("format") != "json" {
		t.Fatalf("job %v: %v", j, diags)
	}
	if len(diags) != 1 || !strings.Contains(diags[0], `parameter "format" in the api "test_file_api:files" is set to "json" and takes precedence over "ldjson"`) {
		t.Errorf("diagnostics: %v", diags)
	}
}

func TestLongFormPathOnBothSides(t *testing.T) {
	same := `{"apis": [{"_name": "test_file_api:files", "path": "/a"}], "operations": [{"_op": "test-reader"}, {"_op": "test_file_op", "api_name": "test_file_api:files", "path": "/a"}]}`
	if j, diags := validate(t, same); j == nil {
		t.Errorf("the same path on both sides is fine: %v", diags)
	}
	differ := `{"apis": [{"_name": "test_file_api:files", "path": "/a"}], "operations": [{"_op": "test-reader"}, {"_op": "test_file_op", "api_name": "test_file_api:files", "path": "/b"}]}`
	j, diags := validate(t, differ)
	if j != nil || len(diags) != 1 || !strings.Contains(diags[0], `path is set here to "/b" and in the api "test_file_api:files" to "/a"`) {
		t.Errorf("diagnostics: %v", diags)
	}
}
