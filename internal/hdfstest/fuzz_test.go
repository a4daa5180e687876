package hdfstest

import (
	"bufio"
	"bytes"
	"io"
	"net"
	"testing"
	"time"
)

// FuzzIPCFrame feeds arbitrary RPC packets to a NameNode connection that
// has its context: whatever the bytes, the server answers or closes, and
// never panics.
func FuzzIPCFrame(f *testing.F) {
	f.Add(appendFrameParts(rpcHeader(0, 0), requestHeader("getFileInfo", clientProtocol, 1), marshal(req("GetFileInfoRequestProto", "src", "/"))))
	f.Add(appendFrameParts(rpcHeader(1, 0), requestHeader("mkdirs", clientProtocol, 1), marshal(req("MkdirsRequestProto", "src", "/a/b", "masked", perm(0o755), "createParent", true))))
	f.Add(appendFrameParts(rpcHeader(2, 0), requestHeader("create", clientProtocol, 1), marshal(createReq("/f", "h", 3))))
	f.Add(appendFrameParts(rpcHeader(-33, 0), []byte{0x10, 0x01}))
	f.Add([]byte{0x08})
	s := StartTB(f, Options{Logf: func(string, ...any) {}}) // f.Logf is off limits inside a fuzz target
	f.Fuzz(func(t *testing.T, frame []byte) {
		ic := &ipcConn{nn: s.nn, r: bufio.NewReader(bytes.NewReader(nil)), w: bufio.NewWriter(io.Discard), sess: &session{user: "fuzz"}}
		ic.process(frame)
	})
}

func appendFrameParts(parts ...[]byte) []byte {
	var b []byte
	for _, p := range parts {
		b = appendVarintBytes(b, p)
	}
	return b
}

func appendVarintBytes(b, p []byte) []byte {
	for n := uint64(len(p)); ; n >>= 7 {
		if n < 0x80 {
			b = append(b, byte(n))
			break
		}
		b = append(b, byte(n)|0x80)
	}
	return append(b, p...)
}

// FuzzDataNodeOps feeds an arbitrary byte stream to a DataNode connection:
// the server must answer or close, never panic.
func FuzzDataNodeOps(f *testing.F) {
	s := StartTB(f, Options{Logf: func(string, ...any) {}}) // f.Logf is off limits inside a fuzz target
	eb := hdfsMsg("ExtendedBlockProto")
	set(set(set(eb, "poolId", s.dn.pool), "blockId", uint64(7)), "generationStamp", uint64(1))
	f.Add(append([]byte{0, 28, 80}, appendVarintBytes(nil, marshal(writeOp(eb, "w", "PIPELINE_SETUP_CREATE", 0)))...))
	f.Add(append([]byte{0, 28, 81}, appendVarintBytes(nil, marshal(readOp(eb, "r", 0, 10)))...))
	f.Add([]byte{0, 28, 85, 0})
	f.Fuzz(func(t *testing.T, stream []byte) {
		x := &xceiver{dn: s.dn, conn: deadlineConn{}, r: bufio.NewReader(bytes.NewReader(stream)), w: bufio.NewWriter(io.Discard)}
		for x.next() {
		}
	})
}

// deadlineConn is the part of a connection the xceiver touches besides its
// reader and writer.
type deadlineConn struct{ net.Conn }

func (deadlineConn) SetReadDeadline(time.Time) error { return nil }
