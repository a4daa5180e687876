// Package hdfsfs is the HDFS backend of fsys, built on
// github.com/colinmarc/hdfs/v2 (native Hadoop RPC and data transfer, SIMPLE
// authentication). Importing it registers the connection kind "hdfs"; a
// connection names its NameNode(s) and user (default "dfs"), see
// ParseConfig.
//
// Files are created atomically by writing a hidden temporary file in the
// target directory and renaming it over the target (rename2 with
// overwrite) on Commit. Relative names resolve against /user/<user>.
//
// Real HDFS is never exercised by sluice's tests; they run this backend
// against internal/hdfstest, a protocol-level test NameNode and DataNode
// (see its package documentation for the subset it implements).
//
// Layer: an fsys backend. It imports fsys and the HDFS client only; it must
// not import processors or anything above them.
package hdfsfs
