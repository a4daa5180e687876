package hdfstest

// fileStatus builds the HdfsFileStatusProto of n. name is the local name
// to report: empty for getFileInfo (Hadoop's EMPTY_NAME), the child's name in
// a listing.
func (nn *namenode) fileStatus(n *inode, name string, withLocations bool) msg {
	st := hdfsMsg("HdfsFileStatusProto")
	set(st, "fileType", map[bool]string{true: "IS_DIR", false: "IS_FILE"}[n.dir])
	set(st, "path", []byte(name))
	set(st, "length", n.length())
	set(st, "permission", set(hdfsMsg("FsPermissionProto"), "perm", n.perm))
	set(st, "owner", n.owner)
	set(st, "group", n.group)
	set(st, "modification_time", n.mtime)
	set(st, "access_time", n.atime)
	set(st, "fileId", n.id)
	if n.dir {
		return set(st, "childrenNum", len(n.kids))
	}
	set(st, "block_replication", n.replication)
	set(st, "blocksize", n.blockSize)
	set(st, "childrenNum", 0)
	if withLocations {
		set(st, "locations", nn.locatedBlocks(n, 0, n.length()))
	}
	return st
}

// extendedBlock is the ExtendedBlockProto of b.
func (nn *namenode) extendedBlock(b *blockInfo) msg {
	eb := hdfsMsg("ExtendedBlockProto")
	set(eb, "poolId", nn.pool)
	set(eb, "blockId", b.id)
	set(eb, "generationStamp", b.gs)
	return set(eb, "numBytes", b.numBytes)
}

// emptyToken is the block token of a cluster without block access tokens:
// every field present and empty.
func emptyToken() msg {
	t := commonMsg("TokenProto")
	set(t, "identifier", []byte{})
	set(t, "password", []byte{})
	set(t, "kind", "")
	return set(t, "service", "")
}

// locatedBlock is the LocatedBlockProto of b, starting at offset in its
// file, on the one DataNode.
func (nn *namenode) locatedBlock(eb msg, offset uint64, withLocation bool) msg {
	lb := hdfsMsg("LocatedBlockProto")
	set(lb, "b", eb)
	set(lb, "offset", offset)
	set(lb, "corrupt", false)
	set(lb, "blockToken", emptyToken())
	if withLocation {
		set(lb, "locs", nn.dn.datanodeInfo())
		set(lb, "isCached", false)
		set(lb, "storageTypes", "DISK")
		set(lb, "storageIDs", nn.dn.storageID())
	}
	return lb
}

// locatedBlocks lists the blocks of n that overlap [offset, offset+length).
func (nn *namenode) locatedBlocks(n *inode, offset, length uint64) msg {
	lbs := hdfsMsg("LocatedBlocksProto")
	set(lbs, "fileLength", n.length())
	set(lbs, "underConstruction", n.underConstruction())
	var start uint64
	var last msg
	for _, b := range n.blocks {
		if !b.complete {
			break
		}
		end := start + b.numBytes
		last = nn.locatedBlock(nn.extendedBlock(b), start, true)
		if end > offset && start < offset+length {
			set(lbs, "blocks", last)
		}
		start = end
	}
	complete := !n.underConstruction()
	if last != nil && complete {
		set(lbs, "lastBlock", last)
	}
	return set(lbs, "isLastBlockComplete", complete)
}
