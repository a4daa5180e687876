package hdfstest

import (
	"bufio"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"io"
)

// DataTransferProtocol constants (DataTransferProtocol, Op, PacketReceiver).
const (
	transferVersion = 28
	opWriteBlock    = 80
	opReadBlock     = 81
	maxPacket       = 16 << 20 // PacketReceiver.MAX_PACKET_SIZE
	heartbeatSeqno  = -1
	readPacketData  = 64 << 10 // data bytes per packet sent on reads
)

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// checksumTable returns the CRC table and checksum width of a
// ChecksumTypeProto name; CHECKSUM_NULL has no table and width 0.
func checksumTable(ctype string) (*crc32.Table, int, error) {
	switch ctype {
	case "CHECKSUM_CRC32C":
		return castagnoli, 4, nil
	case "CHECKSUM_CRC32":
		return crc32.IEEETable, 4, nil
	case "CHECKSUM_NULL":
		return nil, 0, nil
	}
	return nil, 0, fmt.Errorf("unsupported checksum type %s", ctype)
}

// packet is one data packet:
//
//	uint32 payload length (4 + checksums + data, counting itself)
//	uint16 header length, PacketHeaderProto
//	checksums, one per chunk of bytesPerChecksum data bytes
//	data
type packet struct {
	offset int64
	seqno  int64
	last   bool
	sums   []byte
	data   []byte
}

// readPacket reads one packet; buf is reused for its body.
func readPacket(r *bufio.Reader, buf []byte) (packet, []byte, error) {
	var head [6]byte
	if _, err := io.ReadFull(r, head[:]); err != nil {
		return packet{}, buf, err
	}
	plen := binary.BigEndian.Uint32(head[:4])
	if plen < 4 || plen > maxPacket {
		return packet{}, buf, fmt.Errorf("Incorrect value for packet payload size: %d", plen)
	}
	hb := make([]byte, binary.BigEndian.Uint16(head[4:]))
	if _, err := io.ReadFull(r, hb); err != nil {
		return packet{}, buf, noEOF(err)
	}
	h := hdfsMsg("PacketHeaderProto")
	if err := unmarshal(hb, h); err != nil {
		return packet{}, buf, fmt.Errorf("bad PacketHeaderProto: %w", err)
	}
	buf = grow(buf, int(plen-4))
	if _, err := io.ReadFull(r, buf); err != nil {
		return packet{}, buf, noEOF(err)
	}
	return splitPacket(h, buf)
}

func splitPacket(h msg, body []byte) (packet, []byte, error) {
	dataLen := i64(h, "dataLen")
	if dataLen < 0 || dataLen > int64(len(body)) {
		return packet{}, body, fmt.Errorf("Invalid packet: data length in packet header (%d) exceeds data length received (%d)", dataLen, len(body))
	}
	cut := len(body) - int(dataLen)
	p := packet{offset: i64(h, "offsetInBlock"), seqno: i64(h, "seqno"), last: flag(h, "lastPacketInBlock"),
		sums: body[:cut], data: body[cut:]}
	return p, body, nil
}

func grow(buf []byte, n int) []byte {
	if cap(buf) < n {
		return make([]byte, n)
	}
	return buf[:n]
}

// chunkSums computes the checksum of every bpc-byte chunk of data (the last
// one may be short), appending them to dst.
func chunkSums(dst, data []byte, bpc int, tab *crc32.Table) []byte {
	if tab == nil {
		return dst
	}
	for off := 0; off < len(data); off += bpc {
		end := min(off+bpc, len(data))
		dst = binary.BigEndian.AppendUint32(dst, crc32.Checksum(data[off:end], tab))
	}
	return dst
}

// appendPacket appends an encoded packet to dst.
func appendPacket(dst []byte, p packet) []byte {
	h := hdfsMsg("PacketHeaderProto")
	set(h, "offsetInBlock", p.offset)
	set(h, "seqno", p.seqno)
	set(h, "lastPacketInBlock", p.last)
	set(h, "dataLen", int32(len(p.data)))
	hb := marshal(h)
	dst = binary.BigEndian.AppendUint32(dst, uint32(4+len(p.sums)+len(p.data)))
	dst = binary.BigEndian.AppendUint16(dst, uint16(len(hb)))
	dst = append(dst, hb...)
	dst = append(dst, p.sums...)
	return append(dst, p.data...)
}
