// Package routed is the routed_sender operation and the RoutedSender core
// behind it (spec 5): records are routed by their `standard:route`
// metadata to senders created per route by a sender api (job.APIFactory
// whose clients are job.RouteSender), queued in batches of `size`, and sent
// with at most `concurrency` sends in flight per route.
//
// It is an ops family: it imports job and record, never the compiler or
// another ops package. Sender apis (file_sender_api, ...) live in their own
// packages and are found through the job's apis at run time.
package routed
