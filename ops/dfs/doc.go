// Package dfs is the dfs_reader and dfs_exporter operations and their apis
// (dfs_reader_api, dfs_sender_api): files of records read from and written
// to a file system — HDFS through a named hdfs connection, or local
// directories (see Family for how the connection is chosen).
//
// The processors see only fsys.FS: the reader slices directories (spec
// 8.4) and reads byte ranges through package filein; the exporter writes
// through package fileout's Sender (formats, names, compression, atomic
// files) over an adapter to fsys. Another backend — an object store — is
// one more fsys backend plus one more Family registration: the processors
// do not change.
//
// Layer: an ops family. It imports job, record, fsys (and fsys/hdfsfs for
// its registration), ops/filein and ops/fileout; it must not import the
// rule engine (compiler, plan) or any other ops package.
package dfs
