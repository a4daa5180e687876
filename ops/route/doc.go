// Package route holds the routers of a pipeline (processors.md §4):
// key_router, hash_router, field_router and date_router set the
// `standard:route` metadata of each record for routed_sender; set_key copies
// a field into the `_key` metadata so that generated records can be routed
// by key; debug_routes prints how many records each route got.
//
// The routing algorithms are plain types (KeyRouter, HashRouter,
// FieldRouter, DateRouter) built from a configuration object like the
// reference's router classes, so their constructors' messages and lookups
// can be used and tested without a job. A record a router cannot route goes
// to the operation's `_dead_letter_action`; it is never replaced by an
// empty record (processors.md §12 row 16).
//
// It is an ops family: it imports job, record and the leaf packages
// internal/jsdate and internal/jsstr, never the compiler or another ops
// package.
package route
