// Package search is the search-index family: operations that talk to a
// cluster with the Elasticsearch API (an `elasticsearch-next` connection)
// through github.com/elastic/go-elasticsearch/v8.
//
//   - sample_exact_es_percent keeps floor(n × percent / 100) records of each
//     slice, reading `percent` from a stored document and refreshing it
//     every window_ms (processors.md §7.2).
//   - search_sender_api is a route sender (job.RouteSender) for
//     routed_sender: bulk index/create/update/upsert/delete requests of
//     `size` items, with per-item outcomes (processors.md §6): conflicts
//     skipped, rejections retried with a capped backoff and a limit, other
//     item errors to the dead-letter action with the server's reason.
//
// Every client makes Info its first call, so the client's product check
// runs against an answer that carries the product header; the percentage
// document is read with a `_search` by `ids`, which behaves the same on
// Elasticsearch and on the API-compatible test server (ZincSearch, see
// README "Servers in tests").
//
// It is an ops family: it imports job, record and ops/sample (the exact
// sampler), never the compiler.
package search
