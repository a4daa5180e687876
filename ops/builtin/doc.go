// Package builtin holds the operations every job runner has (spec 1.8):
// the test-reader, noop, delay and stdout operations, and the
// dead_letter_file api that takes rejected records.
//
// It is an ops family: it imports job and record, never the compiler or
// another ops package.
package builtin
