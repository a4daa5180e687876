// Package cli implements the rulec command (run, check, explain, test,
// docs, coverage, diff, fmt): argument parsing, input and output formats,
// and exit codes; and what the pipeline command (internal/pipelinecli)
// shares with it: Env, Error and the exit codes, usage errors, explain of
// diagnostic codes, the plan graph pages, the memory guard, profiling.
// Errors carry their exit code (0 ok, 1 rule errors, 2 usage or unreadable
// data); the mains in cmd/ only call Rulec or pipelinecli.Pipeline.
//
// Phase: top layer. It imports the compiler, plans and operations of
// rules, never the job runner or the pipeline operations (rulec links
// none of them: 4 ms to start instead of 10, a 14 MB binary instead of
// 63 MB); the mains and pipelinecli import it.
package cli
