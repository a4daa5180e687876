// Package compiler turns ts-transforms rule files into an executable
// *plan.Plan. It is a table of named stages — load (lines, comments, bare
// selectors, JSON with positions), normalise (defaults, aliases, implicit
// extractions), classify, tag map and follow graph, cycle check, the
// reference's exact topological order, post-process expansion, selector and
// operation binding, and plan assembly — each reporting problems as
// lang/diag diagnostics with stable codes and file:line:col positions,
// including positions inside selector and regex strings.
//
// Phase: compiler. It imports plan, postprocess, lang/selector, lang/diag
// and record; nothing imports it except the CLI and embedding programs.
package compiler
