package job

import (
	"strings"

	"github.com/sluice-dev/sluice/record"
)

// apiUser is the counters of the first operation that works through the
// api named label — by `_api_name` / `api_name`, or by a `routing` value
// naming it (`label` or `label:connection`) — so that the records the api
// dead-letters count in that operation's line of the job summary. nil when
// no operation names it (a dead-letter api, for example).
func (j *Job) apiUser(label string, ops []*OpStats) *OpStats {
	for i, c := range j.Operations {
		if i < len(ops) && usesAPI(c, label) {
			return ops[i]
		}
	}
	return nil
}

func usesAPI(c *Config, label string) bool {
	if c.String("_api_name") == label || c.String("api_name") == label {
		return true
	}
	routing, _ := c.Get("routing").(*record.Object)
	if routing == nil {
		return false
	}
	for i := 0; i < routing.Len(); i++ {
		_, v := routing.At(i)
		if s, _ := v.(string); s == label || strings.HasPrefix(s, label+":") {
			return true
		}
	}
	return false
}
