package hdfstest

// A raw Hadoop IPC client for the wire-level tests. Framing and the RPC
// headers are written and parsed here by hand with protowire, from the field
// numbers of RpcHeader.proto and ProtobufRpcEngine.proto, so the tests check
// the bytes on the wire rather than the server's own helpers.

import (
	"bufio"
	"encoding/binary"
	"io"
	"net"
	"testing"
	"time"

	"google.golang.org/protobuf/encoding/protowire"
)

const testClientID = "0123456789abcdef"

type rpcClient struct {
	t      *testing.T
	conn   net.Conn
	r      *bufio.Reader
	nextID int32
}

// dialRaw opens a connection and sends the 7-byte connection header.
func dialRaw(t *testing.T, addr string, header []byte) *rpcClient {
	t.Helper()
	c := dial(t, addr)
	if _, err := c.Write(header); err != nil {
		t.Fatal(err)
	}
	return &rpcClient{t: t, conn: c, r: bufio.NewReader(c)}
}

// dial connects to addr for one test, with a deadline so a silent server
// fails the test instead of hanging it.
func dial(t *testing.T, addr string) net.Conn {
	t.Helper()
	c, err := net.DialTimeout("tcp", addr, 5*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	c.SetDeadline(time.Now().Add(20 * time.Second))
	return c
}

// dialNN connects as user: "hrpc", version 9, service class 0, auth NONE,
// then the connection context.
func dialNN(t *testing.T, addr, user string) *rpcClient {
	t.Helper()
	c := dialRaw(t, addr, []byte{'h', 'r', 'p', 'c', 9, 0, 0})
	c.sendContext(user)
	return c
}

func (c *rpcClient) sendContext(user string) {
	ctx := commonMsg("IpcConnectionContextProto")
	set(ctx, "userInfo", set(commonMsg("UserInformationProto"), "effectiveUser", user))
	set(ctx, "protocol", clientProtocol)
	c.writeFrame(rpcHeader(-3, 0), marshal(ctx))
}

// rpcHeader encodes RpcRequestHeaderProto{rpcKind=RPC_PROTOCOL_BUFFER(2),
// rpcOp=RPC_FINAL_PACKET(0), callId (sint32), clientId}.
func rpcHeader(callID int32, op uint64) []byte {
	var b []byte
	b = protowire.AppendTag(b, 1, protowire.VarintType)
	b = protowire.AppendVarint(b, 2)
	b = protowire.AppendTag(b, 2, protowire.VarintType)
	b = protowire.AppendVarint(b, op)
	b = protowire.AppendTag(b, 3, protowire.VarintType)
	b = protowire.AppendVarint(b, protowire.EncodeZigZag(int64(callID)))
	b = protowire.AppendTag(b, 4, protowire.BytesType)
	return protowire.AppendBytes(b, []byte(testClientID))
}

// requestHeader encodes RequestHeaderProto{methodName,
// declaringClassProtocolName, clientProtocolVersion}.
func requestHeader(method, protocol string, version uint64) []byte {
	var b []byte
	b = protowire.AppendTag(b, 1, protowire.BytesType)
	b = protowire.AppendString(b, method)
	b = protowire.AppendTag(b, 2, protowire.BytesType)
	b = protowire.AppendString(b, protocol)
	b = protowire.AppendTag(b, 3, protowire.VarintType)
	return protowire.AppendVarint(b, version)
}

// writeFrame sends a 4-byte big-endian length and the varint-delimited parts.
func (c *rpcClient) writeFrame(parts ...[]byte) {
	c.t.Helper()
	var payload []byte
	for _, p := range parts {
		payload = protowire.AppendBytes(payload, p)
	}
	frame := binary.BigEndian.AppendUint32(nil, uint32(len(payload)))
	if _, err := c.conn.Write(append(frame, payload...)); err != nil {
		c.t.Fatal(err)
	}
}

// respHeader is a decoded RpcResponseHeaderProto.
type respHeader struct {
	callID     uint32
	status     uint64 // 0 SUCCESS, 1 ERROR, 2 FATAL
	version    uint64
	exception  string
	errMsg     string
	errDetail  uint64
	clientID   string
	retryCount int64
}

// readResponse reads one response frame: the header and the raw body (nil
// when the frame holds the header only).
func (c *rpcClient) readResponse() (respHeader, []byte) {
	c.t.Helper()
	var n [4]byte
	if _, err := io.ReadFull(c.r, n[:]); err != nil {
		c.t.Fatalf("reading a response: %v", err)
	}
	frame := make([]byte, binary.BigEndian.Uint32(n[:]))
	if _, err := io.ReadFull(c.r, frame); err != nil {
		c.t.Fatal(err)
	}
	hb, k := protowire.ConsumeBytes(frame)
	if k < 0 {
		c.t.Fatalf("bad delimited response header in % x", frame)
	}
	h := parseRespHeader(c.t, hb)
	rest := frame[k:]
	if len(rest) == 0 {
		return h, nil
	}
	body, k := protowire.ConsumeBytes(rest)
	if k != len(rest) {
		c.t.Fatalf("response body is not one delimited message: % x", rest)
	}
	return h, body
}

func parseRespHeader(t *testing.T, b []byte) respHeader {
	var h respHeader
	for len(b) > 0 {
		num, typ, n := protowire.ConsumeTag(b)
		b = b[n:]
		switch typ {
		case protowire.VarintType:
			v, m := protowire.ConsumeVarint(b)
			b = b[m:]
			h.setVarint(num, v)
		case protowire.BytesType:
			v, m := protowire.ConsumeBytes(b)
			b = b[m:]
			h.setBytes(num, string(v))
		default:
			t.Fatalf("unexpected wire type %d for field %d", typ, num)
		}
	}
	return h
}

func (h *respHeader) setVarint(num protowire.Number, v uint64) {
	switch num {
	case 1:
		h.callID = uint32(v)
	case 2:
		h.status = v
	case 3:
		h.version = v
	case 6:
		h.errDetail = v
	case 8:
		h.retryCount = protowire.DecodeZigZag(v)
	}
}

func (h *respHeader) setBytes(num protowire.Number, v string) {
	switch num {
	case 4:
		h.exception = v
	case 5:
		h.errMsg = v
	case 7:
		h.clientID = v
	}
}

// call sends one ClientProtocol request and returns the response header and
// the decoded response (nil on an error reply).
func (c *rpcClient) call(method string, req msg) (respHeader, msg) {
	c.t.Helper()
	id := c.nextID
	c.nextID++
	c.writeFrame(rpcHeader(id, 0), requestHeader(method, clientProtocol, 1), marshal(req))
	h, body := c.readResponse()
	if h.callID != uint32(id) || h.clientID != testClientID || h.version != 9 {
		c.t.Fatalf("%s: response header %+v does not echo call %d of client %q with version 9", method, h, id, testClientID)
	}
	if h.status != 0 {
		if body != nil {
			c.t.Fatalf("%s: error reply carries a body", method)
		}
		return h, nil
	}
	md := service.Methods().ByName(protoNameOf(method))
	resp := newMsg(string(md.Output().FullName()))
	if err := unmarshal(body, resp); err != nil {
		c.t.Fatalf("%s: %v", method, err)
	}
	return h, resp
}

// mustCall is call for requests expected to succeed.
func (c *rpcClient) mustCall(method string, req msg) msg {
	c.t.Helper()
	h, resp := c.call(method, req)
	if h.status != 0 {
		c.t.Fatalf("%s failed: %s: %s", method, h.exception, h.errMsg)
	}
	return resp
}

// wantRemote checks an ERROR reply with the given exception class.
func (c *rpcClient) wantRemote(method string, req msg, class string) respHeader {
	c.t.Helper()
	h, _ := c.call(method, req)
	if h.status != 1 || h.exception != class || h.errDetail != 1 {
		c.t.Fatalf("%s: got status %d %s (%d) %q, want ERROR %s (ERROR_APPLICATION)", method, h.status, h.exception, h.errDetail, h.errMsg, class)
	}
	return h
}

// expectClosed checks that the server closed the connection.
func (c *rpcClient) expectClosed() {
	c.t.Helper()
	if b, err := c.r.ReadByte(); err != io.EOF {
		c.t.Fatalf("connection still open: read %v, %v", b, err)
	}
}

// req builds a request message of the named type from field/value pairs.
func req(name string, kv ...any) msg {
	m := hdfsMsg(name)
	for i := 0; i < len(kv); i += 2 {
		set(m, kv[i].(string), kv[i+1])
	}
	return m
}
