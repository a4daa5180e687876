package fileout_test

import (
	"testing"

	"github.com/sluice-dev/sluice/job/jobtest"
	_ "github.com/sluice-dev/sluice/ops/builtin"
	_ "github.com/sluice-dev/sluice/ops/fileout"
	_ "github.com/sluice-dev/sluice/ops/routed" // the example routes through routed_sender
)

func TestExamples(t *testing.T) {
	jobtest.RunExamples(t, "file_sender_api")
}
