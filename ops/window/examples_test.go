package window_test

import (
	"testing"

	"github.com/sluice-dev/sluice/job/jobtest"
	_ "github.com/sluice-dev/sluice/ops/builtin"
	_ "github.com/sluice-dev/sluice/ops/window"
)

func TestExamples(t *testing.T) { jobtest.RunExamples(t, "window", "data_window_to_array") }
