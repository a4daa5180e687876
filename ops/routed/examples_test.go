package routed_test

import (
	"testing"

	"github.com/sluice-dev/sluice/job/jobtest"
	_ "github.com/sluice-dev/sluice/ops/builtin"
	_ "github.com/sluice-dev/sluice/ops/fileout" // the examples write through file_sender_api
	_ "github.com/sluice-dev/sluice/ops/routed"
)

func TestExamples(t *testing.T) {
	jobtest.RunExamples(t, "routed_sender")
}
