// Package fsystest is the conformance suite every fsys backend runs (Run
// with a Harness), plus the read and write throughput benchmarks
// (BenchRead, BenchWrite). Expected results are computed independently:
// byte ranges by slicing the written data, listing order by Go's byte-wise
// string order.
//
// It imports fsys and the standard library only; backends import it from
// their tests.
package fsystest
