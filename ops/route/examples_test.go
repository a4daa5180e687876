package route_test

import (
	"testing"

	"github.com/sluice-dev/sluice/job/jobtest"
	_ "github.com/sluice-dev/sluice/ops/builtin"
	_ "github.com/sluice-dev/sluice/ops/route"
)

func TestExamples(t *testing.T) {
	jobtest.RunExamples(t, "key_router", "hash_router", "field_router", "date_router", "set_key", "debug_routes")
}
