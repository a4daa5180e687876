package hdfstest

// Round trips through github.com/colinmarc/hdfs/v2, the client the fsys
// backend uses.

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"sync"
	"syscall"
	"testing"

	hdfs "github.com/colinmarc/hdfs/v2"
)

const smallBlock = 4096

func client(t *testing.T, s *Server) *hdfs.Client {
	t.Helper()
	c, err := hdfs.NewClient(hdfs.ClientOptions{Addresses: []string{s.Addr()}, User: "dfs"})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	// The client caches the defaults without a lock; fetch them before any
	// concurrent use.
	if _, err := c.ServerDefaults(); err != nil {
		t.Fatal(err)
	}
	return c
}

// writeFile writes data in uneven pieces so packets and blocks split at
// arbitrary points.
func writeFile(t *testing.T, w *hdfs.FileWriter, data []byte) {
	t.Helper()
	for off, step := 0, 1; off < len(data); off, step = off+step, step*3+1 {
		if _, err := w.Write(data[off:min(off+step, len(data))]); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
}

func create(t *testing.T, c *hdfs.Client, name string, data []byte) {
	t.Helper()
	w, err := c.Create(name)
	if err != nil {
		t.Fatal(err)
	}
	writeFile(t, w, data)
}

// blockCount asks the NameNode how many blocks hold name.
func blockCount(t *testing.T, s *Server, name string) int {
	r := dialNN(t, s.Addr(), "dfs").mustCall("getBlockLocations", req("GetBlockLocationsRequestProto", "src", name, "offset", uint64(0), "length", uint64(1<<40)))
	return get(sub(r, "locations"), "blocks").List().Len()
}

func TestClientMultiBlockRoundTrip(t *testing.T) {
	s := StartTB(t, Options{BlockSize: smallBlock})
	c := client(t, s)
	data := randomBytes(10*smallBlock+smallBlock/2, 11)
	create(t, c, "/multi", data)
	if got, err := c.ReadFile("/multi"); err != nil || !bytes.Equal(got, data) {
		t.Fatalf("read back %d bytes: %v", len(got), err)
	}
	if n := blockCount(t, s, "/multi"); n != 11 {
		t.Fatalf("%d blocks, want 11", n)
	}
	f, err := c.Open("/multi")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	for _, off := range []int64{0, smallBlock - 1, smallBlock, 5*smallBlock + 511, int64(len(data)) - 3} {
		buf := make([]byte, 700)
		n, err := f.ReadAt(buf, off)
		if want := data[off:min(off+700, int64(len(data)))]; !bytes.Equal(buf[:n], want) || (err != nil && err != io.EOF) {
			t.Fatalf("ReadAt %d: %d bytes, %v", off, n, err)
		}
	}
}

func TestClientAppendAcrossBlocks(t *testing.T) {
	s := StartTB(t, Options{BlockSize: smallBlock})
	c := client(t, s)
	for _, tc := range []struct {
		name          string
		first, second int
	}{
		{"/partial", smallBlock + 700, 2*smallBlock + 5},
		{"/boundary", 2 * smallBlock, 300}, // the last block is full: append starts a new one
		{"/empty", 0, smallBlock + 1},
	} {
		a, b := randomBytes(tc.first, 12), randomBytes(tc.second, 13)
		create(t, c, tc.name, a)
		w, err := c.Append(tc.name)
		if err != nil {
			t.Fatal(err)
		}
		writeFile(t, w, b)
		if got, err := c.ReadFile(tc.name); err != nil || !bytes.Equal(got, append(a, b...)) {
			t.Fatalf("%s: read back %d bytes, want %d: %v", tc.name, len(got), tc.first+tc.second, err)
		}
	}
}

func TestClientErrors(t *testing.T) {
	s := StartTB(t, Options{})
	c := client(t, s)
	create(t, c, "/f", []byte("x"))
	if err := c.MkdirAll("/d/e", 0o755); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Create("/f"); !errors.Is(err, os.ErrExist) {
		t.Errorf("create over a file: %v", err)
	}
	if _, err := c.Open("/nope"); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("open a missing file: %v", err)
	}
	if err := c.Remove("/d"); !errors.Is(err, syscall.ENOTEMPTY) {
		t.Errorf("remove a non-empty directory: %v", err)
	}
	if err := c.Rename("/nope", "/x"); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("rename a missing file: %v", err)
	}
	if err := c.Mkdir("/f", 0o755); !errors.Is(err, os.ErrExist) {
		t.Errorf("mkdir over a file: %v", err)
	}
}

func TestClientConcurrentWritersAndPagedListing(t *testing.T) {
	s := StartTB(t, Options{BlockSize: smallBlock, ListLimit: 5})
	c := client(t, s)
	if err := c.MkdirAll("/many", 0o755); err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	errs := make([]error, 23)
	for i := range errs {
		wg.Go(func() {
			w, err := c.Create(fmt.Sprintf("/many/f%02d", i))
			if err == nil {
				_, err = w.Write(randomBytes(3*smallBlock+i, uint64(i)))
				err = errors.Join(err, w.Close())
			}
			errs[i] = err
		})
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		t.Fatal(err)
	}
	fis, err := c.ReadDir("/many")
	if err != nil || len(fis) != 23 {
		t.Fatalf("listing: %d entries, %v", len(fis), err)
	}
	for i, fi := range fis {
		if fi.Name() != fmt.Sprintf("f%02d", i) || fi.Size() != int64(3*smallBlock+i) {
			t.Fatalf("entry %d: %s of %d bytes", i, fi.Name(), fi.Size())
		}
		if got, err := c.ReadFile("/many/" + fi.Name()); err != nil || !bytes.Equal(got, randomBytes(3*smallBlock+i, uint64(i))) {
			t.Fatalf("%s: %v", fi.Name(), err)
		}
	}
}
