// Package provenance records why each field of an output record exists: a
// plan.Tracer that follows one record through selection, extraction,
// post-processing and the output pass, and keeps, for every field, the
// rules that wrote, changed or removed it, and for a record that produced
// no output, the rule that dropped it. rulec run --trace prints these
// traces; rulec coverage and rulec diff aggregate them.
//
// Phase: beside the plan (run time, debugging only). It imports plan and
// record; the plan does not import it.
package provenance
