package objstore_test

import (
	"testing"

	"github.com/sluice-dev/sluice/job/jobtest"
	_ "github.com/sluice-dev/sluice/ops/builtin"
	_ "github.com/sluice-dev/sluice/ops/objstore"
	_ "github.com/sluice-dev/sluice/ops/routed" // the examples route through routed_sender
)

func TestExamples(t *testing.T) { jobtest.RunExamples(t, "object_sender_api") }
