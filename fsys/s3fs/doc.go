// Package s3fs is the "s3" backend of fsys: an object store with the S3 API
// (AWS S3, MinIO, versitygw, ...) seen as a file system, through
// github.com/minio/minio-go/v7.
//
// Names are slash-separated paths. Without a `bucket` setting the first
// path element is the bucket ("/logs/2024/a.json" is key "2024/a.json" of
// bucket "logs", as teraslice's S3 paths); with one, the whole path is the
// key in that bucket.
//
// Directories are key prefixes. A directory exists when any key lies under
// it; MkdirAll also writes the conventional zero-byte marker object
// "<dir>/" (what S3 consoles create) so that an empty directory exists and
// stays after its last file is removed. Create checks that the parent
// directory exists and that name is not a directory, like the other
// backends.
//
// A Writer uploads nothing under its name before Commit: small files are
// one PUT at Commit, larger ones a multipart upload whose parts go up while
// the caller writes and which the server assembles only on Commit; Abort,
// a failed Commit or a canceled context abort the upload, so no partial
// object ever appears. There is no rename and no append (Renamer and
// Appender are not implemented). Requests that fail with a server error or
// a broken connection are retried by the client (with backoff) before an
// error is reported.
package s3fs
