package hdfstest

import (
	"io"
	"strings"
	"testing"

	"google.golang.org/protobuf/encoding/protowire"
	"google.golang.org/protobuf/reflect/protoreflect"
)

func protoNameOf(s string) protoreflect.Name { return protoreflect.Name(s) }

func TestIPCServerDefaults(t *testing.T) {
	s := StartTB(t, Options{BlockSize: 1 << 20, BytesPerChecksum: 512})
	c := dialNN(t, s.Addr(), "alice")
	d := sub(c.mustCall("getServerDefaults", req("GetServerDefaultsRequestProto")), "serverDefaults")
	if u64(d, "blockSize") != 1<<20 || u64(d, "bytesPerChecksum") != 512 || enumName(d, "checksumType") != "CHECKSUM_CRC32C" {
		t.Fatalf("server defaults %v", d)
	}
}

func TestIPCCallsShareOneConnection(t *testing.T) {
	s := StartTB(t, Options{})
	c := dialNN(t, s.Addr(), "alice")
	mask := set(hdfsMsg("FsPermissionProto"), "perm", uint32(0o750))
	if r := c.mustCall("mkdirs", req("MkdirsRequestProto", "src", "/a/b", "masked", mask, "createParent", true)); !flag(r, "result") {
		t.Fatal("mkdirs answered false")
	}
	st := sub(c.mustCall("getFileInfo", req("GetFileInfoRequestProto", "src", "/a/b")), "fs")
	if enumName(st, "fileType") != "IS_DIR" || str(st, "owner") != "alice" || len(byteField(st, "path")) != 0 || u64(sub(st, "permission"), "perm") != 0o750 {
		t.Fatalf("getFileInfo /a/b: %v", st)
	}
	if r := c.mustCall("getFileInfo", req("GetFileInfoRequestProto", "src", "/nope")); has(r, "fs") {
		t.Fatalf("getFileInfo of a missing path answered %v, want no status", r)
	}
}

func TestIPCErrorReplies(t *testing.T) {
	s := StartTB(t, Options{})
	c := dialNN(t, s.Addr(), "alice")
	h := c.wantRemote("getBlockLocations", req("GetBlockLocationsRequestProto", "src", "/missing", "offset", uint64(0), "length", uint64(1)), exFileNotFound)
	if !strings.Contains(h.errMsg, "/missing") {
		t.Errorf("message %q does not name the path", h.errMsg)
	}
	c.wantRemote("getFileInfo", req("GetFileInfoRequestProto", "src", "relative/path"), exInvalidPath)
	c.wantRemote("getQuotaUsage", req("GetQuotaUsageRequestProto", "path", "/"), exUnsupported)
	// An empty request lacks the required src: Hadoop cannot parse it.
	c.writeFrame(rpcHeader(90, 0), requestHeader("getFileInfo", clientProtocol, 1), nil)
	if h, _ := c.readResponse(); h.status != 1 || h.exception != exBadProtobuf || h.callID != 90 {
		t.Errorf("request without its required field: %+v", h)
	}
	c.mustCall("getFileInfo", req("GetFileInfoRequestProto", "src", "/")) // still usable
}

func TestIPCUnknownMethodAndProtocol(t *testing.T) {
	s := StartTB(t, Options{})
	c := dialNN(t, s.Addr(), "alice")
	for _, tc := range []struct {
		method, protocol string
		version          uint64
		class            string
		detail           uint64
	}{
		{"frobnicate", clientProtocol, 1, exNoSuchMethod, 2},
		{"getFileInfo", "org.example.NoSuchProtocol", 1, exNoSuchProtocol, 3},
		{"getFileInfo", clientProtocol, 2, exVersionMismatch, 6},
	} {
		c.writeFrame(rpcHeader(7, 0), requestHeader(tc.method, tc.protocol, tc.version), marshal(req("GetFileInfoRequestProto", "src", "/")))
		h, body := c.readResponse()
		if h.callID != 7 || h.status != 1 || h.exception != tc.class || h.errDetail != tc.detail || body != nil {
			t.Errorf("%s on %s v%d: %+v", tc.method, tc.protocol, tc.version, h)
		}
	}
}

func TestIPCCallBeforeContextIsFatal(t *testing.T) {
	s := StartTB(t, Options{})
	c := dialRaw(t, s.Addr(), []byte{'h', 'r', 'p', 'c', 9, 0, 0})
	c.writeFrame(rpcHeader(0, 0), requestHeader("getFileInfo", clientProtocol, 1), marshal(req("GetFileInfoRequestProto", "src", "/")))
	h, _ := c.readResponse()
	if h.status != 2 || h.errDetail != 12 || h.errMsg != "Connection context not established" {
		t.Fatalf("got %+v, want FATAL FATAL_INVALID_RPC_HEADER", h)
	}
	c.expectClosed()
}

func TestIPCCloseConnectionOpIsFatal(t *testing.T) {
	s := StartTB(t, Options{})
	c := dialNN(t, s.Addr(), "alice")
	c.writeFrame(rpcHeader(3, 2), requestHeader("getFileInfo", clientProtocol, 1), marshal(req("GetFileInfoRequestProto", "src", "/")))
	if h, _ := c.readResponse(); h.status != 2 || h.errDetail != 12 || h.callID != 3 {
		t.Fatalf("RPC_CLOSE_CONNECTION: got %+v, want FATAL_INVALID_RPC_HEADER", h)
	}
	c.expectClosed()
}

func TestIPCVersionMismatch(t *testing.T) {
	s := StartTB(t, Options{})
	for _, header := range [][]byte{{'h', 'r', 'p', 'c', 10, 0, 0}, {'x', 'r', 'p', 'c', 9, 0, 0}} {
		c := dialRaw(t, s.Addr(), header)
		h, _ := c.readResponse()
		if h.status != 2 || h.errDetail != 14 || h.callID != 0xFFFFFFFF || h.exception != exVersionMismatch {
			t.Fatalf("header % x: got %+v, want FATAL_VERSION_MISMATCH for call -1", header, h)
		}
		c.expectClosed()
	}
}

func TestIPCHTTPRequestOnIPCPort(t *testing.T) {
	s := StartTB(t, Options{})
	c := dialRaw(t, s.Addr(), []byte("GET / HTTP/1.1\r\n\r\n"))
	got, _ := io.ReadAll(c.r)
	if !strings.HasPrefix(string(got), "HTTP/1.1 404 Not Found") || !strings.Contains(string(got), "Hadoop IPC port") {
		t.Fatalf("got %q", got)
	}
}

// TestIPCSASLNegotiateSwitchesToSimple: a client that opens with SASL gets
// SUCCESS to its NEGOTIATE, as from a SIMPLE-only Hadoop server, then talks
// plainly.
func TestIPCSASLNegotiateSwitchesToSimple(t *testing.T) {
	s := StartTB(t, Options{})
	c := dialRaw(t, s.Addr(), []byte{'h', 'r', 'p', 'c', 9, 0, 0xdf})
	var negotiate []byte
	negotiate = protowire.AppendTag(negotiate, 2, protowire.VarintType)
	negotiate = protowire.AppendVarint(negotiate, 1) // state NEGOTIATE
	c.writeFrame(rpcHeader(-33, 0), negotiate)
	h, body := c.readResponse()
	if h.status != 0 || int32(h.callID) != -33 {
		t.Fatalf("SASL reply header %+v", h)
	}
	sasl := commonMsg("RpcSaslProto")
	if err := unmarshal(body, sasl); err != nil || enumName(sasl, "state") != "SUCCESS" {
		t.Fatalf("SASL reply %v, %v", sasl, err)
	}
	c.sendContext("bob")
	c.mustCall("getFileInfo", req("GetFileInfoRequestProto", "src", "/"))
}

func TestIPCUnknownAuthProtocol(t *testing.T) {
	s := StartTB(t, Options{})
	c := dialRaw(t, s.Addr(), []byte{'h', 'r', 'p', 'c', 9, 0, 0x42})
	h, _ := c.readResponse()
	if h.status != 2 || h.errDetail != 15 || int32(h.callID) != -33 {
		t.Fatalf("got %+v, want FATAL_UNAUTHORIZED", h)
	}
	c.expectClosed()
}

func TestIPCTruncatedHeaderIsFatal(t *testing.T) {
	s := StartTB(t, Options{})
	c := dialNN(t, s.Addr(), "alice")
	c.writeFrame([]byte{0x08}) // a tag with no value
	if h, _ := c.readResponse(); h.status != 2 || h.errDetail != 13 {
		t.Fatalf("got %+v, want FATAL_DESERIALIZING_REQUEST", h)
	}
	c.expectClosed()
}
