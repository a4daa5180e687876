package stream

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/twmb/franz-go/pkg/kerr"
	"github.com/twmb/franz-go/pkg/kgo"
	"github.com/twmb/franz-go/pkg/kmsg"

	"github.com/sluice-dev/sluice/internal/jsdate"
	"github.com/sluice-dev/sluice/job"
	"github.com/sluice-dev/sluice/record"
)

// Options configure a Sender.
type Options struct {
	Topic string
	// Wildcard sends a record with a route r to <Topic>-<r> (the sender of
	// routed_sender's `**` route).
	Wildcard bool
	// IDField names the field holding the message key; "" uses the
	// record's `_key` metadata.
	IDField string
	// TimestampField names a field holding the message time (epoch
	// milliseconds or a date string); TimestampNow stamps the send time.
	TimestampField string
	TimestampNow   bool
	// Reject hands a record that cannot be sent to the dead-letter action;
	// its error fails the Send. nil fails the Send.
	Reject func(r *record.Record, err error) error
	// DeliveryTimeout fails the messages of a Send that are not
	// acknowledged in time and are safe to fail (never sent, or answered).
	// (kgo's own RecordDeliveryTimeout counts from a message's timestamp,
	// which timestamp_field may set in the past.)
	DeliveryTimeout time.Duration
	// Patience is how long a Send waits for acknowledgements before it
	// gives up on messages sent without an answer (more than
	// DeliveryTimeout).
	Patience time.Duration
}

// Sender produces records to the topic(s) of one route through the
// connection's shared producer.
type Sender struct {
	prod *producer
	opt  Options
}

// SendsInOrder is true: a route's messages keep the order of its batches.
func (s *Sender) SendsInOrder() bool { return true }

// outbox is one Send's messages and what became of its records. The
// messages, their keys and their values are carved out of a few large
// allocations per Send rather than several per record.
type outbox struct {
	store  []kgo.Record
	bytes  []byte // keys and values
	msgs   []*kgo.Record
	origin map[*kgo.Record]int // message -> index of its record
	done   []int               // records delivered or dead-lettered
	sent   int                 // records delivered

	// the topic of the last route seen and whether its name is valid (a
	// batch's records mostly share a route)
	route, topic      string
	topicSet, topicOK bool
	// now is the time relative dates of timestamp_field count from, read
	// once per Send
	now time.Time
}

// bytesPerRecord is the first guess of a message's key and value size.
const bytesPerRecord = 256

// Send produces the records and waits for every acknowledgement. See the
// package documentation for what happens to records that fail.
func (s *Sender) Send(ctx context.Context, recs []*record.Record) (int, error) {
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	box := &outbox{store: make([]kgo.Record, len(recs)), bytes: make([]byte, 0, bytesPerRecord*len(recs)),
		msgs: make([]*kgo.Record, 0, len(recs)), origin: make(map[*kgo.Record]int, len(recs))}
	if s.opt.TimestampField != "" {
		box.now = time.Now()
	}
	for i, r := range recs {
		m := &box.store[i]
		var err error
		if err = s.message(r, m, box); err == nil {
			box.origin[m] = i
			box.msgs = append(box.msgs, m)
			continue
		}
		if rerr := s.reject(r, err); rerr != nil {
			return 0, box.failed(rerr)
		}
		box.done = append(box.done, i)
	}
	results, inDoubt, err := s.produce(ctx, box.msgs)
	if err != nil {
		return 0, box.failed(err)
	}
	var failure error
	for _, res := range results {
		i := box.origin[res.Record]
		switch err := res.Err; {
		case err == nil:
			box.done = append(box.done, i)
			box.sent++
		case recordFault(err):
			if rerr := s.reject(recs[i], produceErr(res.Record, err)); rerr != nil {
				failure = errors.Join(failure, rerr)
				continue
			}
			box.done = append(box.done, i)
		case failure == nil && !inDoubt:
			failure = produceErr(res.Record, err)
		}
	}
	if inDoubt {
		failure = errors.Join(fmt.Errorf("stream_sender_api: the broker did not acknowledge %d of %d message(s) within %v; "+
			"messages sent without an answer are in doubt (the broker may hold them), and a retry sends them again",
			len(box.msgs)-box.sent, len(box.msgs), s.opt.Patience), failure)
	}
	if failure != nil {
		return 0, box.failed(failure)
	}
	return box.sent, nil
}

// produce hands the messages to the client and waits for every result.
// When the results do not all come within Patience (a broker gone while
// messages were in flight: an idempotent producer never fails those by
// itself) or ctx ends, the client is abandoned, which fails what it still
// holds, and inDoubt is set.
func (s *Sender) produce(ctx context.Context, msgs []*kgo.Record) (results kgo.ProduceResults, inDoubt bool, err error) {
	cl, err := s.prod.client()
	if err != nil {
		return nil, false, err
	}
	done := make(chan struct{})
	pctx, cancel := context.WithTimeoutCause(ctx, s.opt.DeliveryTimeout,
		fmt.Errorf("not acknowledged within delivery_timeout (%v)", s.opt.DeliveryTimeout))
	defer cancel()
	go func() {
		results = cl.ProduceSync(pctx, msgs...)
		for i := range results {
			if errors.Is(results[i].Err, context.DeadlineExceeded) && ctx.Err() == nil {
				results[i].Err = context.Cause(pctx)
			}
		}
		close(done)
	}()
	timer := time.NewTimer(s.opt.Patience)
	defer timer.Stop()
	select {
	case <-done:
	case <-timer.C:
		inDoubt = true
	case <-ctx.Done():
		inDoubt = true
	}
	if inDoubt {
		s.prod.abandon(cl)
		<-done
	}
	return results, inDoubt, nil
}

// failed is the error of a Send that did not deliver everything: a
// *job.PartialSendError naming the records handled when there are any.
func (b *outbox) failed(err error) error {
	if len(b.done) == 0 {
		return err
	}
	slices.Sort(b.done)
	return &job.PartialSendError{Sent: b.done, Err: err}
}

// recordFault reports errors that concern the record itself (its size, its
// topic name, its contents): it goes to the dead-letter action and the
// rest of the batch carries on. Every other error (the broker down,
// retries or time used up) fails the Send.
func recordFault(err error) bool {
	for _, e := range []error{kerr.MessageTooLarge, kerr.RecordListTooLarge, kerr.InvalidRecord,
		kerr.CorruptMessage, kerr.InvalidTopicException, kerr.InvalidTimestamp} {
		if errors.Is(err, e) {
			return true
		}
	}
	return false
}

func produceErr(m *kgo.Record, err error) error {
	return job.RecordErr("PRODUCE", "producing to topic %q: %v", m.Topic, err)
}

func (s *Sender) reject(r *record.Record, err error) error {
	if s.opt.Reject == nil {
		return err
	}
	return s.opt.Reject(r, err)
}

// message fills m with the Kafka message of a record; its key and value
// are appended to box.bytes (and stay valid when later appends move it).
func (s *Sender) message(r *record.Record, m *kgo.Record, box *outbox) error {
	topic, err := s.topic(r, box)
	if err != nil {
		return err
	}
	m.Topic = topic
	buf := box.bytes
	start := len(buf)
	buf, err = s.appendKey(buf, r)
	if err != nil {
		return err
	}
	if len(buf) > start {
		m.Key = buf[start:len(buf):len(buf)]
	}
	if m.Timestamp, err = s.timestamp(r, box.now); err != nil {
		return err
	}
	mid := len(buf)
	buf = record.AppendJSON(buf, r.Data)
	m.Value = buf[mid:len(buf):len(buf)]
	box.bytes = buf
	return nil
}

// topic is the topic of a record, checked; the topic of the last route
// and its check are kept in box, so a batch of one route makes and checks
// its topic name once.
func (s *Sender) topic(r *record.Record, box *outbox) (string, error) {
	route := ""
	if s.opt.Wildcard {
		if v, _ := r.GetMeta("standard:route"); v != nil {
			route = record.ToString(v)
		}
	}
	if !box.topicSet || route != box.route {
		box.route, box.topic, box.topicSet = route, s.opt.Topic, true
		if route != "" {
			box.topic += "-" + route
		}
		box.topicOK = checkTopic(box.topic) == nil
	}
	if !box.topicOK {
		return "", checkTopic(box.topic)
	}
	return box.topic, nil
}

// appendKey appends the message key: the id_field's string value, or the
// `_key` metadata; nothing for none.
func (s *Sender) appendKey(buf []byte, r *record.Record) ([]byte, error) {
	if s.opt.IDField == "" {
		if k, _ := r.GetMeta("_key"); k != nil {
			if str, ok := k.(string); ok {
				return append(buf, str...), nil
			}
			return append(buf, record.ToString(k)...), nil
		}
		return buf, nil
	}
	v, _ := r.Data.Get(s.opt.IDField)
	if v == nil {
		return buf, nil
	}
	if str, ok := v.(string); ok && str != "" {
		return append(buf, str...), nil
	}
	return buf, job.RecordErr("KEY", "invalid id_field on record %s", s.opt.IDField)
}

// timestamp is the message time; the zero time lets the client stamp it.
// now is what a relative date in timestamp_field counts from.
func (s *Sender) timestamp(r *record.Record, now time.Time) (time.Time, error) {
	switch {
	case s.opt.TimestampField != "":
		v, _ := r.Data.Get(s.opt.TimestampField)
		if ms, ok := dateMillis(v, now); ok {
			return time.UnixMilli(ms), nil
		}
		return time.Time{}, job.RecordErr("TIMESTAMP", "invalid timestamp_field on record %s", s.opt.TimestampField)
	case s.opt.TimestampNow:
		return time.Now(), nil
	}
	return time.Time{}, nil
}

func dateMillis(v any, now time.Time) (int64, bool) {
	switch x := v.(type) {
	case float64:
		return int64(x), true
	case string:
		ms, ok := jsdate.ParseLenient(x, now)
		return int64(ms), ok
	}
	return 0, false
}

// checkTopic refuses a topic name Kafka would refuse (a record error: the
// name comes from the record's route).
func checkTopic(topic string) error {
	if len(topic) > 249 || topic == "." || topic == ".." {
		return job.RecordErr("BAD_TOPIC", "%q is not a valid topic name (at most 249 characters, not . or ..)", topic)
	}
	for _, c := range []byte(topic) {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '.' || c == '_' || c == '-') {
			return job.RecordErr("BAD_TOPIC", "%q is not a valid topic name (letters, digits, '.', '_' and '-' only)", topic)
		}
	}
	return nil
}

// Verify makes sure the topic of a route exists, asking the broker for its
// metadata (which creates it where the broker auto-creates topics). A route
// that makes an invalid topic name is a record error: its records go to
// routed_sender's dead-letter action.
func (s *Sender) Verify(ctx context.Context, route string) error {
	topic := s.opt.Topic
	if route != "" {
		topic += "-" + route
	}
	if err := checkTopic(topic); err != nil {
		return err
	}
	req := kmsg.NewPtrMetadataRequest()
	t := kmsg.NewMetadataRequestTopic()
	t.Topic = kmsg.StringPtr(topic)
	req.Topics = append(req.Topics, t)
	req.AllowAutoTopicCreation = true
	cl, err := s.prod.client()
	if err != nil {
		return err
	}
	resp, err := req.RequestWith(ctx, cl)
	if err != nil {
		return fmt.Errorf("stream_sender_api: topic %q: %w", topic, err)
	}
	for _, rt := range resp.Topics {
		err := kerr.ErrorForCode(rt.ErrorCode)
		if err != nil && !errors.Is(err, kerr.LeaderNotAvailable) {
			return fmt.Errorf("stream_sender_api: topic %q: %w", topic, err)
		}
	}
	return nil
}
