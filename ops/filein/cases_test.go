package filein

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/sluice-dev/sluice/job/jobtest"
	"github.com/sluice-dev/sluice/ops/fileout"
	"github.com/sluice-dev/sluice/record"
)

const casesFile = "testdata/cases.jsonl"

func decode(t *testing.T, raw json.RawMessage, v any) {
	t.Helper()
	if err := json.Unmarshal(raw, v); err != nil {
		t.Fatalf("%s: %v", raw, err)
	}
}

// TestGetOffsetsCases: the reference's getOffsets tests (slice-spec.ts).
func TestGetOffsetsCases(t *testing.T) {
	for _, c := range jobtest.Cases(t, casesFile, "file.getOffsets") {
		t.Run(c.Name(), func(t *testing.T) {
			var cfg struct {
				Size      int64
				Delimiter string
			}
			var in struct{ Totals []int64 }
			var want struct{ Offsets map[string][]Offsets }
			decode(t, c.Config, &cfg)
			decode(t, c.Input, &in)
			decode(t, c.Expected, &want)
			for _, total := range in.Totals {
				got := GetOffsets(cfg.Size, total, len(cfg.Delimiter))
				if fmt.Sprint(got) != fmt.Sprint(want.Offsets[strconv.FormatInt(total, 10)]) {
					t.Errorf("total %d: got %v, want %v", total, got, want.Offsets[strconv.FormatInt(total, 10)])
				}
			}
		})
	}
}

// TestSegmentFileCases: the reference's segmentFile tests.
func TestSegmentFileCases(t *testing.T) {
	for _, c := range jobtest.Cases(t, casesFile, "file.segmentFile") {
		t.Run(c.Name(), func(t *testing.T) {
			var cfg struct {
				Format        string
				FilePerSlice  bool   `json:"file_per_slice"`
				LineDelimiter string `json:"line_delimiter"`
				Size          int64
			}
			var in struct {
				File struct {
					Path string
					Size int64
				}
			}
			var want struct{ Slices []Range }
			decode(t, c.Config, &cfg)
			decode(t, c.Input, &in)
			decode(t, c.Expected, &want)
			o := SliceOptions{Size: cfg.Size, Delimiter: cmpOr(cfg.LineDelimiter, "\n"), WholeFile: cfg.FilePerSlice || cfg.Format == "json"}
			got := SegmentFile(in.File.Path, in.File.Size, o)
			if fmt.Sprint(got) != fmt.Sprint(want.Slices) {
				t.Errorf("got %v, want %v", got, want.Slices)
			}
		})
	}
}

func cmpOr(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

// chunkedCase is a case of the reference's chunked-file-reader tests,
// whose fetch() is a mock returning the given strings in turn.
type chunkedCase struct {
	Format        string
	LineDelimiter string `json:"line_delimiter"`
	Fields        []string
	RemoveHeader  bool   `json:"remove_header"`
	FieldDelim    string `json:"field_delimiter"`
}

// TestChunkedReaderCases runs the reference's chunked-reader tests. Their
// mock fetch returns its strings whatever range is asked for; here they
// are the bytes of a file at the slice's offset, and the slice's length is
// that of the first string (the bytes the mock's first fetch returned):
// the rest is what the reference reads as its margin. json reads whole
// files, so its file is the fetched text alone. The reject action of every
// case is "none".
func TestChunkedReaderCases(t *testing.T) {
	for _, c := range jobtest.Cases(t, casesFile, "file.chunked_reader") {
		t.Run(c.Name(), func(t *testing.T) {
			var cfg chunkedCase
			var in struct {
				Slice   Range
				Fetches []string
			}
			decode(t, c.Config, &cfg)
			decode(t, c.Input, &in)
			got := readCase(t, cfg, in.Slice, in.Fetches)
			checkChunked(t, c.Expected, got)
		})
	}
}

func readCase(t *testing.T, cfg chunkedCase, rg Range, fetches []string) []*record.Object {
	text := strings.Join(fetches, "")
	data := strings.Repeat("x", int(rg.Offset)) + text
	rg.Length, rg.Total = int64(len(fetches[0])), int64(len(data))
	if cfg.Format == "json" {
		data, rg = text, Range{Length: int64(len(text)), Total: int64(len(text))}
	}
	opt := Options{Format: fileout.Format(cfg.Format), Delimiter: cfg.LineDelimiter,
		CSV: CSVOptions{Fields: cfg.Fields, Delimiter: cmpOr(cfg.FieldDelim, ","), Quote: `"`, Escape: `"`, RemoveHeader: cfg.RemoveHeader, IgnoreEmpty: true}}
	r, err := NewReader(opt)
	if err != nil {
		t.Fatal(err)
	}
	var got []*record.Object
	err = r.Read(memSource([]byte(data), 7), rg, func(o *record.Object, _ int64) error {
		got = append(got, o)
		return nil
	}, func(Bad) error { return nil })
	if err != nil {
		t.Fatal(err)
	}
	return got
}

func checkChunked(t *testing.T, expected json.RawMessage, got []*record.Object) {
	want, _ := record.ParseJSON(expected)
	exp := want.(*record.Object)
	if recs, ok := exp.Get("records"); ok {
		gotV := make([]any, len(got))
		for i, o := range got {
			gotV[i] = o
		}
		if !record.DeepEqual(gotV, recs) {
			t.Errorf("got %s, want %s", record.JSON(gotV), record.JSON(recs))
		}
	}
	if n, ok := exp.Get("records_length"); ok && float64(len(got)) != n {
		t.Errorf("got %d records, want %v", len(got), n)
	}
}
