package routed_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"

	"github.com/sluice-dev/sluice/job"
	"github.com/sluice-dev/sluice/record"
)

// test_api is a recording sender api like the reference's fake one: each
// worker's instance is a factory of senders that log their create, verify
// and send events into the log named by the api's `log` setting.
//
// Knobs on the api configuration: `fail_routes` (sends of these senders
// fail), `fail_first` (the first N sends of each batch content fail, then
// succeed), `partial` (a failing send reports its first half as sent),
// `unordered` (not a job.OrderedSender: batches go out concurrently).
func init() {
	job.Register(&job.Spec{
		Name:    "test_api",
		Kind:    job.KindAPI,
		Summary: "A recording sender api for tests.",
		Params: []*job.Param{
			{Name: "size", Type: "number", Default: 100.0},
			{Name: "log", Type: "string", Default: ""},
			{Name: "fail_routes", Type: "string[]", Default: []any{}},
			{Name: "fail_first", Type: "number", Default: 0.0},
			{Name: "partial", Type: "boolean", Default: false},
			{Name: "unordered", Type: "boolean", Default: false},
			{Name: "fail_verify", Type: "number", Default: 0.0},
		},
		NewAPI: func(_ *job.OpContext, c *job.Config) (any, error) {
			log := logNamed(c.String("log"))
			build := func(cfg *job.Config) (*fakeSender, error) {
				log.add(event{Event: "create", Sender: cfg.String("_key"), Config: record.JSON(cfg.Obj)})
				return &fakeSender{cfg: cfg, log: log, tries: map[string]int{}}, nil
			}
			return job.NewFactory(c, build, nil), nil
		},
	})
}

// event is one call on a fake sender.
type event struct {
	Event   string
	Sender  string
	Conn    string
	Route   string
	Records []*record.Record
	Config  string
	Err     error
}

type eventLog struct {
	mu     sync.Mutex
	events []event
}

var logs = struct {
	sync.Mutex
	m map[string]*eventLog
}{m: map[string]*eventLog{}}

func logNamed(name string) *eventLog {
	logs.Lock()
	defer logs.Unlock()
	if logs.m[name] == nil {
		logs.m[name] = &eventLog{}
	}
	return logs.m[name]
}

// freshLog returns a new, empty log under a unique name.
func freshLog(name string) *eventLog {
	logs.Lock()
	defer logs.Unlock()
	logs.m[name] = &eventLog{}
	return logs.m[name]
}

func (l *eventLog) add(e event) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.events = append(l.events, e)
}

func (l *eventLog) all() []event {
	l.mu.Lock()
	defer l.mu.Unlock()
	return slices.Clone(l.events)
}

func (l *eventLog) take() []event {
	l.mu.Lock()
	defer l.mu.Unlock()
	out := l.events
	l.events = nil
	return out
}

type fakeSender struct {
	cfg      *job.Config
	log      *eventLog
	mu       sync.Mutex
	tries    map[string]int // failed attempts per batch content
	verifies int            // failed verifies so far
}

var errSend = errors.New("injected send failure")

func (f *fakeSender) Send(_ context.Context, recs []*record.Record) (int, error) {
	key := f.cfg.String("_key")
	e := event{Event: "send", Sender: key, Conn: f.cfg.String("_connection"), Records: slices.Clone(recs)}
	if err := f.failure(recs); err != nil {
		e.Err = err
		f.log.add(e)
		return 0, err
	}
	f.log.add(e)
	return len(recs), nil
}

func (f *fakeSender) failure(recs []*record.Record) error {
	if slices.Contains(f.cfg.Strings("fail_routes"), f.cfg.String("_key")) {
		return errSend
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	content := fmt.Sprint(recordsJSON(recs))
	if f.tries[content] >= f.cfg.Int("fail_first") {
		return nil
	}
	f.tries[content]++
	if f.cfg.Bool("partial") && len(recs) > 1 {
		return &job.PartialSendError{Sent: []int{0}, Err: errSend}
	}
	return errSend
}

// Verify fails the first `fail_verify` calls.
func (f *fakeSender) Verify(_ context.Context, route string) error {
	f.log.add(event{Event: "verify", Sender: f.cfg.String("_key"), Route: route})
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.verifies < f.cfg.Int("fail_verify") {
		f.verifies++
		return errors.New("injected verify failure")
	}
	return nil
}

// SendsInOrder is true unless the api sets `unordered`.
func (f *fakeSender) SendsInOrder() bool { return !f.cfg.Bool("unordered") }

func recordsJSON(recs []*record.Record) []string {
	out := make([]string, len(recs))
	for i, r := range recs {
		out[i] = record.JSON(r.Data)
	}
	return out
}
