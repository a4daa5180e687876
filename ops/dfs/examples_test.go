package dfs_test

import (
	"testing"

	"github.com/sluice-dev/sluice/job/jobtest"
	_ "github.com/sluice-dev/sluice/ops/builtin"
	_ "github.com/sluice-dev/sluice/ops/dfs"
)

func TestExamples(t *testing.T) {
	jobtest.RunExamples(t, "dfs_reader", "dfs_reader_api", "dfs_exporter", "dfs_sender_api")
}
