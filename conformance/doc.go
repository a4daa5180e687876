// Package conformance runs the reference conformance cases
// (testdata/validators.ndjson, produced by running ts-transforms/data-mate
// HEAD) against sluice, twice per case: at function level (the registry's
// Build plus the rule-level wrapper postprocess.Op) and through a rule
// compiled by the real compiler and run by plan.Plan.RunOne.
//
// testdata/deviations.json lists the cases where sluice deliberately
// differs from the reference (docs/compat.md): field transforms that return
// numbers, booleans or dates keep the value, and arguments that make the
// reference fail on every record are compile-time diagnostics (RUL011).
//
// Phase: test harness at the top of the tree. It imports compiler, plan,
// postprocess (and postprocess/all), lang/diag and record; nothing but its
// own tests imports it, and it must not import internal/cli.
package conformance
