package hdfstest

import "fmt"

// Java exception classes the NameNode reports, as Hadoop names them. Clients
// (colinmarc/hdfs among them) classify errors by these names.
const (
	exFileNotFound     = "java.io.FileNotFoundException"
	exIO               = "java.io.IOException"
	exUnsupported      = "java.lang.UnsupportedOperationException"
	exAlreadyExists    = "org.apache.hadoop.fs.FileAlreadyExistsException"
	exParentNotDir     = "org.apache.hadoop.fs.ParentNotDirectoryException"
	exNotEmpty         = "org.apache.hadoop.fs.PathIsNotEmptyDirectoryException"
	exInvalidPath      = "org.apache.hadoop.fs.InvalidPathException"
	exIllegalArgument  = "org.apache.hadoop.HadoopIllegalArgumentException"
	exBeingCreated     = "org.apache.hadoop.hdfs.protocol.AlreadyBeingCreatedException"
	exLeaseExpired     = "org.apache.hadoop.hdfs.server.namenode.LeaseExpiredException"
	exNotReplicatedYet = "org.apache.hadoop.hdfs.server.namenode.NotReplicatedYetException"
	exNoSuchMethod     = "org.apache.hadoop.ipc.RpcNoSuchMethodException"
	exNoSuchProtocol   = "org.apache.hadoop.ipc.RpcNoSuchProtocolException"
	exVersionMismatch  = "org.apache.hadoop.ipc.RPC$VersionMismatch"
	exIpc              = "org.apache.hadoop.ipc.IpcException"
	exFatalRPC         = "org.apache.hadoop.ipc.Server$FatalRpcServerException"
	exAccessControl    = "org.apache.hadoop.security.AccessControlException"
	exBadProtobuf      = "org.apache.hadoop.thirdparty.protobuf.InvalidProtocolBufferException"
)

// remoteError is an exception sent back in an RpcResponseHeaderProto: the
// status (ERROR keeps the connection, FATAL closes it), the
// RpcErrorCodeProto name, the Java class and the message.
type remoteError struct {
	fatal bool
	code  string
	class string
	msg   string
}

func (e *remoteError) Error() string { return e.class + ": " + e.msg }

// appErr is an exception thrown by a ClientProtocol method (ERROR_APPLICATION).
func appErr(class, format string, args ...any) *remoteError {
	return &remoteError{code: "ERROR_APPLICATION", class: class, msg: fmt.Sprintf(format, args...)}
}

// rpcErr is a non-fatal error of the RPC layer with its own error code.
func rpcErr(code, class, format string, args ...any) *remoteError {
	return &remoteError{code: code, class: class, msg: fmt.Sprintf(format, args...)}
}

// fatalErr is an error after which the server closes the connection.
func fatalErr(code, class, format string, args ...any) *remoteError {
	return &remoteError{fatal: true, code: code, class: class, msg: fmt.Sprintf(format, args...)}
}

func notFound(format string, args ...any) *remoteError {
	return appErr(exFileNotFound, format, args...)
}

func ioErr(format string, args ...any) *remoteError { return appErr(exIO, format, args...) }
