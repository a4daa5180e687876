package stream

import (
	"context"
	"fmt"
	"math"
	"sync"
	"time"

	"github.com/twmb/franz-go/pkg/kgo"

	"github.com/sluice-dev/sluice/job"
)

// Name is the registered name of the api.
const Name = "stream_sender_api"

func init() { job.Register(spec()) }

func spec() *job.Spec {
	return &job.Spec{
		Name:    Name,
		Kind:    job.KindAPI,
		Summary: "A sender api that produces records to a Kafka-protocol stream broker: one message per record, keyed by `_key`.",
		Doc: "Name it in routed_sender's `_api_name`; each routing value names the `kafka` connection of its route " +
			"(terafoundation.connectors.kafka.<name>: brokers). A message's value is the record's JSON, its key the " +
			"record's `_key` metadata (or the `id_field` field). Records go to `topic`; the `**` route's sender " +
			"sends a record routed r to `<topic>-<r>`. With `required_acks: -1` the producer is idempotent: a " +
			"retried request is never written twice. A Send returns once every message is acknowledged; retriable " +
			"errors are retried up to `max_retries` within `delivery_timeout`. A record refused for itself (larger " +
			"than `max_message_bytes`, an invalid topic name, a bad `id_field` or `timestamp_field`) goes to this " +
			"api's `_dead_letter_action` with the reason; when the broker stays unreachable the slice fails, and its " +
			"retry sends only the records not yet delivered (messages the broker took without answering are reported " +
			"as in doubt: the retry sends them again).",
		Params:      params(),
		Connection:  job.ConnKafka,
		ValidateJob: validate,
		NewAPI:      newAPI,
		Examples:    examples(),
	}
}

func params() []*job.Param {
	return []*job.Param{
		{Name: "topic", Type: "string", Required: true, Check: job.RequiredString(), Doc: "The topic messages go to (`<topic>-<route>` for the `**` route)."},
		{Name: "id_field", Type: "string", Check: job.OptionalString(), Doc: "A field whose string value is the message key, instead of the `_key` metadata."},
		{Name: "timestamp_field", Type: "string", Check: job.OptionalString(), Doc: "A field holding the message time (epoch ms or a date string)."},
		{Name: "timestamp_now", Type: "boolean", Default: false, Check: job.Bool(), Doc: "Stamp messages with the time they are produced."},
		{Name: "_connection", Type: "string", Default: "default", Check: job.RequiredString(), Doc: "The kafka connection; routed_sender sets it to the route's routing value."},
		{Name: "compression", Type: "string", Default: "gzip", Check: job.Enum(compressions...), Doc: "Batch compression: `none`, `gzip`, `snappy`, `lz4` or `zstd`."},
		{Name: "size", Type: "number", Default: 10000.0, Check: positive("size"), Doc: "Messages the producer buffers at most; a larger Send waits for acknowledgements as it goes."},
		{Name: "wait", Type: "number", Default: 500.0, Check: job.Duration(), Doc: "Linger: how long (ms) a partition's batch waits for more messages between Sends; a Send's own messages go at once."},
		{Name: "max_message_bytes", Type: "number", Default: 1000012.0, Check: positive("max_message_bytes"), Doc: "The largest batch (and so message) in bytes before compression; a larger message goes to the dead-letter action."},
		{Name: "required_acks", Type: "number", Default: -1.0, Check: acksCheck(), Doc: "-1: every in-sync replica (and an idempotent producer), 1: the leader, 0: none."},
		{Name: "max_retries", Type: "number", Default: 10.0, Check: job.Nat(), Doc: "Retries of a failed produce request before its records fail."},
		{Name: "delivery_timeout", Type: "number", Default: 60000.0, Check: job.Duration(), Doc: "How long (ms) a message may take to be acknowledged before it fails."},
	}
}

var compressions = []string{"none", "gzip", "snappy", "lz4", "zstd"}

func positive(name string) job.Check {
	return job.Custom(func(v any) bool {
		f, ok := v.(float64)
		return ok && f > 0 && f == math.Trunc(f)
	}, "Invalid parameter "+name+", it must be a positive integer")
}

func acksCheck() job.Check {
	return job.Custom(func(v any) bool {
		f, ok := v.(float64)
		return ok && (f == -1 || f == 0 || f == 1)
	}, "Invalid parameter required_acks, it must be -1 (all), 1 (leader) or 0 (none)")
}

func validate(_ *job.Job, c *job.Config) []error {
	var errs []error
	if c.Float("max_message_bytes") > math.MaxInt32 {
		errs = append(errs, job.ParamErr("max_message_bytes", "it must be below 2 GiB"))
	}
	if err := checkTopic(c.String("topic")); c.String("topic") != "" && err != nil {
		errs = append(errs, job.ParamErr("topic", "%v", err))
	}
	return errs
}

// api is the stream_sender_api of one worker: a factory of senders, one
// per route, sharing one producer client per connection.
type api struct {
	*job.Factory[*Sender]
	ctx       *job.OpContext
	mu        sync.Mutex
	producers map[string]*producer
}

func newAPI(ctx *job.OpContext, c *job.Config) (any, error) {
	a := &api{ctx: ctx, producers: map[string]*producer{}}
	a.Factory = job.NewFactory(c, a.build, nil)
	return a, nil
}

func (a *api) build(cfg *job.Config) (*Sender, error) {
	prod, err := a.producer(cfg)
	if err != nil {
		return nil, err
	}
	timeout := millis(cfg.Float("delivery_timeout"))
	return &Sender{prod: prod, opt: Options{Topic: cfg.String("topic"), Wildcard: cfg.String("_key") == "**",
		IDField: cfg.String("id_field"), TimestampField: cfg.String("timestamp_field"), TimestampNow: cfg.Bool("timestamp_now"),
		Reject: a.ctx.Reject, DeliveryTimeout: timeout, Patience: timeout + max(time.Second, timeout/2)}}, nil
}

// producer returns the producer of a connection, made on first use.
func (a *api) producer(cfg *job.Config) (*producer, error) {
	name := cfg.String("_connection")
	a.mu.Lock()
	defer a.mu.Unlock()
	if p, ok := a.producers[name]; ok {
		return p, nil
	}
	conn, err := a.ctx.Job.Conns.Lookup(job.ConnKafka, name)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", Name, err)
	}
	brokers, err := brokersOf(name, conn)
	if err != nil {
		return nil, err
	}
	p, err := newProducer(producerOpts(cfg, brokers))
	if err != nil {
		return nil, fmt.Errorf("%s: kafka connection %q: %w", Name, name, err)
	}
	a.producers[name] = p
	return p, nil
}

// producerOpts are the client options of an api configuration.
func producerOpts(cfg *job.Config, brokers []string) []kgo.Opt {
	opts := []kgo.Opt{
		kgo.SeedBrokers(brokers...),
		kgo.ClientID("sluice"),
		kgo.AllowAutoTopicCreation(),
		kgo.ProducerBatchCompression(codec(cfg.String("compression"))),
		kgo.MaxBufferedRecords(cfg.Int("size")),
		kgo.ProducerLinger(millis(cfg.Float("wait"))),
		kgo.ProducerBatchMaxBytes(int32(cfg.Float("max_message_bytes"))),
		kgo.RecordRetries(cfg.Int("max_retries")),
		kgo.RequestRetries(cfg.Int("max_retries")),
	}
	switch cfg.Int("required_acks") {
	case 1:
		opts = append(opts, kgo.RequiredAcks(kgo.LeaderAck()), kgo.DisableIdempotentWrite())
	case 0:
		opts = append(opts, kgo.RequiredAcks(kgo.NoAck()), kgo.DisableIdempotentWrite())
	default:
		opts = append(opts, kgo.RequiredAcks(kgo.AllISRAcks()))
	}
	return opts
}

func codec(name string) kgo.CompressionCodec {
	switch name {
	case "gzip":
		return kgo.GzipCompression()
	case "snappy":
		return kgo.SnappyCompression()
	case "lz4":
		return kgo.Lz4Compression()
	case "zstd":
		return kgo.ZstdCompression()
	}
	return kgo.NoCompression()
}

func millis(ms float64) time.Duration { return time.Duration(ms * float64(time.Millisecond)) }

// Shutdown removes the senders, then closes the clients.
func (a *api) Shutdown(ctx context.Context) error {
	err := a.Factory.Shutdown(ctx)
	a.mu.Lock()
	defer a.mu.Unlock()
	for _, p := range a.producers {
		p.close()
	}
	return err
}
