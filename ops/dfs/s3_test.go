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
)

// s3Backend is the object store of the test servers, named as the s3
// connection "archive" (dfs reaches s3 connections by name); every test
// writes in a new bucket.
func s3Backend(t *testing.T) testBackend {
	conns, settings := s3Connections(t)
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

// s3Connections are the loopback defaults plus the test object store as
// the s3 connection "archive", and its settings.
func s3Connections(t testing.TB) (*job.Connections, map[string]any) {
	cfg := testservers.Connection(t, job.ConnS3)
	conns := job.DefaultConnections()
	conns.Set(job.ConnS3, "archive", cfg)
	return conns, cfg.ToMap()
}

// TestRoundTripsS3 is TestRoundTrips on the object store: dfs_exporter
// and dfs_reader through an s3 connection.
func TestRoundTripsS3(t *testing.T) {
	b := s3Backend(t)
	for _, rt := range roundTrips() {
		t.Run(rt.String(), func(t *testing.T) { runRoundTrip(t, b, rt) })
	}
}

// TestKilledExporterS3 is TestKilledExporter on the object store: a
// process killed while exporting leaves complete objects only; the
// worker's growing file, an upload never completed, is no object at all.
func TestKilledExporterS3(t *testing.T) {
	if testing.Short() {
		t.Skip("spawns processes")
	}
	b := s3Backend(t)
	dir := b.root(t)
	killChild(t, dir, "", func() int { return len(finalFiles(t, b.fs, dir+"/slices")) }, killS3Env+"=1")
	checkAfterKill(t, b.fs, dir)
}
