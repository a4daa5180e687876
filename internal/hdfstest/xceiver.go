package hdfstest

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"net"
	"time"
)

// xceiver serves one DataNode connection: a sequence of operations, each
// "int16 version, byte op, varint-delimited op proto" (DataXceiver).
type xceiver struct {
	dn   *datanode
	conn net.Conn
	r    *bufio.Reader
	w    *bufio.Writer
	buf  []byte
}

// errHangUp ends a connection the client is done with, without a log line.
var errHangUp = errors.New("the client hung up")

// ops the DataNode knows by number but does not implement; each is answered
// ERROR_UNSUPPORTED. Any other op number closes the connection, as Hadoop's
// "Unknown op" does.
var unsupportedOps = map[byte]string{
	82: "OpReplaceBlockProto", 83: "OpCopyBlockProto", 85: "OpBlockChecksumProto",
	86: "OpTransferBlockProto", 87: "OpRequestShortCircuitAccessProto",
	88: "ReleaseShortCircuitAccessRequestProto", 89: "ShortCircuitShmRequestProto",
	90: "OpBlockGroupChecksumProto",
}

func (dn *datanode) serve(c net.Conn) {
	x := &xceiver{dn: dn, conn: c, r: bufio.NewReaderSize(c, 128<<10), w: bufio.NewWriterSize(c, 128<<10)}
	for x.next() {
	}
}

// next reads and runs one operation; false ends the connection.
func (x *xceiver) next() bool {
	x.conn.SetReadDeadline(time.Now().Add(x.dn.cfg.IdleTimeout))
	var head [3]byte
	if _, err := io.ReadFull(x.r, head[:]); err != nil {
		return false
	}
	x.conn.SetReadDeadline(time.Time{})
	if v := binary.BigEndian.Uint16(head[:2]); v != transferVersion {
		x.dn.cfg.Logf("hdfstest: Version Mismatch (Expected: %d, Received: %d )", transferVersion, v)
		return false
	}
	switch op := head[2]; op {
	case opWriteBlock:
		return x.run(hdfsMsg("OpWriteBlockProto"), x.writeBlock)
	case opReadBlock:
		return x.run(hdfsMsg("OpReadBlockProto"), x.readBlock)
	default:
		return x.unsupported(op)
	}
}

func (x *xceiver) run(op msg, fn func(msg) error) bool {
	if err := readDelimited(x.r, op); err != nil {
		x.dn.cfg.Logf("hdfstest: bad %s: %v", op.Descriptor().Name(), err)
		return false
	}
	if err := fn(op); err == errHangUp {
		return false
	} else if err != nil {
		x.dn.cfg.Logf("hdfstest: %s: %v", op.Descriptor().Name(), err)
		return false
	}
	return true
}

func (x *xceiver) unsupported(op byte) bool {
	name, known := unsupportedOps[op]
	if !known {
		x.dn.cfg.Logf("hdfstest: Unknown op %d in data stream", op)
		return false
	}
	if err := readDelimited(x.r, hdfsMsg(name)); err == nil {
		x.respond("ERROR_UNSUPPORTED", fmt.Sprintf("op %d (%s) is not supported by the sluice test DataNode", op, name), nil)
	}
	return false
}

// respond sends a BlockOpResponseProto. Hadoop always sets firstBadLink on
// write replies; readInfo is set on read replies.
func (x *xceiver) respond(status, message string, readInfo msg) error {
	m := set(hdfsMsg("BlockOpResponseProto"), "status", status)
	if message != "" {
		set(m, "message", message)
	}
	if readInfo != nil {
		set(m, "readOpChecksumInfo", readInfo)
	}
	return x.flush(appendDelimited(nil, m))
}

func (x *xceiver) flush(b []byte) error {
	if _, err := x.w.Write(b); err != nil {
		return err
	}
	return x.w.Flush()
}
