package hdfstest

import (
	"bufio"
	"encoding/binary"
	"fmt"
	"io"
	"net"

	"google.golang.org/protobuf/reflect/protoreflect"
	"google.golang.org/protobuf/reflect/protoregistry"
)

// Hadoop IPC constants (org.apache.hadoop.ipc.RpcConstants, Server).
const (
	ipcVersion       = 9
	authNone         = 0x00
	authSASL         = 0xdf // AuthProtocol.SASL, -33 as a byte
	callContext      = -3   // CONNECTION_CONTEXT_CALL_ID
	callPing         = -4   // PING_CALL_ID
	callSASL         = -33  // AuthProtocol.SASL.callId
	maxDataLength    = 64 << 20
	clientProtocol   = "org.apache.hadoop.hdfs.protocol.ClientProtocol"
	protocolVersion  = 1
	namenodeService  = "hadoop.hdfs.ClientNamenodeProtocol"
	httpOnIPCMessage = "HTTP/1.1 404 Not Found\r\nContent-type: text/plain\r\n\r\n" +
		"It looks like you are making an HTTP request to a Hadoop IPC port. " +
		"This is not the correct port for the web interface on this daemon.\r\n"
)

// service describes ClientNamenodeProtocol: the request and response type
// of every method, straight from the registered .proto.
var service = func() protoreflect.ServiceDescriptor {
	d, err := protoregistry.GlobalFiles.FindDescriptorByName(namenodeService)
	if err != nil {
		panic("hdfstest: " + namenodeService + " is not registered: " + err.Error())
	}
	return d.(protoreflect.ServiceDescriptor)
}()

// call identifies one request for its response header.
type call struct {
	id       int32
	clientID []byte
	retry    int32
}

// ipcConn is one client connection to the NameNode.
type ipcConn struct {
	nn   *namenode
	r    *bufio.Reader
	w    *bufio.Writer
	sasl bool     // the client asked for SASL and has not been switched to SIMPLE yet
	sess *session // set by the connection context
}

func (nn *namenode) serve(c net.Conn) {
	ic := &ipcConn{nn: nn, r: bufio.NewReader(c), w: bufio.NewWriter(c)}
	if !ic.handshake() {
		return
	}
	for {
		frame, err := ic.readFrame()
		if err != nil || !ic.process(frame) {
			return
		}
	}
}

// handshake reads the connection header: "hrpc", version, service class,
// auth protocol.
func (ic *ipcConn) handshake() bool {
	var h [7]byte
	if _, err := io.ReadFull(ic.r, h[:4]); err != nil {
		return false
	}
	if string(h[:4]) == "GET " {
		ic.w.WriteString(httpOnIPCMessage)
		ic.w.Flush()
		return false
	}
	if _, err := io.ReadFull(ic.r, h[4:]); err != nil {
		return false
	}
	version := int(int8(h[4]))
	if string(h[:4]) != "hrpc" || version != ipcVersion {
		if version >= ipcVersion {
			ic.fail(call{id: -1}, fatalErr("FATAL_VERSION_MISMATCH", exVersionMismatch,
				"Server IPC version %d cannot communicate with client version %d", ipcVersion, version))
		}
		return false
	}
	return ic.initAuth(h[6])
}

func (ic *ipcConn) initAuth(auth byte) bool {
	switch auth {
	case authNone:
		return true
	case authSASL:
		ic.sasl = true
		return true
	}
	ic.fail(call{id: callSASL}, fatalErr("FATAL_UNAUTHORIZED", exIpc, "Unknown auth protocol:%d", int8(auth)))
	return false
}

// readFrame reads one length-prefixed RPC packet.
func (ic *ipcConn) readFrame() ([]byte, error) {
	var n [4]byte
	if _, err := io.ReadFull(ic.r, n[:]); err != nil {
		return nil, err
	}
	length := int32(binary.BigEndian.Uint32(n[:]))
	if length < 0 || length > maxDataLength {
		return nil, fmt.Errorf("requested data length %d is outside [0, %d]", length, maxDataLength)
	}
	frame := make([]byte, length)
	_, err := io.ReadFull(ic.r, frame)
	return frame, noEOF(err)
}

// process handles one RPC packet and reports whether the connection stays
// open.
func (ic *ipcConn) process(frame []byte) bool {
	hdr := commonMsg("RpcRequestHeaderProto")
	rest, err := cutDelimited(frame, hdr)
	if err != nil {
		return ic.fail(call{id: -1, retry: -1}, fatalErr("FATAL_DESERIALIZING_REQUEST", exFatalRPC,
			"IPC server unable to read call parameters: %v", err))
	}
	c := call{id: int32(i64(hdr, "callId")), clientID: byteField(hdr, "clientId"), retry: int32(i64(hdr, "retryCount"))}
	if rerr := checkRPCHeader(hdr); rerr != nil {
		return ic.fail(c, rerr)
	}
	if c.id < 0 {
		return ic.outOfBand(c, rest)
	}
	if ic.sess == nil {
		return ic.fail(c, fatalErr("FATAL_INVALID_RPC_HEADER", exFatalRPC, "Connection context not established"))
	}
	if kind := enumName(hdr, "rpcKind"); kind != "RPC_PROTOCOL_BUFFER" {
		return ic.fail(c, fatalErr("FATAL_INVALID_RPC_HEADER", exFatalRPC, "Unknown rpc kind in rpc header%s", kind))
	}
	resp, rerr := ic.invoke(rest)
	if rerr != nil {
		return ic.fail(c, rerr)
	}
	return ic.send(c, "SUCCESS", resp, nil) == nil
}

// checkRPCHeader mirrors Server.checkRpcHeaders.
func checkRPCHeader(hdr msg) *remoteError {
	switch {
	case !has(hdr, "rpcOp"):
		return fatalErr("FATAL_INVALID_RPC_HEADER", exFatalRPC, " IPC Server: No rpc op in rpcRequestHeader")
	case enumName(hdr, "rpcOp") != "RPC_FINAL_PACKET":
		return fatalErr("FATAL_INVALID_RPC_HEADER", exFatalRPC, "IPC Server does not implement rpc header operation%s", enumName(hdr, "rpcOp"))
	case !has(hdr, "rpcKind"):
		return fatalErr("FATAL_INVALID_RPC_HEADER", exFatalRPC, " IPC Server: No rpc kind in rpcRequestHeader")
	}
	return nil
}

// fail sends an error response; it reports whether the connection stays
// open (false after a FATAL one).
func (ic *ipcConn) fail(c call, rerr *remoteError) bool {
	status := "ERROR"
	if rerr.fatal {
		status = "FATAL"
	}
	return ic.send(c, status, nil, rerr) == nil && !rerr.fatal
}

// send writes one response packet: the delimited RpcResponseHeaderProto and,
// on success, the delimited response.
func (ic *ipcConn) send(c call, status string, body msg, rerr *remoteError) error {
	h := commonMsg("RpcResponseHeaderProto")
	set(h, "callId", uint32(c.id))
	set(h, "status", status)
	set(h, "serverIpcVersionNum", uint32(ipcVersion))
	set(h, "clientId", append([]byte{}, c.clientID...))
	set(h, "retryCount", c.retry)
	if rerr != nil {
		set(h, "exceptionClassName", rerr.class)
		set(h, "errorMsg", rerr.msg)
		set(h, "errorDetail", rerr.code)
	}
	payload := appendDelimited(nil, h)
	if body != nil {
		payload = appendDelimited(payload, body)
	}
	frame := binary.BigEndian.AppendUint32(make([]byte, 0, 4+len(payload)), uint32(len(payload)))
	if _, err := ic.w.Write(append(frame, payload...)); err != nil {
		return err
	}
	return ic.w.Flush()
}
