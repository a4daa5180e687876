package job_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/sluice-dev/sluice/job"
	"github.com/sluice-dev/sluice/lang/diag"
	"github.com/sluice-dev/sluice/record"
)

// upper upper-cases one field of each record. It keeps nothing from one
// record to the next, so it says so with Recordwise: the worker then takes
// each slice through it a run of records at a time (job.RunSize), while
// the reader's records are still in the core's cache.
type upper struct{ field string }

func (u upper) Recordwise() {}

func (u upper) Process(_ *job.Slice, in []*record.Record) ([]*record.Record, error) {
	for _, r := range in {
		if s, ok := r.Data.Get(u.field); ok {
			if str, isStr := s.(string); isStr {
				r.Data.Set(u.field, strings.ToUpper(str))
			}
		}
	}
	return in, nil
}

// A record-wise processor is a Processor with a Recordwise method.
func ExampleRecordwiseProcessor() {
	job.Register(&job.Spec{Name: "example_upper", Kind: job.KindProcessor, Summary: "upper-cases a field",
		Params: []*job.Param{{Name: "field", Type: "string", Required: true, Check: job.String(false)}},
		NewProcessor: func(_ *job.OpContext, c *job.Config) (job.Processor, error) {
			return upper{field: c.String("field")}, nil
		}})
	doc := `{"operations": [{"_op": "test-reader", "passthrough_slice": true, "slicer_data_file_path": "slices.json"},
		{"_op": "example_upper", "field": "name"}]}`
	j, diags := job.Validate(diag.NewSource("job.json", []byte(doc)), job.Options{Dir: "testdata/example"})
	if j == nil {
		fmt.Println(diags.Items)
		return
	}
	var names []string
	_, err := job.Run(context.Background(), j, job.RunOptions{OnSliceDone: func(_ *job.Slice, out []*record.Record, _ error) {
		for _, r := range out {
			v, _ := r.Data.Get("name")
			names = append(names, v.(string))
		}
	}})
	fmt.Println(names, err)
	// Output: [ADA GRACE] <nil>
}
