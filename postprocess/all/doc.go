// Package all registers every operation in the reference's registration
// order. It has no API; import it for its side effect (the compiler does).
// It imports postprocess and its family packages; nothing below it may
// import it.
package all
