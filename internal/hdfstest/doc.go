// Package hdfstest is a single-process HDFS NameNode and DataNode for tests.
// Real HDFS is never exercised by sluice's tests: no Hadoop can be installed
// on the machines that run them, so the HDFS backend of fsys is tested
// against this server instead.
//
// It listens on 127.0.0.1 only (ephemeral ports by default), keeps the
// namespace in memory and the block data in a directory, and speaks the
// wire protocols of Hadoop 2.x/3.x, built from Hadoop's protocol
// definitions (the .proto files that github.com/colinmarc/hdfs/v2 registers;
// the types are reached through protoregistry, never compiled a second time):
//
//   - Hadoop IPC: the "hrpc" connection header (version 9, service class,
//     auth protocol NONE, or SASL answered as a SIMPLE-only server does),
//     the IpcConnectionContextProto (call id -3), length-prefixed packets of
//     varint-delimited RpcRequestHeaderProto + RequestHeaderProto + request,
//     and RpcResponseHeaderProto replies with SUCCESS, ERROR (exception class,
//     message, RpcErrorCodeProto) or FATAL (then the connection closes).
//   - ClientProtocol methods: getServerDefaults, getFileInfo, getListing
//     (byte-ordered, paged by ListLimit), mkdirs, delete, rename, rename2,
//     create, append, addBlock, complete, abandonBlock,
//     updateBlockForPipeline, updatePipeline, fsync, getBlockLocations,
//     isFileClosed, renewLease, setTimes, setPermission, setOwner,
//     getContentSummary and getFsStats. Every other method of the protocol
//     answers java.lang.UnsupportedOperationException; a name outside the
//     protocol answers RpcNoSuchMethodException.
//   - DataTransferProtocol version 28: OP_WRITE_BLOCK (80) for the stages
//     PIPELINE_SETUP_CREATE and PIPELINE_SETUP_APPEND, with packets whose
//     chunk checksums (CRC32C, CRC32 or none) are verified and acknowledged
//     by PipelineAckProto; OP_READ_BLOCK (81) widened to whole chunks, with
//     computed checksums and the final empty packet. Other known ops answer
//     ERROR_UNSUPPORTED.
//
// Not implemented: more than one DataNode (pipelines with downstream
// targets are refused), block recovery stages, lease expiry and lease
// recovery, permissions checks (as with dfs.permissions.enabled=false),
// Kerberos, block tokens, encryption, snapshots, quotas, xattrs, ACLs,
// symlinks and erasure coding. A write error leaves the replica unfinished
// and the file under construction. The DataNode answers errors of
// OP_WRITE_BLOCK setup with an ERROR status and message where Hadoop would
// just close the connection.
//
// It must not import any sluice package: it is a leaf used by tests.
package hdfstest
