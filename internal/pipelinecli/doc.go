// Package pipelinecli implements the pipeline command (run, validate, docs,
// worker, explain): a job file's flags, the in-process and cluster runs,
// progress and summaries, and the job graph pages. It links every
// operation (ops/all) and the cluster; the rulec command (internal/cli),
// whose shared parts it uses, links none of them.
//
// Phase: top layer; only cmd/pipeline imports it.
package pipelinecli
