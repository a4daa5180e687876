// Package filein reads records from files, the input side of the file
// processors (dfs_reader; later the object-store reader): how a file is cut
// into byte ranges (the reference's getOffsets/segmentFile, spec 8.4), how
// one range is read so that every record of the file is read exactly once
// across its ranges, and how a record's bytes become a record in each
// format (ldjson, json, raw, csv, tsv — spec 8.5).
//
// Reading works on bytes, never on decoded text, and streams: a range is
// read through an io.Reader, records are cut at the line delimiter as they
// arrive and parsed one by one, so memory holds one record and a read
// buffer, never a fixed multiple of the slice size. Which range owns a
// record is decided by where the record starts (see Read), which makes the
// exactly-once rule hold for any size, any delimiter — multi-byte ones, and
// self-overlapping ones such as "\n\n", included — and any text (the
// reference duplicates records at straddled multi-byte delimiters and
// corrupts characters split at a range boundary: spec 12 rows 20-22).
//
// Layer: library code under the processors. It imports record and
// ops/fileout (compressions and format names); it must not import job,
// fsys or any other ops package.
package filein
