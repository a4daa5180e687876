// Package generator is the data_generator reader (processors.md §2): a
// slicer that counts records into slices ({count, processed}) and a fetcher
// that generates count records per slice — the reference's default record,
// or records described by a JSON schema file of field generators (faker-,
// chance- and randexp-style names, static values, value lists, incremental
// ids, nested objects).
//
// Schemas are data: a json_schema file is parsed and checked at job
// validation (diagnostics point into it) and compiled once into generator
// functions; each fetcher builds its own record schema from them, so
// instances never share mutable state. Generation is allocation-lean: one
// random source per fetcher, strings built in a reused buffer, no regex
// compiled per record.
//
// It is an ops family: it imports job, record, lang/diag, internal/jsdate,
// its randexp sub-package and gofakeit's word lists, never the compiler or
// another ops package.
package generator
