package hdfstest

// CreateFlagProto bits.
const (
	createFlagCreate    = 0x01
	createFlagOverwrite = 0x02
	createFlagNewBlock  = 0x20
)

func (nn *namenode) create(s *session, req, resp msg) error {
	src, holder := str(req, "src"), str(req, "clientName")
	parts, err := splitPath(src)
	if err != nil {
		return err
	}
	if err := nn.checkCreateArgs(src, req); err != nil {
		return err
	}
	existing, _ := nn.lookup(src)
	if err := nn.replaceable(src, holder, existing, u64(req, "createFlag")); err != nil {
		return err
	}
	parent, err := nn.parentDir(s, parts, flag(req, "createParent"))
	if err != nil {
		return err
	}
	if existing != nil {
		nn.detach(existing)
	}
	n := nn.newInode(parent, parts[len(parts)-1], false, uint32(u64(sub(req, "masked"), "perm")), s.user)
	n.blockSize, n.replication, n.holder = u64(req, "blockSize"), uint32(u64(req, "replication")), holder
	set(resp, "fs", nn.fileStatus(n, "", false))
	return nil
}

func (nn *namenode) checkCreateArgs(src string, req msg) error {
	if bs := u64(req, "blockSize"); bs < uint64(nn.cfg.MinBlockSize) {
		return ioErr("Specified block size is less than configured minimum value (dfs.namenode.fs-limits.min-block-size): %d < %d", bs, nn.cfg.MinBlockSize)
	}
	if r := u64(req, "replication"); r < 1 || r > 512 {
		return ioErr("Requested replication factor of %d is out of the allowed range [1, 512] for %s", r, src)
	}
	return nil
}

// replaceable decides whether create may (re)create src over existing.
func (nn *namenode) replaceable(src, holder string, existing *inode, flags uint64) error {
	switch {
	case existing == nil && flags&createFlagCreate == 0:
		return notFound("Can't overwrite non-existent %s for client %s", src, holder)
	case existing == nil:
		return nil
	case existing.dir:
		return appErr(exAlreadyExists, "%s already exists as a directory", src)
	case existing.underConstruction():
		return beingCreated("CREATE_FILE", src, holder, existing.holder)
	case flags&createFlagOverwrite == 0:
		return appErr(exAlreadyExists, "%s for client %s already exists", src, holder)
	}
	return nil
}

func beingCreated(op, src, holder, owner string) error {
	if owner == holder {
		return appErr(exBeingCreated, "Failed to %s %s for %s because current leaseholder is trying to recreate file.", op, src, holder)
	}
	return appErr(exBeingCreated, "Failed to %s %s for %s because this file lease is currently owned by %s", op, src, holder, owner)
}

func (nn *namenode) append(_ *session, req, resp msg) error {
	src, holder := str(req, "src"), str(req, "clientName")
	n, err := nn.lookup(src)
	switch {
	case err != nil:
		return err
	case n == nil:
		return notFound("Failed to append to non-existent file %s for client %s", src, holder)
	case n.dir:
		return appErr(exAlreadyExists, "Cannot append to directory %s; already exists as a directory.", src)
	case n.underConstruction():
		return beingCreated("APPEND_FILE", src, holder, n.holder)
	}
	n.holder = holder
	if last := n.lastBlock(); last != nil && last.numBytes < n.blockSize && u64(req, "flag")&createFlagNewBlock == 0 {
		offset := n.length() - last.numBytes
		last.complete = false
		set(resp, "block", nn.locatedBlock(nn.extendedBlock(last), offset, true))
	}
	set(resp, "stat", nn.fileStatus(n, "", false))
	return nil
}

func (nn *namenode) addBlock(_ *session, req, resp msg) error {
	src, holder := str(req, "src"), str(req, "clientName")
	n, err := nn.leasedFile(src, u64(req, "fileId"), holder)
	if err != nil {
		return err
	}
	if err := nn.checkExcluded(src, req); err != nil {
		return err
	}
	if err := nn.commitPrevious(src, n, req); err != nil {
		return err
	}
	offset := n.length()
	b := nn.allocateBlock(n)
	set(resp, "block", nn.locatedBlock(nn.extendedBlock(b), offset, true))
	return nil
}

// commitPrevious checks the client's "previous" block against the file's
// last block (Hadoop's analyzeFileState) and commits it.
func (nn *namenode) commitPrevious(src string, n *inode, req msg) error {
	last := n.lastBlock()
	if !has(req, "previous") {
		if last == nil || (last.complete && last.numBytes >= n.blockSize) {
			return nil // first block, or the first block of an append at a block boundary
		}
		return ioErr("Cannot allocate block in %s: passed 'previous' block null does not match actual last block in file blk_%d", src, last.id)
	}
	return nn.commit(src, n, sub(req, "previous"), true)
}

// commit records the length a client reports for the file's last block,
// once the DataNode holds a finalized replica of exactly that length.
func (nn *namenode) commit(src string, n *inode, eb msg, strict bool) error {
	last := n.lastBlock()
	id, gs := u64(eb, "blockId"), u64(eb, "generationStamp")
	if last == nil || last.id != id || last.gs != gs {
		return ioErr("Block blk_%d_%d reported for %s does not match the last block of the file", id, gs, src)
	}
	rep, ok := nn.dn.replica(id)
	if !ok || !rep.finalized || rep.gs < gs {
		if strict {
			return appErr(exNotReplicatedYet, "Not replicated yet: %s", src)
		}
		return errNotReplicated
	}
	if length := u64(eb, "numBytes"); rep.length != length {
		return ioErr("commitBlock length %d does not match the length %d of the replica of blk_%d", length, rep.length, id)
	}
	last.numBytes, last.complete = rep.length, true
	return nil
}

// errNotReplicated makes complete answer false: the client retries.
var errNotReplicated = ioErr("not replicated yet")

func (nn *namenode) checkExcluded(src string, req msg) error {
	list := get(req, "excludeNodes").List()
	for i := range list.Len() {
		id := sub(list.Get(i).Message(), "id")
		if str(id, "datanodeUuid") == nn.dn.uuid() {
			return ioErr("File %s could only be written to 0 of the 1 minReplication nodes. There are 1 datanode(s) running and 1 node(s) are excluded in this operation.", src)
		}
	}
	return nil
}

func (nn *namenode) complete(_ *session, req, resp msg) error {
	src, holder := str(req, "src"), str(req, "clientName")
	set(resp, "result", false)
	n, err := nn.leasedFile(src, u64(req, "fileId"), holder)
	if err != nil {
		if closed, _ := nn.fileByIDOrPath(src, u64(req, "fileId")); closed != nil && !closed.dir && !closed.underConstruction() {
			set(resp, "result", true) // a retried complete of a closed file
			return nil
		}
		return err
	}
	if err := nn.completeLast(src, n, req); err == errNotReplicated {
		return nil
	} else if err != nil {
		return err
	}
	n.holder, n.mtime = "", nowMs()
	set(resp, "result", true)
	return nil
}

func (nn *namenode) completeLast(src string, n *inode, req msg) error {
	if has(req, "last") {
		return nn.commit(src, n, sub(req, "last"), false)
	}
	if last := n.lastBlock(); last != nil && !last.complete {
		return ioErr("complete %s: the last block blk_%d was not reported", src, last.id)
	}
	return nil
}

func (nn *namenode) abandonBlock(_ *session, req, _ msg) error {
	src, holder := str(req, "src"), str(req, "holder")
	n, err := nn.leasedFile(src, u64(req, "fileId"), holder)
	if err != nil {
		return err
	}
	id := u64(sub(req, "b"), "blockId")
	if last := n.lastBlock(); last != nil && last.id == id && !last.complete {
		n.blocks = n.blocks[:len(n.blocks)-1]
		delete(nn.blockFile, id)
		nn.dn.remove([]uint64{id})
	}
	return nil
}

// ucBlock finds the under-construction block eb names and checks the lease
// on its file, as Hadoop's checkUCBlock does.
func (nn *namenode) ucBlock(eb msg, holder string) (*inode, *blockInfo, error) {
	id := u64(eb, "blockId")
	n := nn.blockFile[id]
	if n == nil || n.lastBlock().id != id || n.lastBlock().complete {
		return nil, nil, ioErr("blk_%d does not exist or is not under Construction", id)
	}
	if _, err := nn.leasedFile(n.path(), n.id, holder); err != nil {
		return nil, nil, err
	}
	return n, n.lastBlock(), nil
}

func (nn *namenode) updateBlockForPipeline(_ *session, req, resp msg) error {
	eb := sub(req, "block")
	_, b, err := nn.ucBlock(eb, str(req, "clientName"))
	if err != nil {
		return err
	}
	fresh := *b
	fresh.gs, fresh.numBytes = nn.genStamp, u64(eb, "numBytes")
	nn.genStamp++
	set(resp, "block", nn.locatedBlock(nn.extendedBlock(&fresh), 0, false))
	return nil
}

func (nn *namenode) updatePipeline(_ *session, req, _ msg) error {
	old, fresh := sub(req, "oldBlock"), sub(req, "newBlock")
	_, b, err := nn.ucBlock(old, str(req, "clientName"))
	if err != nil {
		return err
	}
	if u64(old, "generationStamp") != b.gs || u64(fresh, "generationStamp") <= b.gs {
		return ioErr("Update blk_%d_%d is not valid: generation stamps do not move forward from %d", b.id, u64(fresh, "generationStamp"), b.gs)
	}
	b.gs, b.numBytes = u64(fresh, "generationStamp"), u64(fresh, "numBytes")
	return nil
}

func (nn *namenode) fsync(_ *session, req, _ msg) error {
	_, err := nn.leasedFile(str(req, "src"), u64(req, "fileId"), str(req, "client"))
	return err
}

func (nn *namenode) getBlockLocations(_ *session, req, resp msg) error {
	src := str(req, "src")
	n, err := nn.lookup(src)
	switch {
	case err != nil:
		return err
	case n == nil:
		return notFound("File does not exist: %s", src)
	case n.dir:
		return notFound("Path is not a file: %s", src)
	}
	set(resp, "locations", nn.locatedBlocks(n, u64(req, "offset"), u64(req, "length")))
	return nil
}

func (nn *namenode) isFileClosed(_ *session, req, resp msg) error {
	n, err := nn.lookup(str(req, "src"))
	if err == nil && (n == nil || n.dir) {
		err = notFound("File does not exist: %s", str(req, "src"))
	}
	if err != nil {
		return err
	}
	set(resp, "result", !n.underConstruction())
	return nil
}
