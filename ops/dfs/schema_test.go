package dfs

import (
	"regexp"
	"strings"
	"testing"

	"github.com/sluice-dev/sluice/job/jobtest"
)

// dfsNames turns a file_reader case's configuration into a dfs_reader one.
var dfsNames = strings.NewReplacer(`"file_reader_api"`, `"dfs_reader_api"`, `"file_reader"`, `"dfs_reader"`, `"_api_name"`, `"api_name"`)

func schemaJob(c jobtest.Case) string {
	cfg := dfsNames.Replace(string(c.Config))
	// {"op": {...}, "api": {...}} -> a job
	op := cfg[strings.Index(cfg, `"op":`)+5 : strings.Index(cfg, `, "api":`)]
	api := cfg[strings.Index(cfg, `"api":`)+6 : len(cfg)-1]
	if !strings.Contains(api, `"format"`) { // checked when the reference builds its reader, here by the schema
		api = strings.Replace(api, "{", `{"format": "ldjson", `, 1)
	}
	return `{"apis": [` + api + `], "operations": [` + op + `, {"_op": "noop"}]}`
}

// TestSchemaCases: the reference's schema tests, current (v4) and legacy
// (v3 short/long form). sluice keeps the seed's legacy form, where the api
// wins and only a path set on both sides differently is an error; other
// clashes are warnings (docs/compat.md).
func TestSchemaCases(t *testing.T) {
	want := map[string]string{
		"should throw an error if no path is specified":                                                                  `error: path.*This field is required and must be of type string`,
		"should ignore path set in opConfig and use apiConfig path":                                                      `error: path is set here to "some/other" and in the api "dfs_reader_api" to "some/path"`,
		"should throw is path is specified and different than":                                                           `error: path is set here to "some/other" and in the api "dfs_reader_api" to "some/path"`,
		"should not throw an error if no path is specified if apiConfig is set":                                          `ok`,
		"should throw if opConfig _dead_letter_action is not a default value while apiConfig _dead_letter_action is set": `warning: parameter "_dead_letter_action" in the api "dfs_reader_api" is set to "throw" and takes precedence over "none"`,
	}
	for _, proc := range []string{"file_reader.schema", "file_reader.schema (legacy v3 short/long form)"} {
		for _, c := range jobtest.Cases(t, casesFile, proc) {
			t.Run(c.Name(), func(t *testing.T) {
				exp, ok := want[c.Name()]
				if !ok {
					t.Fatalf("no expectation for %q", c.Name())
				}
				checkDiags(t, schemaJob(c), exp)
			})
		}
	}
}

// checkDiags validates doc and checks the outcome: "ok", or "error: RE" /
// "warning: RE" matched by one diagnostic of that severity (an error makes
// the job invalid; a warning does not).
func checkDiags(t *testing.T, doc, exp string) {
	t.Helper()
	j, diags := diagnostics(doc)
	kind, re, _ := strings.Cut(exp, ": ")
	switch {
	case exp == "ok":
		if j == nil || len(diags) > 0 {
			t.Fatalf("diagnostics: %v", diags)
		}
		return
	case kind == "error" && j != nil, kind == "warning" && j == nil:
		t.Fatalf("job valid: %v; diagnostics: %v", j != nil, diags)
	}
	rx := regexp.MustCompile(re)
	for _, d := range diags {
		if strings.HasPrefix(d, kind+": ") && rx.MatchString(d) {
			return
		}
	}
	t.Fatalf("no %s matching %q in %v", kind, re, diags)
}
