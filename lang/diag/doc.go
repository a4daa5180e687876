// Package diag is the single diagnostics package of sluice: source files with
// lazily computed line offsets, byte spans, diagnostics with stable codes, and
// ordered lists of them rendered as "file:line:col: CODE message" plus the
// offending source line and a caret.
//
// Every phase (selector parsing, rule loading, compilation, plan building)
// reports user-facing problems through this package. It imports nothing from
// sluice.
package diag
