// Package svggraph lays out a directed graph in layers, left to right, and
// writes it as SVG: pure Go, no system binary, deterministic output. It is
// the renderer behind rulec explain --format svg|html and pipeline explain.
//
// The layout is a small Sugiyama-style pipeline: cycle-safe longest-path
// layering, virtual nodes on edges that skip layers, barycenter ordering
// sweeps to reduce crossings (keeping the nodes of a group together, drawn in
// one box), then least-squares coordinates that pull each node towards its
// neighbours without overlaps. Edges are smooth cubic curves through
// their virtual nodes.
//
// It imports only the standard library; nothing of sluice.
package svggraph
