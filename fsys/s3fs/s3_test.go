package s3fs_test

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/minio/minio-go/v7"
	"github.com/minio/minio-go/v7/pkg/credentials"

	"github.com/sluice-dev/sluice/fsys"
	"github.com/sluice-dev/sluice/fsys/fsystest"
	"github.com/sluice-dev/sluice/fsys/s3fs"
	"github.com/sluice-dev/sluice/internal/testservers"
)

// settings are the connection settings of the test server, as a
// connections file gives them.
func settings(tb testing.TB) map[string]any {
	s := testservers.ObjectStore(tb)
	return map[string]any{"endpoint": s.Endpoint, "accessKeyId": s.AccessKey, "secretAccessKey": s.SecretKey,
		"region": s.Region, "forcePathStyle": true}
}

// connect opens the backend through the registry, as a processor would.
func connect(tb testing.TB, extra map[string]any) fsys.FS {
	tb.Helper()
	cfg := settings(tb)
	for k, v := range extra {
		cfg[k] = v
	}
	f, err := fsys.Open(context.Background(), s3fs.Kind, cfg)
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { f.Close() })
	return f
}

// freshBucket is a new bucket name, unique per run; the bucket (if the
// test made it) is emptied and removed when the test ends.
func freshBucket(tb testing.TB) string {
	var b [6]byte
	rand.Read(b[:])
	name := sanitize("s3fs-"+tb.Name()[:min(len(tb.Name()), 20)]) + "-" + hex.EncodeToString(b[:])
	tb.Cleanup(func() { removeBucket(tb, name) })
	return name
}

func sanitize(s string) string {
	return strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-' {
			return r
		}
		return '-'
	}, strings.ToLower(s))
}

func removeBucket(tb testing.TB, bucket string) {
	raw, ctx := rawClient(tb), context.Background()
	for oi := range raw.ListObjectsIter(ctx, bucket, minio.ListObjectsOptions{Recursive: true}) {
		if oi.Err == nil {
			raw.RemoveObject(ctx, bucket, oi.Key, minio.RemoveObjectOptions{})
		}
	}
	raw.RemoveBucket(ctx, bucket)
}

func harness(f fsys.FS, root string) fsystest.Harness {
	var n atomic.Int64
	return fsystest.Harness{
		New: func(t *testing.T) (fsys.FS, string) {
			dir := fmt.Sprintf("%s/case%d", root, n.Add(1))
			if err := fsys.MkdirAll(context.Background(), f, dir); err != nil {
				t.Fatal(err)
			}
			return f, dir
		},
	}
}

func TestConformance(t *testing.T) {
	f := connect(t, nil)
	fsystest.Run(t, harness(f, "/"+freshBucket(t)))
}

// TestConformanceBucketSetting runs the suite with the bucket in the
// connection: paths are then keys.
func TestConformanceBucketSetting(t *testing.T) {
	bucket := freshBucket(t)
	f := connect(t, map[string]any{"bucket": bucket})
	fsystest.Run(t, harness(f, "/prefix"))
}

// rawClient is a plain client of the test server, to look behind the
// backend's back. (MinIO lists the multipart uploads of one key only: the
// tests ask ListMultipartUploads with the object's whole key as the prefix.)
func rawClient(t testing.TB) minio.Core {
	s := testservers.ObjectStore(t)
	host := strings.TrimPrefix(strings.TrimPrefix(s.Endpoint, "http://"), "https://")
	cl, err := minio.New(host, &minio.Options{Creds: credentials.NewStaticV4(s.AccessKey, s.SecretKey, ""),
		Region: s.Region, BucketLookup: minio.BucketLookupPath, Secure: strings.HasPrefix(s.Endpoint, "https://")})
	if err != nil {
		t.Fatal(err)
	}
	return minio.Core{Client: cl}
}

func TestMultipartUploadAppearsOnlyOnCommit(t *testing.T) {
	f := connect(t, map[string]any{"partSize": float64(5 << 20)})
	ctx := context.Background()
	bucket := freshBucket(t)
	dir := "/" + bucket + "/big"
	if err := fsys.MkdirAll(ctx, f, dir); err != nil {
		t.Fatal(err)
	}
	data := make([]byte, 12<<20+17) // three parts: 5 MiB, 5 MiB, the rest
	rand.Read(data)
	name := dir + "/blob"
	w, err := f.Create(ctx, name)
	if err != nil {
		t.Fatal(err)
	}
	for off := 0; off < len(data); off += 1 << 20 {
		if _, err := w.Write(data[off:min(off+1<<20, len(data))]); err != nil {
			t.Fatal(err)
		}
	}
	raw := rawClient(t)
	uploads, err := raw.ListMultipartUploads(ctx, bucket, "big/blob", "", "", "", 10)
	if err != nil || len(uploads.Uploads) != 1 {
		t.Fatalf("before commit: want one unfinished multipart upload, got %+v, %v", uploads.Uploads, err)
	}
	if _, err := f.Stat(ctx, name); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("before commit the object is visible: %v", err)
	}
	if err := w.Commit(); err != nil {
		t.Fatal(err)
	}
	got, err := fsys.ReadFile(ctx, f, name)
	if err != nil || !bytes.Equal(got, data) {
		t.Fatalf("read back %d bytes (%v), wrote %d", len(got), err, len(data))
	}
	uploads, err = raw.ListMultipartUploads(ctx, bucket, "big/blob", "", "", "", 10)
	if err != nil || len(uploads.Uploads) != 0 {
		t.Fatalf("after commit: unfinished uploads %+v, %v", uploads.Uploads, err)
	}
}

func TestAbortedMultipartUploadLeavesNothing(t *testing.T) {
	f := connect(t, map[string]any{"partSize": float64(5 << 20)})
	ctx := context.Background()
	bucket := freshBucket(t)
	if err := fsys.MkdirAll(ctx, f, "/"+bucket); err != nil {
		t.Fatal(err)
	}
	name := "/" + bucket + "/blob"
	w, err := f.Create(ctx, name)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := w.Write(make([]byte, 11<<20)); err != nil {
		t.Fatal(err)
	}
	if err := w.Abort(); err != nil {
		t.Fatal(err)
	}
	uploads, err := rawClient(t).ListMultipartUploads(ctx, bucket, "blob", "", "", "", 10)
	if err != nil || len(uploads.Uploads) != 0 {
		t.Fatalf("after abort: unfinished uploads %+v, %v", uploads.Uploads, err)
	}
	if infos, err := f.ReadDir(ctx, "/"+bucket); err != nil || len(infos) != 0 {
		t.Fatalf("after abort the bucket lists %+v, %v", infos, err)
	}
}

// TestPrefixWithoutMarkers reads a layout written by another tool, which
// makes no directory markers: directories are implied by keys.
func TestPrefixWithoutMarkers(t *testing.T) {
	f := connect(t, nil)
	ctx := context.Background()
	bucket := freshBucket(t)
	raw := rawClient(t)
	if err := raw.MakeBucket(ctx, bucket, minio.MakeBucketOptions{}); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"in/a.json", "in/sub/b.json"} {
		if _, err := raw.PutObject(ctx, bucket, k, strings.NewReader(k), int64(len(k)), "", "", minio.PutObjectOptions{}); err != nil {
			t.Fatal(err)
		}
	}
	infos, err := f.ReadDir(ctx, "/"+bucket+"/in")
	if err != nil || len(infos) != 2 || infos[0].Name != "a.json" || infos[0].Size != 9 || infos[1].Name != "sub" || !infos[1].IsDir() {
		t.Fatalf("listing %+v, %v", infos, err)
	}
	if fi, err := f.Stat(ctx, "/"+bucket+"/in/sub"); err != nil || !fi.IsDir() {
		t.Fatalf("stat of an implied directory: %+v, %v", fi, err)
	}
	if err := fsys.WriteFile(ctx, f, "/"+bucket+"/in/sub/c.json", []byte("{}")); err != nil {
		t.Fatalf("create in an implied directory: %v", err)
	}
}

func TestPathErrors(t *testing.T) {
	f := connect(t, nil)
	ctx := context.Background()
	_, err := f.Stat(ctx, "/")
	if !errors.Is(err, fs.ErrInvalid) || !strings.Contains(err.Error(), "names no bucket") {
		t.Fatalf("stat of / without a bucket: %v", err)
	}
	missing := "/" + freshBucket(t) + "/x"
	_, err = f.ReadDir(ctx, missing)
	if !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("a missing bucket: %v", err)
	}
}

func TestWrongCredentialsArePermissionErrors(t *testing.T) {
	f := connect(t, map[string]any{"secretAccessKey": "wrong-secret-key"})
	_, err := f.Stat(context.Background(), "/any-bucket/x")
	var pe *fsys.PathError
	if !errors.As(err, &pe) || !errors.Is(err, fs.ErrPermission) {
		t.Fatalf("wrong secret: %v", err)
	}
}

func BenchmarkS3Write(b *testing.B) {
	f := connect(b, nil)
	fsystest.BenchWrite(b, f, "/"+freshBucket(b)+"/bench", 32<<20)
}

func BenchmarkS3Read(b *testing.B) {
	f := connect(b, nil)
	fsystest.BenchRead(b, f, "/"+freshBucket(b)+"/bench", 32<<20)
}
