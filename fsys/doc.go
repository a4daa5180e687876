// Package fsys is the file-system layer under the dfs_reader and
// dfs_exporter processors: one small interface (FS) over local directories,
// HDFS, and later object stores, so a processor never knows which backend it
// talks to.
//
// Backends register an Opener under a connection kind (Register); a
// processor opens its connection with Open(ctx, kind, config). Local
// directories are built in (kind "local", the default when a job names no
// file-system connection); HDFS lives in fsys/hdfsfs, which registers
// "hdfs" when imported. What only some backends can do is a capability
// interface (Appender, Renamer, DirMaker, LinkResolver) reached through the
// helpers MkdirAll, Append, Rename and Within, so an object store (no
// append, no cheap rename, no real directories, objects that appear
// atomically when their upload completes) can be added as one more package
// without touching the processors.
//
// Guarantees every backend keeps (checked by the conformance suite in
// fsys/fsystest, which every backend runs):
//   - ReadDir lists entries in byte order of their names;
//   - ReadRange streams any byte range, cut short at the end of the file;
//   - Create is atomic: a file appears complete under its name on Commit or
//     not at all, even if the process dies while writing (temporary data
//     sits under a dot-prefixed name the reader skips, see TempName);
//   - errors are *PathError values naming backend, operation and path, and
//     errors.Is works with fs.ErrNotExist, fs.ErrExist, ErrNotDir, ErrIsDir
//     and ErrNotEmpty on every backend.
//
// Layer: infrastructure below the processors (ops/...). fsys imports only
// the standard library; it must not import any processor, job or rule
// package, nor any backend package (backends import fsys).
package fsys
