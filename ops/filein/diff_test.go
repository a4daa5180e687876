package filein

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/sluice-dev/sluice/internal/ndjson"
	"github.com/sluice-dev/sluice/ops/fileout"
	"github.com/sluice-dev/sluice/record"
)

// diffInput is an invented input of the differential check (see
// testdata/gen_readdiff.py): a file, a format and reader settings.
type diffInput struct {
	ID     string
	Format string
	Config struct {
		Size           int64
		LineDelimiter  string                 `json:"line_delimiter"`
		FieldDelimiter string                 `json:"field_delimiter"`
		Fields         []string               `json:"fields"`
		IgnoreEmpty    *bool                  `json:"ignore_empty"`
		RemoveHeader   *bool                  `json:"remove_header"`
		ExtraArgs      struct{ Quote string } `json:"extra_args"`
	}
	FileText string `json:"file_text"`
}

// diffAnswer is the reference's answer: its slices and the records of
// each (with the reject action "none").
type diffAnswer struct {
	ID      string
	OK      bool
	Slices  []Range
	Records [][]json.RawMessage
}

// knownDiffs are inputs on which sluice reads otherwise than the reference
// reads the whole file, on purpose (docs/compat.md).
var knownDiffs = map[string]string{
	"csv-header-twice": "every header row is left out, not only the first of a slice (row 23)",
}

// TestReaderMatchesReference reads every invented input, cut into the
// reference's slices, and compares:
//   - with the reference reading the whole file as one slice: the records
//     must be the same (every record once, in order);
//   - with the reference reading slice by slice: the same records slice for
//     slice, wherever the reference's own slices add up to its whole-file
//     answer (they do not where it duplicates, corrupts or fails: rows
//     20-22 and correction 13.1).
func TestReaderMatchesReference(t *testing.T) {
	inputs, err := ndjson.Read[diffInput]("testdata/readdiff.in.jsonl", nil)
	if err != nil {
		t.Fatal(err)
	}
	sliced := answers(t, "testdata/readdiff.ref.jsonl")
	whole := answers(t, "testdata/readdiff.whole.jsonl")
	buggy := 0
	for _, in := range inputs {
		t.Run(in.ID, func(t *testing.T) {
			ref := sliced[in.ID]
			mine := readSlices(t, in, ref.Slices)
			if reason, ok := knownDiffs[in.ID]; ok {
				t.Skip(reason)
			}
			if shiftsColumns(in) {
				t.Skip("with ignore_empty the reference strips white space (tabs among it) from the start of each line before cutting it into cells, moving the cells after leading empty tsv cells into the wrong columns; sluice keeps every cell in its column")
			}
			if got, want := flat(mine), flatRaw(whole[in.ID].Records); got != want {
				t.Fatalf("records\n got %s\nwant %s (the reference, whole file)", got, want)
			}
			if !ref.OK || flatRaw(ref.Records) != flatRaw(whole[in.ID].Records) {
				buggy++
				return
			}
			for i := range ref.Slices {
				if got, want := flat(mine[i:i+1]), flatRaw(ref.Records[i:i+1]); got != want {
					t.Errorf("slice %d: got %s, want %s", i, got, want)
				}
			}
		})
	}
	t.Logf("%d inputs; on %d the reference's slices do not add up to its whole-file reading", len(inputs), buggy)
}

func answers(t *testing.T, path string) map[string]diffAnswer {
	list, err := ndjson.Read[diffAnswer](path, nil)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]diffAnswer{}
	for _, a := range list {
		out[a.ID] = a
	}
	return out
}

// readSlices reads the input's file slice by slice (checking that
// SegmentFile cuts it as the reference did).
func readSlices(t *testing.T, in diffInput, refSlices []Range) [][]*record.Object {
	delim := cmpOr(in.Config.LineDelimiter, "\n")
	whole := in.Format == "json"
	slices := SegmentFile("", int64(len(in.FileText)), SliceOptions{Size: in.Config.Size, Delimiter: delim, WholeFile: whole})
	// the reference offsets ranges by the delimiter's length in UTF-16
	// units, sluice by its length in bytes: they agree on ASCII delimiters
	if isASCII(delim) && len(refSlices) > 0 && fmt.Sprint(slices) != fmt.Sprint(refSlices) {
		t.Fatalf("slices %v, the reference's %v", slices, refSlices)
	}
	r, err := NewReader(Options{Format: fileout.Format(in.Format), Delimiter: delim, CSV: diffCSV(in)})
	if err != nil {
		t.Fatal(err)
	}
	out := make([][]*record.Object, len(slices))
	for i, rg := range slices {
		err := r.Read(memSource([]byte(in.FileText), 5), rg, func(o *record.Object, _ int64) error {
			out[i] = append(out[i], o)
			return nil
		}, func(Bad) error { return nil })
		if err != nil {
			t.Fatal(err)
		}
	}
	return out
}

func diffCSV(in diffInput) CSVOptions {
	o := CSVOptions{Fields: in.Config.Fields, Delimiter: in.Config.FieldDelimiter, Quote: `"`, Escape: `"`,
		IgnoreEmpty: in.Config.IgnoreEmpty == nil || *in.Config.IgnoreEmpty, RemoveHeader: in.Config.RemoveHeader == nil || *in.Config.RemoveHeader}
	if o.Delimiter == "" {
		o.Delimiter = map[bool]string{true: "\t", false: ","}[in.Format == "tsv"]
	}
	if in.Config.ExtraArgs.Quote == "off" {
		o.Quote = ""
	}
	return o
}

func flat(slices [][]*record.Object) string {
	var all []any
	for _, s := range slices {
		for _, o := range s {
			all = append(all, o)
		}
	}
	return record.JSON(all)
}

func flatRaw(slices [][]json.RawMessage) string {
	var all []any
	for _, s := range slices {
		for _, raw := range s {
			v, _ := record.ParseJSON(raw)
			all = append(all, v)
		}
	}
	return record.JSON(all)
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// shiftsColumns reports a tsv input read with ignore_empty that has a
// line whose leading white space holds a tab (see the skip message).
func shiftsColumns(in diffInput) bool {
	ignore := in.Config.IgnoreEmpty == nil || *in.Config.IgnoreEmpty
	if in.Format != "tsv" || !ignore {
		return false
	}
	for _, line := range strings.Split(in.FileText, "\n") {
		lead := line[:len(line)-len(trimStartJS(line))]
		if strings.Contains(lead, "\t") {
			return true
		}
	}
	return false
}
