// Package objstore is the object_sender_api: a sender api for
// routed_sender that writes records as objects to an object store with the
// S3 API (the reference's s3_sender_api).
//
// Objects go under `<bucket>/<prefix>/<route>/` (the api's `path` is
// "bucket/prefix"), one object per batch named like the file sender's
// files (`<worker>.<n>.<ext>`, spec 8.6), in the formats and compressions
// of ops/fileout, whose formatter, names and staging it reuses. Each
// object is uploaded whole on commit through fsys/s3fs (a single PUT or a
// multipart upload assembled only when complete), so a failed batch leaves
// no object, and routed_sender's sent ledger keeps a retried slice from
// writing its records twice.
//
// It imports job, record, fsys and ops/fileout (library code), never the
// compiler, plan or another operation package.
package objstore
