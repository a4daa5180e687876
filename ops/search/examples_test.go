package search_test

import (
	"testing"

	"github.com/sluice-dev/sluice/job/jobtest"
	_ "github.com/sluice-dev/sluice/ops/routed"
)

func TestExamples(t *testing.T) {
	jobtest.RunExamples(t, "sample_exact_es_percent", "search_sender_api")
}
