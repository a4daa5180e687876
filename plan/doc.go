// Package plan is the executable form of a compiled rule set: the selector
// table (with its index), the extraction groups, the post-process pipelines
// in the reference's order, and the output pass. It does no parsing and no
// I/O; Run evaluates records, Dump/DOT/Mermaid describe the plan
// deterministically, Marshal/Load store and restore it.
//
// Phase: plan/evaluation. It imports postprocess, lang/selector, record and
// the internal value packages; it must not import compiler.
package plan
