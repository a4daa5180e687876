package testservers

import (
	"testing"
)

func TestSetServerIsReturned(t *testing.T) {
	t.Setenv(EnvKafka, "127.0.0.1:1,127.0.0.1:2")
	t.Setenv(EnvS3Endpoint, "http://127.0.0.1:9000")
	t.Setenv(EnvS3Region, "")
	if got := Kafka(t); len(got) != 2 || got[1] != "127.0.0.1:2" {
		t.Fatalf("Kafka = %v", got)
	}
	if s := ObjectStore(t); s.Region != "us-east-1" || s.Endpoint != "http://127.0.0.1:9000" {
		t.Fatalf("ObjectStore = %+v", s)
	}
}

// fakeTB records whether the helper failed or skipped.
type fakeTB struct {
	testing.TB
	failed, skipped bool
}

func (f *fakeTB) Helper()      {}
func (f *fakeTB) Fatal(...any) { f.failed = true }
func (f *fakeTB) Skip(...any)  { f.skipped = true }

func TestMissingServerFailsUnderCI(t *testing.T) {
	t.Setenv(EnvNATS, "")
	t.Setenv("CI", "true")
	f := &fakeTB{TB: t}
	NATS(f)
	if !f.failed || f.skipped {
		t.Fatalf("under CI=true a missing server must fail: failed=%v skipped=%v", f.failed, f.skipped)
	}
	t.Setenv("CI", "")
	f = &fakeTB{TB: t}
	NATS(f)
	if f.failed || !f.skipped {
		t.Fatalf("outside CI a missing server must skip: failed=%v skipped=%v", f.failed, f.skipped)
	}
}
