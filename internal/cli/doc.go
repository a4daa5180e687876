// Package cli implements the sluice commands (rulec: run, check, explain,
// test, docs): argument parsing, input and output formats, and exit codes.
// Errors carry their exit code (0 ok, 1 rule errors, 2 usage or unreadable
// data); the mains in cmd/ only call Main.
//
// Phase: top layer. It may import everything; nothing imports it.
package cli
