package hdfstest

import (
	"fmt"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"sync"
)

// replica is the DataNode's copy of one block: data in a file named after
// the block, checksums recomputed from it when it is read.
type replica struct {
	id, gs, length uint64
	ctype          string // ChecksumTypeProto name
	bpc            uint32 // bytes per checksum
	finalized      bool
	writing        bool // a write pipeline holds it
}

// datanode stores replicas under dir. mu guards replicas and every replica.
type datanode struct {
	mu       sync.Mutex
	dir      string
	pool     string
	id       string
	storage  string
	addr     *net.TCPAddr
	replicas map[uint64]*replica
	cfg      Options
}

func (dn *datanode) file(id uint64) string {
	return filepath.Join(dn.dir, "blk_"+strconv.FormatUint(id, 10))
}

func (dn *datanode) replica(id uint64) (replicaState, bool) {
	dn.mu.Lock()
	defer dn.mu.Unlock()
	r, ok := dn.replicas[id]
	if !ok {
		return replicaState{}, false
	}
	return replicaState{gs: r.gs, length: r.length, finalized: r.finalized}, true
}

func (dn *datanode) remove(ids []uint64) {
	dn.mu.Lock()
	defer dn.mu.Unlock()
	for _, id := range ids {
		delete(dn.replicas, id)
		os.Remove(dn.file(id))
	}
}

func (dn *datanode) uuid() string      { return dn.id }
func (dn *datanode) storageID() string { return dn.storage }

// datanodeInfo is this DataNode's DatanodeInfoProto, the one location of
// every block.
func (dn *datanode) datanodeInfo() msg {
	id := hdfsMsg("DatanodeIDProto")
	set(id, "ipAddr", dn.addr.IP.String())
	set(id, "hostName", "localhost")
	set(id, "datanodeUuid", dn.id)
	set(id, "xferPort", uint32(dn.addr.Port))
	set(id, "infoPort", uint32(0))
	set(id, "ipcPort", uint32(0))
	info := hdfsMsg("DatanodeInfoProto")
	set(info, "id", id)
	set(info, "capacity", uint64(1<<40))
	set(info, "adminState", "NORMAL")
	return set(info, "location", "/default-rack")
}

// blockRef is the ExtendedBlockProto of an operation.
type blockRef struct {
	pool       string
	id, gs     uint64
	numBytes   uint64
	idAndStamp string
}

func refOf(eb msg) blockRef {
	id, gs := u64(eb, "blockId"), u64(eb, "generationStamp")
	return blockRef{pool: str(eb, "poolId"), id: id, gs: gs, numBytes: u64(eb, "numBytes"),
		idAndStamp: fmt.Sprintf("%s:blk_%d_%d", str(eb, "poolId"), id, gs)}
}

func (dn *datanode) checkPool(b blockRef) error {
	if b.pool != dn.pool {
		return fmt.Errorf("block pool %s of %s is not served by this DataNode (it serves %s)", b.pool, b.idAndStamp, dn.pool)
	}
	return nil
}

// writeSpec is what OP_WRITE_BLOCK asks for.
type writeSpec struct {
	block    blockRef
	stage    string
	minBytes uint64
	latestGS uint64
	ctype    string
	bpc      uint32
}

// openForWrite prepares the replica an OP_WRITE_BLOCK writes into and
// returns it with its file open for appending.
func (dn *datanode) openForWrite(w writeSpec) (*replica, *os.File, error) {
	if err := dn.checkPool(w.block); err != nil {
		return nil, nil, err
	}
	dn.mu.Lock()
	defer dn.mu.Unlock()
	switch w.stage {
	case "PIPELINE_SETUP_CREATE":
		return dn.createReplica(w)
	case "PIPELINE_SETUP_APPEND":
		return dn.appendReplica(w)
	}
	return nil, nil, fmt.Errorf("block construction stage %s is not supported by the sluice test DataNode", w.stage)
}

func (dn *datanode) createReplica(w writeSpec) (*replica, *os.File, error) {
	if r, ok := dn.replicas[w.block.id]; ok {
		return nil, nil, fmt.Errorf("Block %s already exists in state %s and thus cannot be created.", w.block.idAndStamp, r.state())
	}
	f, err := os.OpenFile(dn.file(w.block.id), os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o644)
	if err != nil {
		return nil, nil, err
	}
	r := &replica{id: w.block.id, gs: w.block.gs, ctype: w.ctype, bpc: w.bpc, writing: true}
	dn.replicas[r.id] = r
	return r, f, nil
}

func (dn *datanode) appendReplica(w writeSpec) (*replica, *os.File, error) {
	r, err := dn.appendable(w)
	if err != nil {
		return nil, nil, err
	}
	f, err := os.OpenFile(dn.file(r.id), os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		return nil, nil, err
	}
	r.gs, r.finalized, r.writing = w.latestGS, false, true
	return r, f, nil
}

// appendable checks an append pipeline against the replica, as
// FsDatasetImpl.append does.
func (dn *datanode) appendable(w writeSpec) (*replica, error) {
	r, ok := dn.replicas[w.block.id]
	switch {
	case !ok:
		return nil, fmt.Errorf("Cannot append to a non-existent replica %s", w.block.idAndStamp)
	case !r.finalized || r.writing:
		return nil, fmt.Errorf("Cannot append to a replica of %s in state %s", w.block.idAndStamp, r.state())
	case r.gs != w.block.gs:
		return nil, fmt.Errorf("Cannot append to %s: the replica has generation stamp %d", w.block.idAndStamp, r.gs)
	case r.length != w.minBytes:
		return nil, fmt.Errorf("Corrupted replica %s with a length of %d expected length is %d", w.block.idAndStamp, r.length, w.minBytes)
	case w.latestGS < r.gs:
		return nil, fmt.Errorf("The new generation stamp %d should be greater than the replica %s's generation stamp", w.latestGS, w.block.idAndStamp)
	case w.ctype != r.ctype || w.bpc != r.bpc:
		return nil, fmt.Errorf("checksum %s/%d requested for %s differs from the replica's %s/%d", w.ctype, w.bpc, w.block.idAndStamp, r.ctype, r.bpc)
	}
	return r, nil
}

func (r *replica) state() string {
	switch {
	case r.finalized:
		return "FINALIZED"
	case r.writing:
		return "RBW"
	}
	return "TEMPORARY"
}

// grow records n more bytes received into r.
func (dn *datanode) grow(r *replica, n int) {
	dn.mu.Lock()
	r.length += uint64(n)
	dn.mu.Unlock()
}

// finish ends a write pipeline; finalize marks the replica complete.
func (dn *datanode) finish(r *replica, finalize bool) error {
	dn.mu.Lock()
	defer dn.mu.Unlock()
	r.writing = false
	if dn.replicas[r.id] != r {
		return fmt.Errorf("replica blk_%d was deleted while it was being written", r.id)
	}
	r.finalized = finalize
	return nil
}

// openForRead returns a snapshot of the replica b names and its open file.
func (dn *datanode) openForRead(b blockRef) (replica, *os.File, error) {
	if err := dn.checkPool(b); err != nil {
		return replica{}, nil, err
	}
	dn.mu.Lock()
	r, ok := dn.replicas[b.id]
	var snap replica
	if ok {
		snap = *r
	}
	dn.mu.Unlock()
	switch {
	case !ok:
		return replica{}, nil, fmt.Errorf("Replica not found for %s", b.idAndStamp)
	case snap.gs < b.gs:
		return replica{}, nil, fmt.Errorf("Replica gen stamp < block genstamp, block=%s, replica gen stamp %d", b.idAndStamp, snap.gs)
	}
	f, err := os.Open(dn.file(b.id))
	return snap, f, err
}
