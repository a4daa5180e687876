package job

import "slices"

// apiUser is the counters of the first operation that works through the
// api named label — by `_api_name` / `api_name`, or as its spec's
// SendsThrough says — so that the records the api dead-letters count in that
// operation's line of the job summary. nil when no operation names it (a
// dead-letter api, for example).
func (j *Job) apiUser(label string, ops []*OpStats) *OpStats {
	for i, c := range j.Operations {
		if i < len(ops) && j.usesAPI(c, label) {
			return ops[i]
		}
	}
	return nil
}

func (j *Job) usesAPI(c *Config, label string) bool {
	if c.String("_api_name") == label || c.String("api_name") == label {
		return true
	}
	return c.Spec.SendsThrough != nil && slices.Contains(c.Spec.SendsThrough(j, c), label)
}
