package hdfstest

// Wire-level tests of DataTransferProtocol: op headers, packets, checksums
// and acks are built and parsed here by hand (protowire, hash/crc32) from
// datatransfer.proto and Hadoop's packet layout.

import (
	"bufio"
	"encoding/binary"
	"hash/crc32"
	"io"
	"math/rand/v2"
	"net"
	"strings"
	"testing"

	"google.golang.org/protobuf/encoding/protowire"
)

var testCRC = crc32.MakeTable(crc32.Castagnoli)

type dnClient struct {
	t    *testing.T
	conn net.Conn
	r    *bufio.Reader
}

func dialDN(t *testing.T, addr string) *dnClient {
	t.Helper()
	c := dial(t, addr)
	return &dnClient{t: t, conn: c, r: bufio.NewReader(c)}
}

// op sends "int16 version 28, op code, varint-delimited op proto".
func (d *dnClient) op(code byte, m msg) {
	d.t.Helper()
	b := append([]byte{0, 28, code}, protowire.AppendBytes(nil, marshal(m))...)
	if _, err := d.conn.Write(b); err != nil {
		d.t.Fatal(err)
	}
}

func (d *dnClient) delimited() []byte {
	d.t.Helper()
	n, err := binary.ReadUvarint(d.r)
	if err != nil {
		d.t.Fatalf("reading a delimited message: %v", err)
	}
	b := make([]byte, n)
	if _, err := io.ReadFull(d.r, b); err != nil {
		d.t.Fatal(err)
	}
	return b
}

func (d *dnClient) blockOpResponse() msg {
	d.t.Helper()
	m := hdfsMsg("BlockOpResponseProto")
	if err := unmarshal(d.delimited(), m); err != nil {
		d.t.Fatal(err)
	}
	return m
}

// sendPacket writes one packet: uint32 payload length (4 + checksums + data),
// uint16 header length, PacketHeaderProto{offsetInBlock sfixed64=1,
// seqno sfixed64=2, lastPacketInBlock bool=3, dataLen sfixed32=4}, checksums,
// data.
func (d *dnClient) sendPacket(offset, seqno int64, last bool, sums, data []byte) {
	d.t.Helper()
	var h []byte
	h = protowire.AppendTag(h, 1, protowire.Fixed64Type)
	h = protowire.AppendFixed64(h, uint64(offset))
	h = protowire.AppendTag(h, 2, protowire.Fixed64Type)
	h = protowire.AppendFixed64(h, uint64(seqno))
	h = protowire.AppendTag(h, 3, protowire.VarintType)
	h = protowire.AppendVarint(h, protowire.EncodeBool(last))
	h = protowire.AppendTag(h, 4, protowire.Fixed32Type)
	h = protowire.AppendFixed32(h, uint32(len(data)))
	b := binary.BigEndian.AppendUint32(nil, uint32(4+len(sums)+len(data)))
	b = binary.BigEndian.AppendUint16(b, uint16(len(h)))
	b = append(append(append(b, h...), sums...), data...)
	if _, err := d.conn.Write(b); err != nil {
		d.t.Fatal(err)
	}
}

// crcs computes one CRC32C per 512-byte chunk of data.
func crcs(data []byte) []byte {
	var out []byte
	for off := 0; off < len(data); off += 512 {
		out = binary.BigEndian.AppendUint32(out, crc32.Checksum(data[off:min(off+512, len(data))], testCRC))
	}
	return out
}

// ack is a decoded PipelineAckProto{seqno sint64=1, repeated Status reply=2}.
type ack struct {
	seqno   int64
	replies []uint64
}

func (d *dnClient) readAck() ack {
	d.t.Helper()
	b := d.delimited()
	var a ack
	for len(b) > 0 {
		num, typ, n := protowire.ConsumeTag(b)
		b = b[n:]
		switch {
		case num == 1 && typ == protowire.VarintType:
			v, m := protowire.ConsumeVarint(b)
			a.seqno, b = protowire.DecodeZigZag(v), b[m:]
		case num == 2 && typ == protowire.VarintType:
			v, m := protowire.ConsumeVarint(b)
			a.replies, b = append(a.replies, v), b[m:]
		default:
			m := protowire.ConsumeFieldValue(num, typ, b)
			b = b[m:]
		}
	}
	return a
}

func (d *dnClient) wantAck(seqno int64, status uint64) {
	d.t.Helper()
	if a := d.readAck(); a.seqno != seqno || len(a.replies) != 1 || a.replies[0] != status {
		d.t.Fatalf("ack %+v, want seqno %d reply [%d]", a, seqno, status)
	}
}

// Status numbers of datatransfer.proto.
const (
	stSuccess       = 0
	stError         = 1
	stErrorChecksum = 2
	stChecksumOK    = 6
)

func randomBytes(n int, seed uint64) []byte {
	r := rand.New(rand.NewPCG(seed, 1))
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	return b
}

// newFile creates src for holder and allocates its first block.
func newFile(c *rpcClient, src, holder string) (fileID uint64, eb msg) {
	c.t.Helper()
	perm := set(hdfsMsg("FsPermissionProto"), "perm", uint32(0o644))
	st := sub(c.mustCall("create", req("CreateRequestProto", "src", src, "masked", perm, "clientName", holder,
		"createFlag", uint32(1), "createParent", true, "replication", uint32(1), "blockSize", uint64(8192))), "fs")
	fileID = u64(st, "fileId")
	lb := sub(c.mustCall("addBlock", req("AddBlockRequestProto", "src", src, "clientName", holder, "fileId", fileID)), "block")
	return fileID, sub(lb, "b")
}

func writeOp(eb msg, holder, stage string, minBytes uint64) msg {
	base := set(hdfsMsg("BaseHeaderProto"), "block", eb)
	set(base, "token", emptyToken())
	header := set(hdfsMsg("ClientOperationHeaderProto"), "baseHeader", base)
	set(header, "clientName", holder)
	sum := set(hdfsMsg("ChecksumProto"), "type", "CHECKSUM_CRC32C")
	set(sum, "bytesPerChecksum", uint32(512))
	return req("OpWriteBlockProto", "header", header, "stage", stage, "pipelineSize", uint32(0),
		"minBytesRcvd", minBytes, "maxBytesRcvd", minBytes, "latestGenerationStamp", u64(eb, "generationStamp"),
		"requestedChecksum", sum)
}

func readOp(eb msg, holder string, offset, length uint64) msg {
	base := set(hdfsMsg("BaseHeaderProto"), "block", eb)
	header := set(hdfsMsg("ClientOperationHeaderProto"), "baseHeader", base)
	set(header, "clientName", holder)
	return req("OpReadBlockProto", "header", header, "offset", offset, "len", length)
}

// writePackets sends data from offset as packets of the given sizes, each
// with a heartbeat before it, then the empty last packet, checking every ack.
func (d *dnClient) writePackets(offset int64, data []byte, sizes ...int) {
	d.t.Helper()
	seqno := int64(1)
	for _, n := range sizes {
		d.sendPacket(0, -1, false, nil, nil)
		d.wantAck(-1, stSuccess)
		chunk := data[:n]
		d.sendPacket(offset, seqno, false, crcs(chunk), chunk)
		d.wantAck(seqno, stSuccess)
		data, offset, seqno = data[n:], offset+int64(n), seqno+1
	}
	d.sendPacket(offset, seqno, true, nil, nil)
	d.wantAck(seqno, stSuccess)
}

func withBytes(eb msg, n uint64) msg { return set(eb, "numBytes", n) }

// startWrite opens a write pipeline for eb and checks that the DataNode
// accepts it.
func startWrite(t *testing.T, s *Server, eb msg, holder, stage string, minBytes uint64) *dnClient {
	t.Helper()
	d := dialDN(t, s.DataAddr())
	d.op(80, writeOp(eb, holder, stage, minBytes))
	if r := d.blockOpResponse(); enumName(r, "status") != "SUCCESS" {
		t.Fatalf("write setup refused: %v", r)
	}
	return d
}

// closedFile creates src holding data in one block and completes it.
func closedFile(t *testing.T, s *Server, c *rpcClient, src string, data []byte) (uint64, msg) {
	t.Helper()
	fileID, eb := newFile(c, src, "w")
	startWrite(t, s, eb, "w", "PIPELINE_SETUP_CREATE", 0).writePackets(0, data, len(data))
	n := uint64(len(data))
	c.mustCall("complete", req("CompleteRequestProto", "src", src, "clientName", "w", "last", withBytes(eb, n), "fileId", fileID))
	return fileID, withBytes(eb, n)
}

func TestDataTransferWriteThenRead(t *testing.T) {
	s := StartTB(t, Options{BlockSize: 8192})
	c := dialNN(t, s.Addr(), "alice")
	fileID, eb := newFile(c, "/w", "wire-client")
	data := randomBytes(5000, 1)

	d := dialDN(t, s.DataAddr())
	d.op(80, writeOp(eb, "wire-client", "PIPELINE_SETUP_CREATE", 0))
	resp := d.blockOpResponse()
	if enumName(resp, "status") != "SUCCESS" || !has(resp, "firstBadLink") || str(resp, "firstBadLink") != "" {
		t.Fatalf("write setup reply %v", resp)
	}
	d.writePackets(0, data, 1024, 3072, 904)

	done := c.mustCall("complete", req("CompleteRequestProto", "src", "/w", "clientName", "wire-client",
		"last", withBytes(eb, 5000), "fileId", fileID))
	if !flag(done, "result") {
		t.Fatal("complete answered false after a finalized block")
	}
	if st := sub(c.mustCall("getFileInfo", req("GetFileInfoRequestProto", "src", "/w")), "fs"); u64(st, "length") != 5000 {
		t.Fatalf("length %d, want 5000", u64(st, "length"))
	}

	r := dialDN(t, s.DataAddr())
	r.checkRead(eb, 700, 2000, data, 512, 3072) // 2700 rounds up to 6 chunks
	r.sendStatus(stChecksumOK)
	r.checkRead(eb, 4999, 1, data, 4608, 5000) // same connection, next op
}

// checkRead issues OP_READ_BLOCK and checks the reply, every packet and
// every chunk checksum; the data must be block[from:to].
func (d *dnClient) checkRead(eb msg, offset, length uint64, block []byte, from, to int) {
	d.t.Helper()
	d.op(81, readOp(eb, "reader", offset, length))
	resp := d.blockOpResponse()
	info := sub(resp, "readOpChecksumInfo")
	sum := sub(info, "checksum")
	if enumName(resp, "status") != "SUCCESS" || enumName(sum, "type") != "CHECKSUM_CRC32C" ||
		u64(sum, "bytesPerChecksum") != 512 || u64(info, "chunkOffset") != uint64(from) {
		d.t.Fatalf("read reply %v", resp)
	}
	if got := d.readPackets(int64(from)); string(got) != string(block[from:to]) {
		d.t.Fatalf("read %d bytes, want block[%d:%d]", len(got), from, to)
	}
}

// readPackets reads packets up to the last one, checking offsets and chunk
// checksums, and returns the data.
func (d *dnClient) readPackets(offset int64) []byte {
	d.t.Helper()
	var out []byte
	for {
		h, sums, data := d.readPacket()
		if h.offset != offset {
			d.t.Fatalf("packet at offset %d, want %d", h.offset, offset)
		}
		if string(sums) != string(crcs(data)) {
			d.t.Fatalf("packet at %d: checksums do not match the data", h.offset)
		}
		out, offset = append(out, data...), offset+int64(len(data))
		if h.last {
			if len(data) != 0 {
				d.t.Fatalf("last packet carries %d bytes", len(data))
			}
			return out
		}
	}
}

type packetHeader struct {
	offset, seqno int64
	last          bool
	dataLen       int
}

func (d *dnClient) readPacket() (packetHeader, []byte, []byte) {
	d.t.Helper()
	var head [6]byte
	if _, err := io.ReadFull(d.r, head[:]); err != nil {
		d.t.Fatal(err)
	}
	hb := make([]byte, binary.BigEndian.Uint16(head[4:]))
	io.ReadFull(d.r, hb)
	h := parsePacketHeader(hb)
	body := make([]byte, binary.BigEndian.Uint32(head[:4])-4)
	if _, err := io.ReadFull(d.r, body); err != nil {
		d.t.Fatal(err)
	}
	cut := len(body) - h.dataLen
	return h, body[:cut], body[cut:]
}

func parsePacketHeader(b []byte) packetHeader {
	var h packetHeader
	for len(b) > 0 {
		num, typ, n := protowire.ConsumeTag(b)
		b = b[n:]
		switch num {
		case 1, 2:
			v, m := protowire.ConsumeFixed64(b)
			b = b[m:]
			if num == 1 {
				h.offset = int64(v)
			} else {
				h.seqno = int64(v)
			}
		case 3:
			v, m := protowire.ConsumeVarint(b)
			h.last, b = v != 0, b[m:]
		case 4:
			v, m := protowire.ConsumeFixed32(b)
			h.dataLen, b = int(int32(v)), b[m:]
		default:
			b = b[protowire.ConsumeFieldValue(num, typ, b):]
		}
	}
	return h
}

// sendStatus sends ClientReadStatusProto{status}.
func (d *dnClient) sendStatus(status uint64) {
	var b []byte
	b = protowire.AppendTag(b, 1, protowire.VarintType)
	b = protowire.AppendVarint(b, status)
	d.conn.Write(protowire.AppendBytes(nil, b))
}

// TestDataTransferBadChecksumsAreRefused: a wrong checksum, or too few of
// them, is acknowledged ERROR_CHECKSUM, the connection closes and the block
// can never be completed.
func TestDataTransferBadChecksumsAreRefused(t *testing.T) {
	s := StartTB(t, Options{})
	c := dialNN(t, s.Addr(), "alice")
	data := randomBytes(1500, 2) // three chunks
	for name, sums := range map[string][]byte{
		"/flipped": func() []byte { b := crcs(data); b[5] ^= 0xff; return b }(),
		"/short":   crcs(data)[:4],
	} {
		fileID, eb := newFile(c, name, "w")
		d := startWrite(t, s, eb, "w", "PIPELINE_SETUP_CREATE", 0)
		d.sendPacket(0, 1, false, sums, data)
		d.wantAck(1, stErrorChecksum)
		if _, err := d.r.ReadByte(); err != io.EOF {
			t.Fatalf("%s: connection still open after a checksum error: %v", name, err)
		}
		done := c.mustCall("complete", req("CompleteRequestProto", "src", name, "clientName", "w", "last", withBytes(eb, 0), "fileId", fileID))
		if flag(done, "result") {
			t.Fatalf("%s: complete accepted a block whose write failed", name)
		}
	}
}

func TestDataTransferReadErrors(t *testing.T) {
	s := StartTB(t, Options{})
	c := dialNN(t, s.Addr(), "alice")
	_, eb := closedFile(t, s, c, "/r", randomBytes(100, 4))

	for _, tc := range []struct {
		block          msg
		offset, length uint64
		want           string
	}{
		{withBytes(set(hdfsMsg("ExtendedBlockProto"), "poolId", str(eb, "poolId")), 0), 0, 1, "Replica not found"},
		{eb, 50, 51, "don't match block"},
		{eb, 101, 0, "don't match block"},
	} {
		if !has(tc.block, "blockId") {
			set(set(tc.block, "blockId", uint64(999)), "generationStamp", uint64(1))
		}
		d := dialDN(t, s.DataAddr())
		d.op(81, readOp(tc.block, "reader", tc.offset, tc.length))
		resp := d.blockOpResponse()
		if enumName(resp, "status") != "ERROR" || !strings.Contains(str(resp, "message"), tc.want) {
			t.Errorf("read [%d,+%d): %v, want ERROR %q", tc.offset, tc.length, resp, tc.want)
		}
	}
}

func TestDataTransferAppendAfterPartialChunk(t *testing.T) {
	s := StartTB(t, Options{BlockSize: 8192})
	c := dialNN(t, s.Addr(), "alice")
	first := randomBytes(700, 5)
	fileID, eb := closedFile(t, s, c, "/ap", first)

	lb := sub(c.mustCall("append", req("AppendRequestProto", "src", "/ap", "clientName", "w2")), "block")
	ab := sub(lb, "b")
	if u64(ab, "numBytes") != 700 || u64(ab, "blockId") != u64(eb, "blockId") {
		t.Fatalf("append returned block %v", ab)
	}
	more := randomBytes(1324, 6)
	a := startWrite(t, s, ab, "w2", "PIPELINE_SETUP_APPEND", 700)
	a.writePackets(700, more, 324, 1000) // the first packet only completes the partial chunk
	c.mustCall("complete", req("CompleteRequestProto", "src", "/ap", "clientName", "w2", "last", withBytes(ab, 2024), "fileId", fileID))

	r := dialDN(t, s.DataAddr())
	r.checkRead(withBytes(ab, 2024), 0, 2024, append(first, more...), 0, 2024)
}

func TestDataTransferPartialChunkMustStandAlone(t *testing.T) {
	s := StartTB(t, Options{})
	c := dialNN(t, s.Addr(), "alice")
	closedFile(t, s, c, "/pc", randomBytes(700, 7))
	ab := sub(sub(c.mustCall("append", req("AppendRequestProto", "src", "/pc", "clientName", "w")), "block"), "b")
	a := startWrite(t, s, ab, "w", "PIPELINE_SETUP_APPEND", 700)
	data := randomBytes(400, 8) // 700+400 crosses the chunk boundary at 1024
	a.sendPacket(700, 1, false, crcs(data), data)
	a.wantAck(1, stErrorChecksum)
}

func TestDataTransferRefusedSetups(t *testing.T) {
	s := StartTB(t, Options{})
	c := dialNN(t, s.Addr(), "alice")
	_, eb := newFile(c, "/x", "w")

	target := set(hdfsMsg("DatanodeIDProto"), "ipAddr", "127.0.0.2")
	for k, v := range map[string]any{"hostName": "h", "datanodeUuid": "u", "xferPort": uint32(1234), "infoPort": uint32(0), "ipcPort": uint32(0)} {
		set(target, k, v)
	}
	op := writeOp(eb, "w", "PIPELINE_SETUP_CREATE", 0)
	set(op, "targets", set(hdfsMsg("DatanodeInfoProto"), "id", target))
	d := dialDN(t, s.DataAddr())
	d.op(80, op)
	if r := d.blockOpResponse(); enumName(r, "status") != "ERROR" || str(r, "firstBadLink") != "127.0.0.2:1234" {
		t.Fatalf("pipeline with a downstream target: %v", r)
	}

	wrongPool := writeOp(withBytes(set(eb, "poolId", "BP-other"), 0), "w", "PIPELINE_SETUP_CREATE", 0)
	d = dialDN(t, s.DataAddr())
	d.op(80, wrongPool)
	if r := d.blockOpResponse(); enumName(r, "status") != "ERROR" || !strings.Contains(str(r, "message"), "BP-other") {
		t.Fatalf("write into another block pool: %v", r)
	}
}

func TestDataTransferUnsupportedOpAndVersion(t *testing.T) {
	s := StartTB(t, Options{})
	c := dialNN(t, s.Addr(), "alice")
	_, eb := newFile(c, "/u", "w")
	base := set(hdfsMsg("BaseHeaderProto"), "block", eb)
	d := dialDN(t, s.DataAddr())
	d.op(85, set(hdfsMsg("OpBlockChecksumProto"), "header", base))
	if r := d.blockOpResponse(); enumName(r, "status") != "ERROR_UNSUPPORTED" {
		t.Fatalf("OP_BLOCK_CHECKSUM: %v", r)
	}

	v := dialDN(t, s.DataAddr())
	v.conn.Write([]byte{0, 27, 81})
	if _, err := v.r.ReadByte(); err != io.EOF {
		t.Fatalf("version 27 left the connection open: %v", err)
	}
}
