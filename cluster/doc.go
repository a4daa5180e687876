// Package cluster runs sluice jobs beyond one machine on NATS JetStream.
//
// A controller (`pipeline run --cluster nats://HOST:PORT job.json`) runs the
// job's slicer and publishes every slice to a work-queue stream of its own,
// SLUICE_<job> on subject sluice.<job>.slices; worker processes
// (`pipeline worker --cluster ...`, on any machine) pull slices from the
// stream's durable consumer "workers" and run each through the job's
// operations (job.SliceRunner).
//
// The reference's retry settings map to JetStream's: a worker acknowledges
// a slice once its output is committed, naks a failed attempt with the
// reference's backoff as delay, and terminates it when max_retries is
// used up; the consumer's MaxDeliver is max_retries + 1 and its AckWait is
// how long a silent worker keeps a slice (a busy worker reports progress,
// so only a lost one lets it run out and the slice goes to another).
//
// Job state lives in the key-value bucket sluice_<job>: the job document
// ("job"), the controller's state ("state": execution id, slices
// published, the slicer's position) and one key per finished slice
// ("slice.<id>": done or failed, attempts, per-operation counts). A
// controller restarted mid-job finds the state and resumes: a slicer that
// implements job.Recoverable starts after the saved position; another is
// replayed past the slices already published. The position is saved at
// most every 100 ms (and at a stop), so a few slices may be published
// again: slice ids are <execution>-<order>, so they have the same ids and
// the stream's duplicate window drops them. The state is written with
// compare-and-set and names the controller that wrote it: a controller
// that resumes claims it, and one still running the job stops with
// ErrAnotherController at its next write. The bucket sluice_jobs lists the
// jobs running, for the workers; a worker that cannot run a job (its own
// validation failed) says so under "worker.<host>", and the controller
// logs it.
//
// Exactly once: a worker runs every slice on fresh instances named after
// the slice, so file senders write files named after the slice, atomically;
// a redelivered slice rewrites the same files, and its result key is the
// same. Operations that keep state across slices (job.Spec.SingleWorker)
// are refused at validation (job.Distributed).
//
// Embedded starts an in-process NATS server with JetStream, so that the
// distributed path runs on one machine (`--cluster embedded`) and in tests.
package cluster
