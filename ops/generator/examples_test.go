package generator_test

import (
	"testing"

	"github.com/sluice-dev/sluice/job/jobtest"
	_ "github.com/sluice-dev/sluice/ops/builtin"
	_ "github.com/sluice-dev/sluice/ops/generator"
)

func TestExamples(t *testing.T) { jobtest.RunExamples(t, "data_generator") }
