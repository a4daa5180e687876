// Package job is the job runner of sluice: the job file model and its
// validation, the registry of operations and apis, and the execution of a
// job (a slicer on the controller, workers that fetch and process slices,
// retries, lifecycle hooks, flush, dead letters and statistics).
//
// A job file is a teraslice job: name, lifecycle, workers, slicers,
// max_retries, assets, apis and operations. Validate checks it against the
// schemas in the registry and reports every problem as a diagnostic with
// file:line:col (lang/diag), in the reference's order (spec 1.2).
//
// Operations are plain Go types behind small interfaces (Slicer, Fetcher,
// Processor, and optional hooks). Each registers a Spec — parameters with
// defaults and checks, job-level checks, a summary, runnable examples and
// constructors — from which validation and `pipeline docs` both come. The
// runner, not the operations, owns concurrency, retries, statistics and the
// dead-letter actions (OpContext.Reject). Processors that keep nothing from
// one record to the next say so (RecordwiseProcessor), as readers that can
// make a slice a run at a time do (RunFetcher): a worker takes a slice
// through the record-wise processors after its reader RunSize records at a
// time, while the records are in the core's cache.
//
// Beyond one process (package cluster), the same operations run through a
// small seam: NewSlicer for a controller, SliceRunner for workers (every
// slice on fresh instances named after it), Slice's JSON form, and
// Distributed, the check of what cluster mode cannot run.
//
// The package sits beside the compiler, never under it: it imports record
// and lang/diag, and never compiler, plan or any ops package.
package job
