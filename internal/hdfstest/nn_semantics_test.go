package hdfstest

// NameNode semantics over raw RPC: the exceptions Hadoop's FSDirectory
// operations throw, listing pages, leases.

import (
	"strings"
	"testing"
)

func perm(p uint32) msg { return set(hdfsMsg("FsPermissionProto"), "perm", p) }

func (c *rpcClient) mkdir(src string) {
	c.t.Helper()
	c.mustCall("mkdirs", req("MkdirsRequestProto", "src", src, "masked", perm(0o755), "createParent", true))
}

// touch creates and completes an empty file.
func (c *rpcClient) touch(src, holder string) {
	c.t.Helper()
	st := sub(c.mustCall("create", createReq(src, holder, 1)), "fs")
	c.mustCall("complete", req("CompleteRequestProto", "src", src, "clientName", holder, "fileId", u64(st, "fileId")))
}

func createReq(src, holder string, flags uint32) msg {
	return req("CreateRequestProto", "src", src, "masked", perm(0o644), "clientName", holder,
		"createFlag", flags, "createParent", false, "replication", uint32(1), "blockSize", uint64(1<<20))
}

func rename2(src, dst string, overwrite bool) msg {
	return req("Rename2RequestProto", "src", src, "dst", dst, "overwriteDest", overwrite)
}

func TestNamenodeRename2(t *testing.T) {
	s := StartTB(t, Options{})
	c := dialNN(t, s.Addr(), "alice")
	c.mkdir("/d/full")
	c.mkdir("/d/empty")
	c.touch("/d/full/x", "h")
	c.touch("/d/a", "h")
	c.touch("/d/b", "h")
	for _, tc := range []struct {
		src, dst  string
		overwrite bool
		class     string
		msg       string
	}{
		{"/d/nope", "/d/z", true, exFileNotFound, "rename source /d/nope is not found."},
		{"/d/a", "/d/a", true, exAlreadyExists, "are the same"},
		{"/d/a", "/d/b", false, exAlreadyExists, "rename destination /d/b already exists"},
		{"/d/a", "/d/full", true, exIO, "must both be files"},
		{"/d/empty", "/d/full", true, exIO, "rename destination directory is not empty: /d/full"},
		{"/d/a", "/d/missing/a", true, exFileNotFound, "rename destination parent /d/missing/a not found."},
		{"/d/a", "/d/b/a", true, exParentNotDir, "is a file"},
		{"/d", "/d/full/d", true, exIO, "is a directory or file under source"},
	} {
		h := c.wantRemote("rename2", rename2(tc.src, tc.dst, tc.overwrite), tc.class)
		if !strings.Contains(h.errMsg, tc.msg) {
			t.Errorf("rename2 %s %s: message %q, want %q", tc.src, tc.dst, h.errMsg, tc.msg)
		}
	}
	c.mustCall("rename2", rename2("/d/a", "/d/b", true))
	c.mustCall("rename2", rename2("/d/empty", "/d/full/x2", false))
	listing := c.names("/d", "")
	if strings.Join(listing, ",") != "b,full" {
		t.Fatalf("after renames /d holds %v", listing)
	}
}

func TestNamenodeOldRenameAnswersFalse(t *testing.T) {
	s := StartTB(t, Options{})
	c := dialNN(t, s.Addr(), "alice")
	c.mkdir("/dir")
	c.touch("/f", "h")
	c.touch("/g", "h")
	for _, tc := range []struct {
		src, dst string
		want     bool
	}{{"/nope", "/x", false}, {"/f", "/g", false}, {"/f", "/dir", true}, {"/g", "/h", true}} {
		r := c.mustCall("rename", req("RenameRequestProto", "src", tc.src, "dst", tc.dst))
		if flag(r, "result") != tc.want {
			t.Errorf("rename %s %s = %v, want %v", tc.src, tc.dst, flag(r, "result"), tc.want)
		}
	}
	if got := c.names("/dir", ""); len(got) != 1 || got[0] != "f" {
		t.Fatalf("rename into a directory: /dir holds %v", got)
	}
}

func TestNamenodeDeleteAndMkdirs(t *testing.T) {
	s := StartTB(t, Options{})
	c := dialNN(t, s.Addr(), "alice")
	c.mkdir("/a/b")
	c.touch("/a/b/f", "h")
	c.wantRemote("delete", req("DeleteRequestProto", "src", "/a", "recursive", false), exNotEmpty)
	if r := c.mustCall("delete", req("DeleteRequestProto", "src", "/missing", "recursive", true)); flag(r, "result") {
		t.Error("deleting a missing path answered true")
	}
	c.wantRemote("mkdirs", req("MkdirsRequestProto", "src", "/a/b/f", "masked", perm(0o755), "createParent", true), exAlreadyExists)
	c.wantRemote("mkdirs", req("MkdirsRequestProto", "src", "/a/b/f/g", "masked", perm(0o755), "createParent", true), exParentNotDir)
	c.wantRemote("mkdirs", req("MkdirsRequestProto", "src", "/x/y", "masked", perm(0o755), "createParent", false), exFileNotFound)
	if r := c.mustCall("delete", req("DeleteRequestProto", "src", "/a", "recursive", true)); !flag(r, "result") {
		t.Fatal("recursive delete answered false")
	}
	if r := c.mustCall("getFileInfo", req("GetFileInfoRequestProto", "src", "/a/b/f")); has(r, "fs") {
		t.Fatal("a file survived the recursive delete of its ancestor")
	}
}

func TestNamenodeCreateRules(t *testing.T) {
	s := StartTB(t, Options{})
	c := dialNN(t, s.Addr(), "alice")
	c.mkdir("/dir")
	c.touch("/done", "h")
	c.mustCall("create", createReq("/open", "writer-1", 1))
	c.wantRemote("create", createReq("/dir", "h", 1), exAlreadyExists)
	c.wantRemote("create", createReq("/done", "h", 1), exAlreadyExists)
	c.wantRemote("create", createReq("/open", "writer-2", 3), exBeingCreated)
	c.wantRemote("create", createReq("/open", "writer-1", 3), exBeingCreated)
	c.wantRemote("create", createReq("/nodir/f", "h", 1), exFileNotFound)
	c.wantRemote("create", createReq("/done/f", "h", 1), exParentNotDir)
	c.wantRemote("create", createReq("/ghost", "h", 2), exFileNotFound) // OVERWRITE without CREATE
	c.wantRemote("create", createReq("/bad//name", "h", 1), exInvalidPath)
	c.mustCall("create", createReq("/done", "h", 3)) // CREATE|OVERWRITE replaces a closed file
	c.wantRemote("append", req("AppendRequestProto", "src", "/open", "clientName", "writer-2"), exBeingCreated)
	c.wantRemote("append", req("AppendRequestProto", "src", "/dir", "clientName", "h"), exAlreadyExists)
	c.wantRemote("append", req("AppendRequestProto", "src", "/none", "clientName", "h"), exFileNotFound)
}

func TestNamenodeLeases(t *testing.T) {
	s := StartTB(t, Options{})
	c := dialNN(t, s.Addr(), "alice")
	st := sub(c.mustCall("create", createReq("/f", "owner", 1)), "fs")
	id := u64(st, "fileId")
	c.wantRemote("addBlock", req("AddBlockRequestProto", "src", "/f", "clientName", "intruder", "fileId", id), exLeaseExpired)
	c.mustCall("renewLease", req("RenewLeaseRequestProto", "clientName", "owner"))
	// The writer addresses the file by inode id, so a rename while it is
	// open does not lose it.
	c.mustCall("rename2", rename2("/f", "/g", false))
	c.mustCall("complete", req("CompleteRequestProto", "src", "/f", "clientName", "owner", "fileId", id))
	if r := c.mustCall("isFileClosed", req("IsFileClosedRequestProto", "src", "/g")); !flag(r, "result") {
		t.Fatal("the renamed file is still open")
	}
	c.wantRemote("addBlock", req("AddBlockRequestProto", "src", "/g", "clientName", "owner", "fileId", id), exLeaseExpired)
}

// names lists dir with getListing from startAfter, one page.
func (c *rpcClient) names(dir, startAfter string) []string {
	c.t.Helper()
	names, _ := c.page(dir, startAfter)
	return names
}

func (c *rpcClient) page(dir, startAfter string) ([]string, uint64) {
	c.t.Helper()
	r := c.mustCall("getListing", req("GetListingRequestProto", "src", dir, "startAfter", []byte(startAfter), "needLocation", false))
	list := sub(r, "dirList")
	entries := get(list, "partialListing").List()
	var out []string
	for i := range entries.Len() {
		out = append(out, string(byteField(entries.Get(i).Message(), "path")))
	}
	return out, u64(list, "remainingEntries")
}

func TestNamenodeListingPagesInByteOrder(t *testing.T) {
	s := StartTB(t, Options{ListLimit: 3})
	c := dialNN(t, s.Addr(), "alice")
	for _, n := range []string{"b", "B", "a", "é", "_", "aa", "Z"} {
		c.mkdir("/l/" + n)
	}
	var all []string
	after := ""
	for pages := 0; ; pages++ {
		names, remaining := c.page("/l", after)
		all = append(all, names...)
		if remaining == 0 {
			break
		}
		if len(names) != 3 || pages > 3 {
			t.Fatalf("page %d: %v with %d remaining", pages, names, remaining)
		}
		after = names[len(names)-1]
	}
	if got := strings.Join(all, " "); got != "B Z _ a aa b é" {
		t.Fatalf("listing %q, want byte order", got)
	}
	if r := c.mustCall("getListing", req("GetListingRequestProto", "src", "/nope", "startAfter", []byte{}, "needLocation", false)); has(r, "dirList") {
		t.Fatal("listing a missing directory answered a listing")
	}
}
