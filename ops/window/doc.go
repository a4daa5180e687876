// Package window holds the `window` processor (processors.md §3), which
// groups records by event or clock time into tumbling or sliding windows and
// emits them as data windows, and `data_window_to_array`, which flattens
// data windows back into records.
//
// The window processor keeps its windows across slices; each worker has its
// own. Its semantics follow the seed where the seed and the reference
// disagree (expiration counts from the last record added; 0 never expires;
// a sliding interval of 0 opens a window per slice) and never lose a record:
// records without a usable time go to the dead-letter action, and a failed
// or retried slice leaves the windows as they were before it.
//
// It is an ops family: it imports job, record and the leaf package
// internal/jsdate, never the compiler or another ops package.
package window
