package s3fs_test

import (
	"bytes"
	"context"
	"crypto/rand"
	"errors"
	"io/fs"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/minio/minio-go/v7"

	"github.com/sluice-dev/sluice/fsys"
	"github.com/sluice-dev/sluice/fsys/fsystest"
	"github.com/sluice-dev/sluice/fsys/s3fs"
	"github.com/sluice-dev/sluice/internal/faultproxy"
	"github.com/sluice-dev/sluice/internal/testservers"
)

// s3Error is the body of an S3 error answer.
const s3Error = `<?xml version="1.0" encoding="UTF-8"?><Error><Code>%s</Code><Message>injected</Message></Error>`

// behindProxy opens the backend on the test server through a fault
// injecting proxy, with a fresh bucket made directly. The client addresses
// the real server (requests are signed for its host name) but its
// connections go to the proxy, which forwards them there. Only the
// requests faulty selects (nil: all) pass the faults; the others go
// through a second proxy without any.
func behindProxy(t testing.TB, c s3fs.Config, faulty func(*http.Request) bool) (*faultproxy.Proxy, fsys.FS, string) {
	srv := testservers.ObjectStore(t)
	p, err := faultproxy.New(srv.Endpoint)
	if err != nil {
		t.Fatal(err)
	}
	clean, err := faultproxy.New(srv.Endpoint)
	if err != nil {
		t.Fatal(err)
	}
	front := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if faulty == nil || faulty(r) {
			p.ServeHTTP(w, r)
			return
		}
		clean.ServeHTTP(w, r)
	}))
	t.Cleanup(front.Close)
	bucket := freshBucket(t)
	if err := fsys.MkdirAll(context.Background(), connect(t, nil), "/"+bucket); err != nil {
		t.Fatal(err)
	}
	transport, err := minio.DefaultTransport(false)
	if err != nil {
		t.Fatal(err)
	}
	transport.ResponseHeaderTimeout = 500 * time.Millisecond
	transport.DialContext = func(ctx context.Context, network, _ string) (net.Conn, error) {
		return (&net.Dialer{}).DialContext(ctx, network, front.Listener.Addr().String())
	}
	c.Endpoint, c.AccessKeyID, c.SecretAccessKey, c.Region = srv.Endpoint, srv.AccessKey, srv.SecretKey, srv.Region
	c.ForcePathStyle, c.Transport = true, transport
	f, err := s3fs.Open(c)
	if err != nil {
		t.Fatal(err)
	}
	return p, f, bucket
}

// puts counts the PUT requests for key (uploads and their parts).
func puts(p *faultproxy.Proxy, key string) int {
	n := 0
	for _, r := range p.Requests() {
		if r.Method == http.MethodPut && strings.HasPrefix(r.Path, key) {
			n++
		}
	}
	return n
}

// TestFailedPutsAreRetried: a PUT answered 503, one whose connection is
// reset, and one the server answers too late are all retried; the object
// arrives whole.
func TestFailedPutsAreRetried(t *testing.T) {
	for _, c := range []struct {
		name  string
		fault faultproxy.Fault
	}{
		{"503", faultproxy.Fault{Status: http.StatusServiceUnavailable, Body: strings.Replace(s3Error, "%s", "SlowDown", 1)}},
		{"reset", faultproxy.Fault{Reset: true}},
		{"timeout", faultproxy.Fault{Delay: 3 * time.Second}},
	} {
		t.Run(c.name, func(t *testing.T) {
			p, f, bucket := behindProxy(t, s3fs.Config{}, nil)
			name := "/" + bucket + "/obj"
			c.fault.Path, c.fault.Times = name, 2
			p.Add(c.fault)
			data := make([]byte, 100_000)
			rand.Read(data)
			if err := fsys.WriteFile(context.Background(), f, name, data); err != nil {
				t.Fatal(err)
			}
			if n := puts(p, name); n != 3 {
				t.Errorf("%d PUTs, want 3 (two failed, one retried through)", n)
			}
			got, err := fsys.ReadFile(context.Background(), f, name)
			if err != nil || !bytes.Equal(got, data) {
				t.Fatalf("read back %d bytes (%v), wrote %d", len(got), err, len(data))
			}
		})
	}
}

// TestPutThatKeepsFailingLeavesNothing: when every PUT of an object (the
// single PUT, or each part of a multipart upload) fails, the writer
// reports the server's error after the retries and no object, partial or
// whole, appears; the multipart upload is aborted.
func TestPutThatKeepsFailingLeavesNothing(t *testing.T) {
	for _, size := range []int{1000, 11 << 20} {
		p, f, bucket := behindProxy(t, s3fs.Config{MaxRetries: 2, PartSize: 5 << 20},
			func(r *http.Request) bool { return r.Method == http.MethodPut })
		name := "/" + bucket + "/obj"
		p.Add(faultproxy.Fault{Path: name, Status: http.StatusInternalServerError, Body: strings.Replace(s3Error, "%s", "InternalError", 1)})
		w, err := f.Create(context.Background(), name)
		if err != nil {
			t.Fatal(err)
		}
		_, werr := w.Write(make([]byte, size))
		err = errors.Join(werr, w.Commit())
		var pe *fsys.PathError
		if !errors.As(err, &pe) || pe.Path != name || !strings.Contains(err.Error(), "InternalError") {
			t.Fatalf("size %d: commit through a failing server: %v", size, err)
		}
		if _, err := f.Stat(context.Background(), name); !errors.Is(err, fs.ErrNotExist) {
			t.Fatalf("size %d: after a failed commit: %v", size, err)
		}
		uploads, err := rawClient(t).ListMultipartUploads(context.Background(), bucket, "obj", "", "", "", 10)
		if err != nil || len(uploads.Uploads) != 0 {
			t.Fatalf("size %d: unfinished uploads left %+v, %v", size, uploads.Uploads, err)
		}
		if n := puts(p, name); n < 2 {
			t.Errorf("size %d: %d PUTs, want the retries", size, n)
		}
	}
}

// BenchmarkS3WriteBehindLatency is BenchmarkS3Write through a proxy that
// delays every request by 50 ms, as a distant store would: what uploading
// parts concurrently buys.
func BenchmarkS3WriteBehindLatency(b *testing.B) {
	p, f, bucket := behindProxy(b, s3fs.Config{}, nil)
	p.Add(faultproxy.Fault{Delay: 50 * time.Millisecond})
	fsystest.BenchWrite(b, f, "/"+bucket+"/bench", 32<<20)
}
