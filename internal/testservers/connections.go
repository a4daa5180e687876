package testservers

import (
	"testing"

	"github.com/sluice-dev/sluice/job"
	"github.com/sluice-dev/sluice/record"
)

// Connections returns the loopback default connections with the "default"
// connection of each named kind (job.ConnSearch, ConnS3, ConnKafka,
// ConnHDFS) pointing at its test server; a missing server skips or fails
// the test as the single-server functions do.
func Connections(t testing.TB, kinds ...string) *job.Connections {
	t.Helper()
	c := job.DefaultConnections()
	for _, k := range kinds {
		c.Set(k, "default", Connection(t, k))
	}
	return c
}

// Connection is the connection configuration of kind's test server, in the
// shape a connections file gives it.
func Connection(t testing.TB, kind string) *record.Object {
	t.Helper()
	switch kind {
	case job.ConnSearch, "elasticsearch":
		es := Elasticsearch(t)
		return record.FromMap(map[string]any{"node": []any{es.URL}, "username": es.Username, "password": es.Password})
	case job.ConnS3:
		s := ObjectStore(t)
		return record.FromMap(map[string]any{"endpoint": s.Endpoint, "accessKeyId": s.AccessKey,
			"secretAccessKey": s.SecretKey, "region": s.Region, "forcePathStyle": true})
	case job.ConnKafka:
		brokers := []any{}
		for _, b := range Kafka(t) {
			brokers = append(brokers, b)
		}
		return record.FromMap(map[string]any{"brokers": brokers})
	case job.ConnHDFS:
		return record.FromMap(map[string]any{"namenodes": []any{HDFS(t)}})
	}
	t.Fatalf("testservers: no test server for connection kind %q", kind)
	return nil
}
