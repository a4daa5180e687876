// Package testservers tells tests where the real servers started by
// scripts/servers listen.
//
// scripts/servers start writes their addresses as environment variables
// (`eval "$(scripts/servers env)"` prints them; scripts/test exports them
// before `go test`). A test that needs a server calls the function for it:
// when the variable is missing the test is skipped on a developer's machine
// and fails under CI=true, where a missing server is a broken setup, never a
// reason to pass.
package testservers

import (
	"os"
	"strings"
	"testing"
)

// Environment variables written by scripts/servers.
const (
	EnvESURL       = "SLUICE_TEST_ES_URL"      // http://127.0.0.1:4080/es (ZincSearch)
	EnvESUser      = "SLUICE_TEST_ES_USER"     // admin
	EnvESPassword  = "SLUICE_TEST_ES_PASSWORD" // its password
	EnvS3Endpoint  = "SLUICE_TEST_S3_ENDPOINT" // http://127.0.0.1:9000
	EnvS3AccessKey = "SLUICE_TEST_S3_ACCESS_KEY"
	EnvS3SecretKey = "SLUICE_TEST_S3_SECRET_KEY"
	EnvS3Region    = "SLUICE_TEST_S3_REGION"
	EnvKafka       = "SLUICE_TEST_KAFKA_BROKERS" // comma-separated host:port
	EnvNATS        = "SLUICE_TEST_NATS_URL"      // nats://127.0.0.1:4222
	EnvHDFS        = "SLUICE_TEST_HDFS_NAMENODE" // 127.0.0.1:8020
)

// ES is an Elasticsearch-API server.
type ES struct{ URL, Username, Password string }

// S3 is an S3-API object store.
type S3 struct{ Endpoint, AccessKey, SecretKey, Region string }

// Elasticsearch returns the search server or skips/fails the test.
func Elasticsearch(t testing.TB) ES {
	t.Helper()
	return ES{URL: need(t, EnvESURL, "search server (ZincSearch)"), Username: os.Getenv(EnvESUser), Password: os.Getenv(EnvESPassword)}
}

// ObjectStore returns the S3 server or skips/fails the test.
func ObjectStore(t testing.TB) S3 {
	t.Helper()
	s := S3{Endpoint: need(t, EnvS3Endpoint, "object store (S3)"), AccessKey: os.Getenv(EnvS3AccessKey), SecretKey: os.Getenv(EnvS3SecretKey), Region: os.Getenv(EnvS3Region)}
	if s.Region == "" {
		s.Region = "us-east-1"
	}
	return s
}

// Kafka returns the stream broker's bootstrap addresses or skips/fails the test.
func Kafka(t testing.TB) []string {
	t.Helper()
	return strings.Split(need(t, EnvKafka, "stream broker (Kafka protocol)"), ",")
}

// NATS returns the NATS server URL or skips/fails the test.
func NATS(t testing.TB) string {
	t.Helper()
	return need(t, EnvNATS, "NATS server")
}

// HDFS returns the HDFS test server's NameNode address or skips/fails the test.
func HDFS(t testing.TB) string {
	t.Helper()
	return need(t, EnvHDFS, "HDFS test server")
}

// Required reports whether a missing server fails the test (CI=true).
func Required() bool { return os.Getenv("CI") == "true" }

func need(t testing.TB, env, what string) string {
	t.Helper()
	v := os.Getenv(env)
	if v != "" {
		return v
	}
	msg := what + " not running: " + env + " is not set; run scripts/test, or scripts/servers start && eval \"$(scripts/servers env)\""
	if Required() {
		t.Fatal(msg + " (CI=true: a missing server is a failure)")
		return ""
	}
	t.Skip(msg)
	return ""
}
