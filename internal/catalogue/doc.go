// Package catalogue is the reference of every diagnostic code sluice can
// report for rule files and rule runs: what it means, an example that
// produces it and the fix. `rulec explain CODE` prints an entry.
//
// It sits beside the compiler, not under it: it imports nothing of sluice
// but lang/diag's vocabulary (codes are plain strings), and tests check it
// against the codes the compiler, its analysis passes and the plan declare.
package catalogue
