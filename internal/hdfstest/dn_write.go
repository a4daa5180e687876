package hdfstest

import (
	"bytes"
	"fmt"
	"hash/crc32"
	"os"
)

// writeBlock serves OP_WRITE_BLOCK for a one-DataNode pipeline: reply with a
// BlockOpResponseProto, then receive packets, verify every chunk checksum,
// store the data and acknowledge each packet with a PipelineAckProto. The
// replica is finalized before the last packet is acknowledged.
func (x *xceiver) writeBlock(op msg) error {
	spec, err := writeSpecOf(op)
	if err == nil {
		err = x.checkTargets(op)
	}
	if err != nil {
		x.respondWrite("ERROR", err.Error(), firstBadLink(op))
		return err
	}
	r, f, err := x.dn.openForWrite(spec)
	if err != nil {
		x.respondWrite("ERROR", err.Error(), "")
		return err
	}
	defer f.Close()
	if err := x.respondWrite("SUCCESS", "", ""); err != nil {
		x.dn.finish(r, false)
		return err
	}
	return x.receive(r, f)
}

func writeSpecOf(op msg) (writeSpec, error) {
	sum := sub(op, "requestedChecksum")
	w := writeSpec{
		block:    refOf(sub(sub(sub(op, "header"), "baseHeader"), "block")),
		stage:    enumName(op, "stage"),
		minBytes: u64(op, "minBytesRcvd"),
		latestGS: u64(op, "latestGenerationStamp"),
		ctype:    enumName(sum, "type"),
		bpc:      uint32(u64(sum, "bytesPerChecksum")),
	}
	if _, _, err := checksumTable(w.ctype); err != nil {
		return w, err
	}
	if w.bpc == 0 || w.bpc > maxPacket {
		return w, fmt.Errorf("bytesPerChecksum %d is outside [1, %d]", w.bpc, maxPacket)
	}
	return w, nil
}

// checkTargets refuses pipelines that go on to further DataNodes: there is
// only one, so the first downstream target is the bad link.
func (x *xceiver) checkTargets(op msg) error {
	if n := get(op, "targets").List().Len(); n > 0 {
		return fmt.Errorf("this DataNode cannot forward to %d downstream DataNodes", n)
	}
	return nil
}

func firstBadLink(op msg) string {
	targets := get(op, "targets").List()
	if targets.Len() == 0 {
		return ""
	}
	id := sub(targets.Get(0).Message(), "id")
	return fmt.Sprintf("%s:%d", str(id, "ipAddr"), u64(id, "xferPort"))
}

func (x *xceiver) respondWrite(status, message, badLink string) error {
	m := set(hdfsMsg("BlockOpResponseProto"), "status", status)
	set(m, "firstBadLink", badLink)
	if message != "" {
		set(m, "message", message)
	}
	return x.flush(appendDelimited(nil, m))
}

// receive runs the packet loop until the last packet or an error.
func (x *xceiver) receive(r *replica, f *os.File) error {
	tab, width, _ := checksumTable(r.ctype)
	c := chunker{bpc: int(r.bpc), tab: tab, width: width}
	for {
		var p packet
		var err error
		p, x.buf, err = readPacket(x.r, x.buf)
		if err != nil {
			x.dn.finish(r, false)
			return err
		}
		done, err := x.take(r, f, c, p)
		if err != nil || done {
			return err
		}
	}
}

// take stores one packet and acknowledges it; done reports the end of the
// block.
func (x *xceiver) take(r *replica, f *os.File, c chunker, p packet) (done bool, err error) {
	if p.seqno == heartbeatSeqno {
		return false, x.ack(p.seqno, "SUCCESS")
	}
	if status, err := x.store(r, f, c, p); err != nil {
		x.dn.finish(r, false)
		x.ack(p.seqno, status)
		return true, err
	}
	if !p.last {
		return false, x.ack(p.seqno, "SUCCESS")
	}
	if err := x.dn.finish(r, true); err != nil {
		x.ack(p.seqno, "ERROR")
		return true, err
	}
	return true, x.ack(p.seqno, "SUCCESS")
}

// store checks a packet's place in the block and its checksums, then
// appends its data to the replica. The status names the failure.
func (x *xceiver) store(r *replica, f *os.File, c chunker, p packet) (string, error) {
	x.dn.mu.Lock()
	length := r.length
	x.dn.mu.Unlock()
	if uint64(p.offset) != length {
		return "ERROR", fmt.Errorf("packet %d starts at offset %d, but blk_%d has %d bytes", p.seqno, p.offset, r.id, length)
	}
	if err := c.verify(p, length); err != nil {
		return "ERROR_CHECKSUM", err
	}
	if _, err := f.Write(p.data); err != nil {
		return "ERROR", err
	}
	x.dn.grow(r, len(p.data))
	return "SUCCESS", nil
}

// ack sends a PipelineAckProto for one packet with this DataNode's status
// (Hadoop 3 also encodes the status in the flag field; 0 means SUCCESS with
// ECN disabled).
func (x *xceiver) ack(seqno int64, status string) error {
	a := hdfsMsg("PipelineAckProto")
	set(a, "seqno", seqno)
	set(a, "reply", status)
	set(a, "downstreamAckTimeNanos", uint64(0))
	set(a, "flag", uint32(enumNumber("hadoop.hdfs.Status", status)))
	return x.flush(appendDelimited(nil, a))
}

// chunker verifies packet checksums. Chunks start at the beginning of each
// packet's data, so a packet that begins inside a chunk (an append to a
// partial chunk) must end at that chunk's boundary.
type chunker struct {
	bpc   int
	tab   *crc32.Table
	width int
}

func (c chunker) verify(p packet, offset uint64) error {
	if inChunk := int(offset % uint64(c.bpc)); inChunk != 0 && inChunk+len(p.data) > c.bpc {
		return fmt.Errorf("packet %d at offset %d crosses a chunk boundary: a partial chunk must be sent in an individual packet", p.seqno, offset)
	}
	chunks := (len(p.data) + c.bpc - 1) / c.bpc
	if len(p.sums) != chunks*c.width {
		return fmt.Errorf("Invalid checksum length: received length is %d but expected length is %d", len(p.sums), chunks*c.width)
	}
	if want := chunkSums(nil, p.data, c.bpc, c.tab); !bytes.Equal(want, p.sums) {
		return fmt.Errorf("Checksum error in packet %d at offset %d", p.seqno, offset)
	}
	return nil
}
