package hdfstest

import (
	"fmt"

	"google.golang.org/protobuf/reflect/protoreflect"
)

// handler is one ClientProtocol method: it reads req and fills resp.
type handler func(nn *namenode, s *session, req, resp msg) error

// handlers are the ClientProtocol methods the test NameNode implements. Any
// other method of the protocol answers UnsupportedOperationException.
var handlers = map[string]handler{
	"getServerDefaults":      (*namenode).getServerDefaults,
	"getFileInfo":            (*namenode).getFileInfo,
	"getListing":             (*namenode).getListing,
	"mkdirs":                 (*namenode).mkdirs,
	"delete":                 (*namenode).delete,
	"rename":                 (*namenode).rename,
	"rename2":                (*namenode).rename2,
	"create":                 (*namenode).create,
	"append":                 (*namenode).append,
	"addBlock":               (*namenode).addBlock,
	"complete":               (*namenode).complete,
	"abandonBlock":           (*namenode).abandonBlock,
	"updateBlockForPipeline": (*namenode).updateBlockForPipeline,
	"updatePipeline":         (*namenode).updatePipeline,
	"fsync":                  (*namenode).fsync,
	"getBlockLocations":      (*namenode).getBlockLocations,
	"isFileClosed":           (*namenode).isFileClosed,
	"renewLease":             (*namenode).renewLease,
	"setTimes":               (*namenode).setTimes,
	"setPermission":          (*namenode).setPermission,
	"setOwner":               (*namenode).setOwner,
	"getContentSummary":      (*namenode).getContentSummary,
	"getFsStats":             (*namenode).getFsStats,
}

// invoke decodes the RequestHeaderProto and the request that follow the RPC
// header and runs the method, as ProtobufRpcEngine2's invoker does.
func (ic *ipcConn) invoke(b []byte) (msg, *remoteError) {
	rh := commonMsg("RequestHeaderProto")
	b, err := cutDelimited(b, rh)
	if err != nil {
		return nil, appErr(exBadProtobuf, "RequestHeaderProto: %v", err)
	}
	md, rerr := method(rh)
	if rerr != nil {
		return nil, rerr
	}
	req := newMsg(string(md.Input().FullName()))
	if _, err := cutDelimited(b, req); err != nil {
		return nil, appErr(exBadProtobuf, "%s: %v", md.Input().Name(), err)
	}
	resp := newMsg(string(md.Output().FullName()))
	return resp, ic.run(string(md.Name()), req, resp)
}

// method resolves the protocol, its version and the method name.
func method(rh msg) (protoreflect.MethodDescriptor, *remoteError) {
	if p := str(rh, "declaringClassProtocolName"); p != clientProtocol {
		return nil, rpcErr("ERROR_NO_SUCH_PROTOCOL", exNoSuchProtocol, "Unknown protocol: %s", p)
	}
	if v := u64(rh, "clientProtocolVersion"); v != protocolVersion {
		return nil, rpcErr("ERROR_RPC_VERSION_MISMATCH", exVersionMismatch,
			"Protocol %s version mismatch. (client = %d, server = %d)", clientProtocol, v, protocolVersion)
	}
	name := str(rh, "methodName")
	md := service.Methods().ByName(protoreflect.Name(name))
	if md == nil {
		return nil, rpcErr("ERROR_NO_SUCH_METHOD", exNoSuchMethod, "Unknown method %s called on %s protocol.", name, clientProtocol)
	}
	return md, nil
}

// run calls the handler under the namespace lock. A handler panic becomes an
// ERROR_RPC_SERVER reply rather than a dead server.
func (ic *ipcConn) run(name string, req, resp msg) (rerr *remoteError) {
	h := handlers[name]
	if h == nil {
		return appErr(exUnsupported, "%s is not implemented by the sluice test NameNode", name)
	}
	ic.nn.mu.Lock()
	defer ic.nn.mu.Unlock()
	defer func() {
		if p := recover(); p != nil {
			rerr = rpcErr("ERROR_RPC_SERVER", exIO, "%s: internal error: %v", name, p)
		}
	}()
	return asRemote(h(ic.nn, ic.sess, req, resp))
}

func asRemote(err error) *remoteError {
	if err == nil {
		return nil
	}
	if re, ok := err.(*remoteError); ok {
		return re
	}
	return ioErr("%v", err)
}

// outOfBand handles the negative call ids of connection setup.
func (ic *ipcConn) outOfBand(c call, b []byte) bool {
	switch c.id {
	case callContext:
		return ic.connectionContext(c, b)
	case callSASL:
		return ic.saslMessage(c, b)
	case callPing:
		return true
	}
	return ic.fail(c, fatalErr("FATAL_INVALID_RPC_HEADER", exFatalRPC, "Unknown out of band call #%d", c.id))
}

func (ic *ipcConn) connectionContext(c call, b []byte) bool {
	switch {
	case ic.sasl:
		return ic.fail(c, fatalErr("FATAL_INVALID_RPC_HEADER", exFatalRPC, "Connection header sent during SASL negotiation"))
	case ic.sess != nil:
		return ic.fail(c, fatalErr("FATAL_INVALID_RPC_HEADER", exFatalRPC, "Connection context already processed"))
	}
	cc := commonMsg("IpcConnectionContextProto")
	if _, err := cutDelimited(b, cc); err != nil {
		return ic.fail(c, fatalErr("FATAL_DESERIALIZING_REQUEST", exFatalRPC, "IpcConnectionContextProto: %v", err))
	}
	user := str(sub(cc, "userInfo"), "effectiveUser")
	if user == "" {
		user = ic.nn.cfg.Superuser
	}
	ic.sess = &session{user: user}
	return true
}

// saslMessage answers a SASL negotiation the way a SIMPLE-only Hadoop server
// does: NEGOTIATE gets SUCCESS (switch to simple); INITIATE of SIMPLE
// switches without a reply; anything else is refused.
func (ic *ipcConn) saslMessage(c call, b []byte) bool {
	if !ic.sasl {
		return ic.fail(c, fatalErr("FATAL_INVALID_RPC_HEADER", exFatalRPC, "SASL protocol not requested by client"))
	}
	m := commonMsg("RpcSaslProto")
	if _, err := cutDelimited(b, m); err != nil {
		return ic.fail(c, fatalErr("FATAL_DESERIALIZING_REQUEST", exFatalRPC, "RpcSaslProto: %v", err))
	}
	switch state := enumName(m, "state"); {
	case state == "NEGOTIATE":
		ic.sasl = false
		return ic.send(c, "SUCCESS", set(commonMsg("RpcSaslProto"), "state", "SUCCESS"), nil) == nil
	case state == "INITIATE" && saslMethod(m) == "SIMPLE":
		ic.sasl = false
		return true
	default:
		return ic.fail(c, fatalErr("FATAL_UNAUTHORIZED", exAccessControl,
			"%s authentication is not enabled.  Available:[SIMPLE]", saslMethod(m)))
	}
}

func saslMethod(m msg) string {
	auths := get(m, "auths").List()
	if auths.Len() != 1 {
		return fmt.Sprintf("%d mechanisms", auths.Len())
	}
	return str(auths.Get(0).Message(), "method")
}
