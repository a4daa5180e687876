package generator_test

import (
	"testing"

	"github.com/sluice-dev/sluice/job"
	"github.com/sluice-dev/sluice/ops/generator"
)

// A slicer given recovery data says it resumes (a cluster controller then
// continues its count instead of replaying published slices); a fresh one
// does not.
func TestSlicerIsRecoverable(t *testing.T) {
	j := mustValidate(t, map[string]any{"name": "g", "operations": []any{
		map[string]any{"_op": "data_generator", "size": 10}, map[string]any{"_op": "noop"}}})
	c := j.Operations[0]
	for _, rec := range [][]job.Recovery{nil, {{LastSlice: map[string]any{"count": 5.0, "processed": 5.0}}}} {
		s, err := generator.NewSlicer(&job.SlicerContext{Job: j, Config: c, Workers: 1, Recovery: rec}, c)
		if err != nil {
			t.Fatal(err)
		}
		r, ok := s.(job.Recoverable)
		if !ok || r.Resumed() != (rec != nil) {
			t.Errorf("recovery %v: Recoverable %v, resumed %v", rec, ok, ok && r.Resumed())
		}
	}
}
