package sample_test

import (
	"testing"

	"github.com/sluice-dev/sluice/job/jobtest"
	_ "github.com/sluice-dev/sluice/ops/builtin"
	_ "github.com/sluice-dev/sluice/ops/sample"
)

func TestExamples(t *testing.T) { jobtest.RunExamples(t, "sample_exact", "sample_random") }
