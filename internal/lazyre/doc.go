// Package lazyre compiles regular expressions on first use instead of at
// package initialisation. A validator library holds dozens of patterns a
// rule set rarely needs; compiled eagerly they cost every start of rulec
// and pipeline a few milliseconds before the first record is read.
package lazyre
