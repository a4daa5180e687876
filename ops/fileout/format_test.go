package fileout

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/sluice-dev/sluice/record"
)

// formatJob is one line of testdata/formatdiff.in.jsonl: inputs invented
// for a differential check against the reference's Formatter
// (run-format.sh, mode formatter); formatdiff.ref.jsonl holds its answers.
type formatJob struct {
	ID     string          `json:"id"`
	Format string          `json:"format"`
	Config json.RawMessage `json:"config"`
	Slices json.RawMessage `json:"slices"`
}

type formatAnswer struct {
	ID      string   `json:"id"`
	OK      bool     `json:"ok"`
	Outputs []string `json:"outputs"`
	Error   string   `json:"error"`
}

// TestFormatterMatchesReference formats every invented slice like the
// reference's Formatter (one formatter per job, header on every slice).
func TestFormatterMatchesReference(t *testing.T) {
	jobs := readLines[formatJob](t, "formatdiff.in.jsonl")
	answers := readLines[formatAnswer](t, "formatdiff.ref.jsonl")
	if len(jobs) != len(answers) || len(jobs) < 30 {
		t.Fatalf("%d jobs, %d answers", len(jobs), len(answers))
	}
	for i, j := range jobs {
		t.Run(j.ID, func(t *testing.T) {
			f := formatterFor(t, j.Format, j.Config)
			slices, _ := parse(t, j.Slices).([]any)
			for k, s := range slices {
				got, bad := f.Format(recordsOf(t, s), true)
				if len(bad) > 0 {
					t.Fatalf("slice %d: bad records %v", k, bad)
				}
				if want := answers[i].Outputs[k]; got != want {
					t.Errorf("slice %d:\n got %q\nwant %q", k, got, want)
				}
			}
		})
	}
}

func formatterFor(t *testing.T, format string, cfg json.RawMessage) *Formatter {
	t.Helper()
	o, _ := parse(t, cfg).(*record.Object)
	if o == nil {
		o = record.NewObject(1)
	}
	o.Set("format", format)
	opt, err := FormatOptionsFromObject(o)
	if err != nil {
		t.Fatal(err)
	}
	f, err := NewFormatter(opt)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

func TestRawRejectsObjectsAndArrays(t *testing.T) {
	f, _ := NewFormatter(FormatOptions{Format: Raw, LineDelimiter: "\n"})
	recs := recordsOf(t, parse(t, json.RawMessage(`[{"data":"a"},{"data":{"x":1}},{"data":[1]},{"data":"b"}]`)))
	got, bad := f.Format(recs, false)
	if got != "a\nb\n" || len(bad) != 2 || bad[0].Index != 1 || bad[1].Index != 2 {
		t.Fatalf("got %q, bad %v", got, bad)
	}
	if !strings.Contains(bad[0].Err.Error(), `"data" field, which must be a string, got object`) {
		t.Errorf("message: %v", bad[0].Err)
	}
}

func TestFormatterOptionErrors(t *testing.T) {
	for _, c := range []struct{ cfg, want string }{
		{`{"format": "something"}`, `Unsupported output format "something"`},
		{`{"format": "json", "line_delimiter": 23423}`, "Invalid parameter line_delimiter, it must be provided and be of type string, was given Number"},
		{`{"format": "csv", "fields": "a"}`, "Invalid parameter fields, it must be provided and be an empty array or an array of strings, was given String"},
		{`{"format": "csv", "fields": ["a", 1]}`, "Invalid parameter fields, it must be provided and be an empty array or an array of strings, was given Array"},
	} {
		_, err := FormatOptionsFromObject(obj(t, c.cfg))
		if err == nil || err.Error() != c.want {
			t.Errorf("%s: got %v, want %q", c.cfg, err, c.want)
		}
	}
	if _, err := NewFormatter(FormatOptions{Format: "xml"}); err == nil || err.Error() != `Unsupported output format "xml"` {
		t.Errorf("NewFormatter: %v", err)
	}
}
