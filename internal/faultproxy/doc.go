// Package faultproxy is a fault-injecting HTTP reverse proxy for tests. It
// sits in front of a real server and produces the error paths real test
// servers cannot: an error status for the next N requests, a `_bulk`
// response rewritten so chosen items fail (429 es_rejected_execution_exception,
// 409 version conflict, 400 mapper_parsing_exception), a delay long enough
// for a client time-out, and a connection reset. Every request is recorded,
// so tests can assert the exact wire format a client sent.
//
//	p := faultproxy.New(realServerURL)
//	srv := httptest.NewServer(p)
//	p.Add(faultproxy.Fault{Path: "/_bulk", Times: 1, Items: []faultproxy.ItemFault{faultproxy.Rejected("7")}})
//
// Faults are tried in the order they were added; the first one whose Path
// matches and whose Times are not used up applies to a request. A request no
// fault matches is forwarded unchanged.
package faultproxy
