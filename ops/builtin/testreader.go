package builtin

import (
	"context"
	"fmt"
	"os"

	"github.com/sluice-dev/sluice/job"
	"github.com/sluice-dev/sluice/record"
)

func init() {
	job.Register(&job.Spec{
		Name:    "test-reader",
		Kind:    job.KindReader,
		Summary: "Reads test data: slice requests from a file (or 10 built-in ones) and records from a file (or 187 built-in ones), or passes each slice request through as the records.",
		Doc: "In a once job the slicer emits its requests in order and then finishes; in a persistent job it cycles " +
			"through all of them (the reference never repeats the first one; docs/compat.md). With `passthrough_slice` the " +
			"fetcher returns the slice request itself, which must be an array of objects.",
		Params: []*job.Param{
			{Name: "passthrough_slice", Type: "boolean", Default: false, Check: job.Bool(), Doc: "Return the slice request (an array of records) as the slice's records."},
			{Name: "fetcher_data_file_path", Type: "string", Default: nil, Check: job.OptionalString(), Doc: "A JSON array of records returned for every slice (read once)."},
			{Name: "slicer_data_file_path", Type: "string", Default: nil, Check: job.OptionalString(), Doc: "A JSON array of slice requests."},
		},
		NewSlicer:  newTestSlicer,
		NewFetcher: newTestFetcher,
		Examples: []job.Example{{
			Title:  "Slices from a file, each request passed through as its records",
			Config: `{"_op": "test-reader", "passthrough_slice": true, "slicer_data_file_path": "slices.json"}`,
			Files:  map[string]string{"slices.json": `[[{"id": 1}, {"id": 2}], [{"id": 3}]]`},
			Output: `[{"id": 1}, {"id": 2}, {"id": 3}]`,
		}},
	})
}

type testSlicer struct {
	requests   []any
	pos        int
	persistent bool
}

func newTestSlicer(ctx *job.SlicerContext, c *job.Config) (job.Slicer, error) {
	s := &testSlicer{persistent: ctx.Job.Persistent()}
	path := c.String("slicer_data_file_path")
	if path == "" {
		s.requests = defaultSliceRequests()
		return s, nil
	}
	arr, err := readJSONArray(ctx.Job.ResolvePath(path))
	if err != nil {
		return nil, fmt.Errorf("Unable to read file at path %s: %w", path, err)
	}
	s.requests = arr
	return s, nil
}

// Slice emits the requests in order; a persistent job cycles through every
// request, the first included.
func (s *testSlicer) Slice(context.Context) ([]any, bool, error) {
	if len(s.requests) == 0 {
		return nil, true, nil
	}
	if s.pos >= len(s.requests) {
		if !s.persistent {
			return nil, true, nil
		}
		s.pos = 0
	}
	r := s.requests[s.pos]
	s.pos++
	return []any{r}, false, nil
}

type testFetcher struct {
	ctx         *job.OpContext
	passthrough bool
	data        []any
}

func newTestFetcher(ctx *job.OpContext, c *job.Config) (job.Fetcher, error) {
	f := &testFetcher{ctx: ctx, passthrough: c.Bool("passthrough_slice")}
	if f.passthrough {
		return f, nil
	}
	path := c.String("fetcher_data_file_path")
	if path == "" {
		f.data = defaultRecords()
		return f, nil
	}
	arr, err := readJSONArray(ctx.Job.ResolvePath(path))
	if err != nil {
		return nil, fmt.Errorf("Unable to read file at path %s: %w", path, err)
	}
	f.data = arr
	return f, nil
}

// Fetch returns the request's records (passthrough) or a fresh copy of the
// data. An element that is not an object goes to the dead-letter action.
func (f *testFetcher) Fetch(_ *job.Slice, req any) ([]*record.Record, error) {
	elems := f.data
	if f.passthrough {
		arr, ok := req.([]any)
		if !ok {
			return nil, fmt.Errorf("Test, when passthrough_slice is set to true it expects an array")
		}
		elems = arr
	}
	out := make([]*record.Record, 0, len(elems))
	for _, e := range elems {
		r, err := toRecord(record.DeepCopy(e))
		if err != nil {
			if rerr := f.ctx.Reject(record.New(nil), err); rerr != nil {
				return nil, rerr
			}
			continue
		}
		out = append(out, r)
	}
	return out, nil
}

// toRecord wraps an object; null makes an empty record (the reference's
// DataEntity.make); anything else is an invalid record.
func toRecord(v any) (*record.Record, error) {
	switch x := v.(type) {
	case *record.Object:
		return record.New(x), nil
	case nil:
		return record.New(nil), nil
	}
	return nil, job.RecordErr("BAD_RECORD", "Invalid data source, must be an object, got %s", record.TypeName(v))
}

func readJSONArray(path string) ([]any, error) {
	text, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	v, err := record.ParseJSON(text)
	if err != nil {
		return nil, err
	}
	arr, ok := v.([]any)
	if !ok {
		return nil, fmt.Errorf("expected a JSON array, got %s", record.TypeName(v))
	}
	return arr, nil
}
