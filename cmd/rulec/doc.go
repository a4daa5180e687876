// Command rulec compiles, checks, explains, tests and runs ts-transforms
// rule files. It is a thin main over internal/cli; see README.md for usage.
package main
