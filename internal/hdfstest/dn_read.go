package hdfstest

import (
	"fmt"
	"io"
	"os"
	"time"
)

// readBlock serves OP_READ_BLOCK like Hadoop's BlockSender: the range is
// widened to whole checksum chunks (the reply's chunkOffset says where the
// data starts), sent as packets with one checksum per chunk, and closed by
// an empty packet marked lastPacketInBlock. The client may then send a
// ClientReadStatusProto, after which the connection can carry another op.
func (x *xceiver) readBlock(op msg) error {
	b := refOf(sub(sub(sub(op, "header"), "baseHeader"), "block"))
	r, f, err := x.dn.openForRead(b)
	if err != nil {
		x.respond("ERROR", fmt.Sprintf("opReadBlock %s received exception %v", b.idAndStamp, err), nil)
		return err
	}
	defer f.Close()
	offset, length := u64(op, "offset"), u64(op, "len")
	if offset > r.length || length > r.length-offset {
		msg := fmt.Sprintf(" Offset %d and length %d don't match block %s ( blockLen %d )", offset, length, b.idAndStamp, r.length)
		x.respond("ERROR", "opReadBlock "+b.idAndStamp+" received exception java.io.IOException: "+msg, nil)
		return fmt.Errorf("%s", msg)
	}
	ctype := r.ctype
	if !flag(op, "sendChecksums") {
		ctype = "CHECKSUM_NULL"
	}
	start, end := chunkRange(offset, length, uint64(r.bpc), r.length)
	if err := x.respond("SUCCESS", "", readInfo(ctype, r.bpc, start)); err != nil {
		return err
	}
	if err := x.sendRange(f, ctype, int(r.bpc), start, end); err != nil {
		return err
	}
	return x.readStatus()
}

// chunkRange widens [offset, offset+length) to whole chunks, capped at the
// replica's length.
func chunkRange(offset, length, bpc, replicaLen uint64) (uint64, uint64) {
	start := offset - offset%bpc
	end := offset + length
	if end%bpc != 0 {
		end += bpc - end%bpc
	}
	return start, min(end, replicaLen)
}

func readInfo(ctype string, bpc uint32, chunkOffset uint64) msg {
	sum := set(hdfsMsg("ChecksumProto"), "type", ctype)
	set(sum, "bytesPerChecksum", bpc)
	info := set(hdfsMsg("ReadOpChecksumInfoProto"), "checksum", sum)
	return set(info, "chunkOffset", chunkOffset)
}

// sendRange sends [start, end) of f in packets of whole chunks, then the
// empty last packet.
func (x *xceiver) sendRange(f *os.File, ctype string, bpc int, start, end uint64) error {
	tab, _, _ := checksumTable(ctype)
	size := max(bpc, readPacketData/bpc*bpc)
	data := make([]byte, size)
	var seqno int64
	for off := start; off < end; off += uint64(size) {
		n := int(min(uint64(size), end-off))
		if _, err := f.ReadAt(data[:n], int64(off)); err != nil && err != io.EOF {
			return err
		}
		p := packet{offset: int64(off), seqno: seqno, data: data[:n], sums: chunkSums(nil, data[:n], bpc, tab)}
		x.buf = appendPacket(x.buf[:0], p)
		if _, err := x.w.Write(x.buf); err != nil {
			return err
		}
		seqno++
	}
	last := appendPacket(nil, packet{offset: int64(end), seqno: seqno, last: true})
	return x.flush(last)
}

// readStatus reads the client's optional ClientReadStatusProto. A client
// that closes instead (colinmarc/hdfs does) ends the connection.
func (x *xceiver) readStatus() error {
	x.conn.SetReadDeadline(time.Now().Add(x.dn.cfg.IdleTimeout))
	defer x.conn.SetReadDeadline(time.Time{})
	st := hdfsMsg("ClientReadStatusProto")
	if err := readDelimited(x.r, st); err != nil {
		return errHangUp
	}
	return nil
}
