// Package stream is the stream_sender_api: a sender api for routed_sender
// that produces records to a stream broker speaking the Kafka protocol,
// through github.com/twmb/franz-go (kgo).
//
// Each record becomes one message: its JSON as the value, its `_key`
// metadata (or the `id_field` field) as the key, optionally a timestamp.
// Records go to `topic`; a `**` route sender sends a record routed r to
// `<topic>-<r>` (the reference's kafka sender). The producer is idempotent
// with `required_acks: -1` (the default here), batches what one Send
// produces per partition, compresses batches, and retries retriable
// errors within `max_retries` and `delivery_timeout`.
//
// A Send waits until every record is acknowledged. A record the broker or
// client refuses for itself (too large, an invalid topic name from its
// route, a key field of the wrong type) goes to the api's dead-letter
// action with the reason; when retries run out (a broker down), Send fails
// and reports which records were delivered (job.PartialSendError), so a
// retried slice sends only the rest and nothing is lost or sent twice.
//
// It imports job and record, never the compiler, plan or another
// operation package.
package stream
