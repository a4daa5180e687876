package hdfstest

import (
	"bytes"
	"math"
)

// This file holds the ClientProtocol methods that read or change metadata
// only. Each has the signature of a handler: it reads req and fills resp.

func (nn *namenode) getServerDefaults(_ *session, _, resp msg) error {
	d := hdfsMsg("FsServerDefaultsProto")
	set(d, "blockSize", uint64(nn.cfg.BlockSize))
	set(d, "bytesPerChecksum", uint32(nn.cfg.BytesPerChecksum))
	set(d, "writePacketSize", uint32(64<<10))
	set(d, "replication", uint32(1))
	set(d, "fileBufferSize", uint32(4096))
	set(d, "encryptDataTransfer", false)
	set(d, "trashInterval", uint64(0))
	set(d, "checksumType", "CHECKSUM_CRC32C")
	set(resp, "serverDefaults", d)
	return nil
}

func (nn *namenode) getFileInfo(_ *session, req, resp msg) error {
	n, err := nn.lookup(str(req, "src"))
	if err != nil || n == nil {
		return err
	}
	set(resp, "fs", nn.fileStatus(n, "", false))
	return nil
}

func (nn *namenode) getListing(_ *session, req, resp msg) error {
	n, err := nn.lookup(str(req, "src"))
	if err != nil || n == nil {
		return err
	}
	list := hdfsMsg("DirectoryListingProto")
	locs := flag(req, "needLocation")
	if !n.dir {
		set(list, "partialListing", nn.fileStatus(n, "", locs))
		set(resp, "dirList", set(list, "remainingEntries", uint32(0)))
		return nil
	}
	kids := after(n.sortedKids(), byteField(req, "startAfter"))
	take := min(len(kids), nn.cfg.ListLimit)
	for _, kid := range kids[:take] {
		set(list, "partialListing", nn.fileStatus(kid, kid.name, locs))
	}
	set(resp, "dirList", set(list, "remainingEntries", uint32(len(kids)-take)))
	return nil
}

// after drops the children whose names sort at or before startAfter.
func after(kids []*inode, startAfter []byte) []*inode {
	for i, kid := range kids {
		if bytes.Compare([]byte(kid.name), startAfter) > 0 {
			return kids[i:]
		}
	}
	return nil
}

func (nn *namenode) mkdirs(s *session, req, resp msg) error {
	src := str(req, "src")
	parts, err := splitPath(src)
	if err != nil {
		return err
	}
	set(resp, "result", true)
	n, depth := walk(nn.root, parts)
	if depth == len(parts) {
		if !n.dir {
			return appErr(exAlreadyExists, "Path is not a directory: %s", src)
		}
		return nil
	}
	parent, err := nn.parentDir(s, parts, flag(req, "createParent"))
	if err != nil {
		return err
	}
	nn.newInode(parent, parts[len(parts)-1], true, uint32(u64(sub(req, "masked"), "perm")), s.user)
	return nil
}

func (nn *namenode) delete(_ *session, req, resp msg) error {
	src := str(req, "src")
	n, err := nn.lookup(src)
	if err != nil {
		return err
	}
	set(resp, "result", false)
	if n == nil {
		return nil
	}
	if n.dir && len(n.kids) > 0 && !flag(req, "recursive") {
		return appErr(exNotEmpty, "`%s is non empty': Directory is not empty", src)
	}
	if n == nn.root {
		return nil // Hadoop refuses to delete the root and answers false
	}
	nn.detach(n)
	set(resp, "result", true)
	return nil
}

// renewLease is accepted and ignored: leases never expire here.
func (nn *namenode) renewLease(_ *session, _, _ msg) error { return nil }

func (nn *namenode) setTimes(_ *session, req, _ msg) error {
	n, err := nn.existing(str(req, "src"))
	if err != nil {
		return err
	}
	// -1 (all bits set) leaves a time unchanged.
	if m := u64(req, "mtime"); m != math.MaxUint64 {
		n.mtime = m
	}
	if a := u64(req, "atime"); a != math.MaxUint64 {
		n.atime = a
	}
	return nil
}

func (nn *namenode) setPermission(_ *session, req, _ msg) error {
	n, err := nn.existing(str(req, "src"))
	if err != nil {
		return err
	}
	n.perm = uint32(u64(sub(req, "permission"), "perm")) & 0o7777
	return nil
}

func (nn *namenode) setOwner(_ *session, req, _ msg) error {
	n, err := nn.existing(str(req, "src"))
	if err != nil {
		return err
	}
	if has(req, "username") {
		n.owner = str(req, "username")
	}
	if has(req, "groupname") {
		n.group = str(req, "groupname")
	}
	return nil
}

// existing looks src up and reports a missing path as Hadoop's setters do.
func (nn *namenode) existing(src string) (*inode, error) {
	n, err := nn.lookup(src)
	if err == nil && n == nil {
		err = notFound("File/Directory %s does not exist.", src)
	}
	return n, err
}

func (nn *namenode) getContentSummary(_ *session, req, resp msg) error {
	src := str(req, "path")
	n, err := nn.lookup(src)
	if err != nil {
		return err
	}
	if n == nil {
		return notFound("File does not exist: %s", src)
	}
	var c counts
	c.add(n)
	cs := hdfsMsg("ContentSummaryProto")
	set(cs, "length", c.length)
	set(cs, "fileCount", c.files)
	set(cs, "directoryCount", c.dirs)
	set(cs, "quota", uint64(math.MaxUint64))
	set(cs, "spaceConsumed", c.space)
	set(cs, "spaceQuota", uint64(math.MaxUint64))
	set(resp, "summary", cs)
	return nil
}

type counts struct{ length, files, dirs, space uint64 }

func (c *counts) add(n *inode) {
	if !n.dir {
		c.files++
		c.length += n.length()
		c.space += n.length() * uint64(n.replication)
		return
	}
	c.dirs++
	for _, kid := range n.kids {
		c.add(kid)
	}
}

func (nn *namenode) getFsStats(_ *session, _, resp msg) error {
	var c counts
	c.add(nn.root)
	const capacity = 1 << 40
	for _, f := range []string{"under_replicated", "corrupt_blocks", "missing_blocks"} {
		set(resp, f, uint64(0))
	}
	set(resp, "capacity", uint64(capacity))
	set(resp, "used", c.space)
	set(resp, "remaining", capacity-c.space)
	return nil
}
