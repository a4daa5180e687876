package dfs

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"testing"

	"github.com/sluice-dev/sluice/fsys"
	"github.com/sluice-dev/sluice/internal/testservers"
	"github.com/sluice-dev/sluice/job"
	"github.com/sluice-dev/sluice/record"
)

// s3Backend is the object store of the test servers, named as the s3
// connection "archive" (dfs reaches s3 connections by name); every test
// writes in a new bucket.
func s3Backend(t *testing.T) testBackend {
	s := testservers.ObjectStore(t)
	settings := map[string]any{"endpoint": s.Endpoint, "accessKeyId": s.AccessKey, "secretAccessKey": s.SecretKey,
		"region": s.Region, "forcePathStyle": true}
	conns := job.DefaultConnections()
	conns.Set(job.ConnS3, "archive", record.FromMap(settings))
	f, err := fsys.Open(context.Background(), job.ConnS3, settings)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() })
	var b [6]byte
	rand.Read(b[:])
	bucket := "dfs-test-" + hex.EncodeToString(b[:])
	if err := fsys.MkdirAll(context.Background(), f, "/"+bucket); err != nil {
		t.Fatal(err)
	}
	n := 0
	return testBackend{name: "s3", conns: conns, conn: "archive", fs: f, root: func(t *testing.T) string {
		n++
		return fmt.Sprintf("/%s/rt/%d", bucket, n)
	}}
}

// TestRoundTripsS3 is TestRoundTrips on the object store: dfs_exporter
// and dfs_reader through an s3 connection.
func TestRoundTripsS3(t *testing.T) {
	b := s3Backend(t)
	for _, rt := range roundTrips() {
		t.Run(rt.String(), func(t *testing.T) { runRoundTrip(t, b, rt) })
	}
}
