package builtin_test

import (
	"testing"

	"github.com/sluice-dev/sluice/job/jobtest"
	_ "github.com/sluice-dev/sluice/ops/builtin"
)

func TestExamples(t *testing.T) {
	jobtest.RunExamples(t, "test-reader", "noop", "delay", "stdout", "dead_letter_file")
}
