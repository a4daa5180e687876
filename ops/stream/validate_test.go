package stream_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/sluice-dev/sluice/job"
)

func TestValidationMessages(t *testing.T) {
	for _, c := range []struct{ api, want string }{
		{`"topic": "events", "required_acks": 2`, "Invalid parameter required_acks, it must be -1 (all), 1 (leader) or 0 (none)"},
		{`"topic": "a b"`, `"a b" is not a valid topic name`},
		{`"topic": "events", "size": 0`, "Invalid parameter size, it must be a positive integer"},
		{`"topic": "events", "compression": "brotli"`, `parameter "compression"`},
		{`"topic": "events", "_connection": "nope"`, `refers to connection "nope" which is unavailable`},
		{`"size": 10`, `parameter "topic"`},
	} {
		_, err := job.ProcessorHarness(`{"_op": "routed_sender", "_api_name": "stream_sender_api", "routing": {"*": "default"}}`,
			fmt.Sprintf(`[{"_name": "stream_sender_api", %s}]`, c.api), job.HarnessOptions{})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", c.api, err, c.want)
		}
	}
}
