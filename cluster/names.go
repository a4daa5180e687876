package cluster

import "strings"

// names are the JetStream names of one job.
type names struct {
	token   string // the job's name made safe for subjects, streams and keys
	stream  string
	subject string
	bucket  string
}

const (
	consumerName   = "workers"
	registryBucket = "sluice_jobs"
	stateKey       = "state"
	jobKey         = "job"
	slicePrefix    = "slice."
	workerPrefix   = "worker."
)

func namesOf(job string) names {
	t := Token(job)
	return names{token: t, stream: "SLUICE_" + t, subject: "sluice." + t + ".slices", bucket: "sluice_" + t}
}

// Token is a job name as it appears in stream, subject and bucket names:
// every character but letters, digits, '-' and '_' becomes '_'.
func Token(job string) string {
	if job == "" {
		return "job"
	}
	var b strings.Builder
	for _, r := range job {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '-', r == '_':
			b.WriteRune(r)
		default:
			b.WriteByte('_')
		}
	}
	return b.String()
}
