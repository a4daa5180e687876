// Package fileout writes records to files: the output formats of the file
// processors byte for byte (ldjson, json, csv, tsv, raw — spec 8.7), their
// compression (none, gzip, LZ4 frames), their file names (spec 8.6), the
// chunking of formatted output for multipart uploads, and the file sender
// behind the `file_sender_api` (the sender routed_sender and the exporters
// write through).
//
// Files are written through FS, a minimal file-system interface whose files
// stay invisible under a temporary name until they are committed, so a
// reader never sees a partial file under a final name. Local is the
// implementation for local directories; other backends (HDFS, object
// stores) implement the same interface.
//
// The formatter, compressor, names and chunks are plain library code for
// any exporter (dfs_exporter, the object-store sender); the package also
// registers the `file_sender_api` api. It imports job and record, never
// the compiler, plan or another ops package.
package fileout
