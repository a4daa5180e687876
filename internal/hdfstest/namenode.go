package hdfstest

import (
	"strings"
	"sync"
	"time"
)

// blockStore is what the NameNode needs from the DataNode: the state of a
// replica (standing in for block reports), block deletion, and the
// DataNode's identity for block locations.
type blockStore interface {
	replica(id uint64) (replicaState, bool)
	remove(ids []uint64)
	datanodeInfo() msg
	uuid() string
	storageID() string
}

// replicaState is a DataNode replica as the NameNode sees it.
type replicaState struct {
	gs, length uint64
	finalized  bool
}

// session is the caller of one NameNode connection.
type session struct {
	user string
}

// namenode holds the namespace. Every method runs under mu.
type namenode struct {
	mu sync.Mutex

	root      *inode
	byID      map[uint64]*inode
	blockFile map[uint64]*inode // block id → file holding it

	nextInode uint64
	nextBlock uint64
	genStamp  uint64

	pool string
	cfg  Options
	dn   blockStore
}

// Hadoop's first inode id, first block id and first generation stamp.
const (
	rootInodeID = 16385
	firstBlock  = 1073741825
	firstGS     = 1001
	superGroup  = "supergroup"
)

func newNamenode(cfg Options, pool string, dn blockStore) *namenode {
	nn := &namenode{
		byID:      map[uint64]*inode{},
		blockFile: map[uint64]*inode{},
		nextInode: rootInodeID,
		nextBlock: firstBlock,
		genStamp:  firstGS,
		pool:      pool,
		cfg:       cfg,
		dn:        dn,
	}
	nn.root = nn.newInode(nil, "", true, 0o755, cfg.Superuser)
	return nn
}

func nowMs() uint64 { return uint64(time.Now().UnixMilli()) }

func (nn *namenode) newInode(parent *inode, name string, dir bool, perm uint32, owner string) *inode {
	now := nowMs()
	n := &inode{id: nn.nextInode, name: name, parent: parent, dir: dir,
		perm: perm & 0o7777, owner: owner, group: superGroup, mtime: now, atime: now}
	nn.nextInode++
	if dir {
		n.kids = map[string]*inode{}
	}
	if parent != nil {
		parent.kids[name] = n
		parent.mtime = now
	}
	nn.byID[n.id] = n
	return n
}

// lookup returns the inode at src, or nil when nothing is there.
func (nn *namenode) lookup(src string) (*inode, error) {
	parts, err := splitPath(src)
	if err != nil {
		return nil, err
	}
	n, depth := walk(nn.root, parts)
	if depth < len(parts) {
		return nil, nil
	}
	return n, nil
}

// parentDir resolves the directory that holds src, creating missing
// directories when create is set, as mkdirs and create with createParent do.
func (nn *namenode) parentDir(s *session, parts []string, create bool) (*inode, error) {
	parentParts := parts[:len(parts)-1]
	n, depth := walk(nn.root, parentParts)
	if !n.dir {
		return nil, appErr(exParentNotDir, "Parent path is not a directory: %s", n.path())
	}
	if depth == len(parentParts) {
		return n, nil
	}
	if !create {
		return nil, notFound("Parent directory doesn't exist: %s", joinParts(parentParts))
	}
	for _, p := range parentParts[depth:] {
		n = nn.newInode(n, p, true, 0o755, s.user)
	}
	return n, nil
}

func joinParts(parts []string) string { return "/" + strings.Join(parts, "/") }

// detach unlinks n from its parent and forgets everything below it: inodes,
// blocks (deleted on the DataNode too) and leases.
func (nn *namenode) detach(n *inode) {
	if n.parent != nil {
		delete(n.parent.kids, n.name)
		n.parent.mtime = nowMs()
	}
	var blocks []uint64
	nn.forget(n, &blocks)
	nn.dn.remove(blocks)
}

func (nn *namenode) forget(n *inode, blocks *[]uint64) {
	delete(nn.byID, n.id)
	for _, b := range n.blocks {
		delete(nn.blockFile, b.id)
		*blocks = append(*blocks, b.id)
	}
	for _, kid := range n.kids {
		nn.forget(kid, blocks)
	}
}

// leasedFile finds the file a writer addresses (by inode id when given, as
// Hadoop does, else by path) and checks that holder owns its lease.
func (nn *namenode) leasedFile(src string, fileID uint64, holder string) (*inode, error) {
	n, err := nn.fileByIDOrPath(src, fileID)
	if err != nil {
		return nil, err
	}
	if n == nil || n.dir {
		return nil, notFound("File does not exist: %s [Lease. Holder: %s]", src, holder)
	}
	if !n.underConstruction() {
		return nil, appErr(exLeaseExpired, "No lease on %s: File is not open for writing. Holder %s does not have any open files.", src, holder)
	}
	if n.holder != holder {
		return nil, appErr(exLeaseExpired, "Client (=%s) is not the lease owner (=%s)", holder, n.holder)
	}
	return n, nil
}

func (nn *namenode) fileByIDOrPath(src string, fileID uint64) (*inode, error) {
	if fileID != 0 {
		return nn.byID[fileID], nil
	}
	return nn.lookup(src)
}

func (nn *namenode) allocateBlock(n *inode) *blockInfo {
	b := &blockInfo{id: nn.nextBlock, gs: nn.genStamp}
	nn.nextBlock++
	nn.genStamp++
	n.blocks = append(n.blocks, b)
	nn.blockFile[b.id] = n
	return b
}
