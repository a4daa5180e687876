package stream_test

import (
	"testing"

	"github.com/sluice-dev/sluice/job/jobtest"
	_ "github.com/sluice-dev/sluice/ops/builtin"
	_ "github.com/sluice-dev/sluice/ops/routed" // the examples route through routed_sender
	_ "github.com/sluice-dev/sluice/ops/stream"
)

func TestExamples(t *testing.T) { jobtest.RunExamples(t, "stream_sender_api") }
