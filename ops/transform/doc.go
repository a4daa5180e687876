// Package transform runs the rule engine as job operations: `transform`
// (the reference's standard-assets transform) and `match` (matcher mode).
// Rule files are compiled once, at job validation, and their diagnostics are
// the job's; every worker runs the same compiled plan with its own state.
//
// It is an ops family: it imports job, compiler and plan; the compiler never
// imports it.
package transform
